"""The chrome every page shares."""

import reflex as rx

from consultancy.components.connection import connection_notice
from consultancy.components.floating_actions import floating_actions
from consultancy.components.footer import footer
from consultancy.components.navbar import navbar
from consultancy.components.slideshow import state as motion
from consultancy.framework.behaviour import after_mount, render_fault
from consultancy.framework.client_state import Shared
from consultancy.framework.lazy_socket import ON_MOUNT_ID
from consultancy.framework.server_html import server_html_parts

FADE_DELAY_MS = 300

# True once React has taken over the prerendered page (its handlers are attached).
_mounted = Shared("mounted", False)


def layout(
    body: rx.Component,
    active: str,
    live: bool = False,
    backend_on_mount: bool = False,
    server_html: bool = True,
    public: bool = True,
) -> rx.Component:
    """`live`: the page has features whose state the backend keeps, so it says when the
    backend cannot be reached. `backend_on_mount`: the page needs the backend as soon as it
    mounts (an on_load handler); other pages open the socket on their first backend event
    (consultancy/framework/lazy_socket.py). `server_html`: the page's static parts are sent in its
    HTML only (consultancy/framework/server_html). `public=False` (the staff inbox): a tool,
    not a page for visitors, so no site header, footer or WhatsApp and Call buttons."""
    page = rx.fragment(
        *([navbar(active)] if public else []),
        # One class for every fading section: only <main> itself re-renders when it turns on.
        rx.el.main(
            body, render_fault(), id="main", tab_index=-1, class_name=rx.cond(motion.faded_in, "is-faded-in", "")
        ),
        *([footer(), floating_actions()] if public else []),
        *([connection_notice()] if live else []),
        after_mount(delay=FADE_DELAY_MS, on_fire=motion.fade_in),
        after_mount(delay=0, on_fire=_mounted.set(True)),
        *([rx.el.span(id=ON_MOUNT_ID, hidden=True)] if backend_on_mount else []),
        # data-ready once the page is interactive (consultancy/framework/early_input.js waits for it and
        # tells the other inline scripts; tests too), data-hydrated once the backend has
        # hydrated it (after its first backend event; tests only).
        rx.el.span(id="app-ready", data_ready=_mounted.value, data_hydrated=rx.State.is_hydrated, hidden=True),
    )
    return server_html_parts(page) if server_html else page
