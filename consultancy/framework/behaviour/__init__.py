"""Thin React helpers for what only the browser can do (listen to keys, clocks,
focus). Every piece of state they affect is a Python state var."""

import os

import reflex as rx
from reflex.vars.base import Var

from consultancy.framework.assets import shared_asset


class DismissLayer(rx.Component):
    library = shared_asset("dismiss_layer.jsx", __name__).importable_path
    tag = "DismissLayer"
    active: Var[bool]
    return_focus_to: Var[str]
    on_dismiss: rx.EventHandler[rx.event.no_args_event_spec]


class Ticker(rx.Component):
    library = shared_asset("ticker.jsx", __name__).importable_path
    tag = "Ticker"
    interval: Var[int]
    paused: Var[bool]
    on_tick: rx.EventHandler[rx.event.no_args_event_spec]


class ModalKeys(rx.Component):
    library = shared_asset("modal_keys.jsx", __name__).importable_path
    tag = "ModalKeys"
    active: Var[bool]
    repeat_limit: Var[int]
    return_focus_to: Var[str]
    on_close: rx.EventHandler[rx.event.no_args_event_spec]
    on_next: rx.EventHandler[rx.event.no_args_event_spec]
    on_prev: rx.EventHandler[rx.event.no_args_event_spec]


class ArrowKeys(rx.Component):
    """Arrow keys from a control (`control`, an element's id) into the links `items` (a CSS
    selector) listed under it, and between them."""

    library = shared_asset("arrow_keys.jsx", __name__).importable_path
    tag = "ArrowKeys"
    control: Var[str]
    items: Var[str]
    # Keys on the control that open the list and move into it, space-separated ("Space" for " ").
    open_keys: Var[str]
    on_open: rx.EventHandler[rx.event.no_args_event_spec]


dismiss_layer = DismissLayer.create
arrow_keys = ArrowKeys.create
ticker = Ticker.create
modal_keys = ModalKeys.create


class AfterMount(rx.Component):
    library = shared_asset("after_mount.jsx", __name__).importable_path
    tag = "AfterMount"
    delay: Var[int]
    on_fire: rx.EventHandler[rx.event.no_args_event_spec]


after_mount = AfterMount.create


class Reveal(rx.Component):
    library = shared_asset("reveal.jsx", __name__).importable_path
    tag = "Reveal"


reveal = Reveal.create


class PageRestore(rx.Component):
    library = shared_asset("page_restore.jsx", __name__).importable_path
    tag = "PageRestore"
    on_restore: rx.EventHandler[rx.event.no_args_event_spec]


page_restore = PageRestore.create


class RenderFault(rx.Component):
    """Throws while rendering when a test asks it to (window.__siteForceRenderError)."""

    library = shared_asset("render_fault.jsx", __name__).importable_path
    tag = "RenderFault"


def render_fault() -> rx.Component:
    """The test switch, compiled in only for the test suite's own build (SITE_TEST_HOOKS=1,
    set by scripts/test.sh): production and exported pages carry none of it."""
    return RenderFault.create() if os.environ.get("SITE_TEST_HOOKS") == "1" else rx.fragment()
