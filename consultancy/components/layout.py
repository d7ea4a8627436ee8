"""The chrome every page shares."""

import reflex as rx

from consultancy.components.behaviour import after_mount
from consultancy.components.floating_actions import floating_actions
from consultancy.components.footer import footer
from consultancy.components.navbar import navbar
from consultancy.state.motion import FadeState

FADE_DELAY_MS = 300


def layout(body: rx.Component, active: str) -> rx.Component:
    return rx.fragment(
        navbar(active),
        rx.el.main(body, id="main", tab_index=-1),
        footer(),
        floating_actions(),
        after_mount(delay=FADE_DELAY_MS, on_fire=FadeState.fade_in),
        # Tests (and nothing else) read this: true once the backend has hydrated the page.
        rx.el.span(id="app-ready", data_ready=rx.State.is_hydrated, hidden=True),
    )
