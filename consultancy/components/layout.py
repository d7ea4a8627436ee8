"""The chrome every page shares."""

import reflex as rx

from consultancy.components.behaviour import after_mount, render_fault
from consultancy.components.connection import connection_notice
from consultancy.components.floating_actions import floating_actions
from consultancy.components.footer import footer
from consultancy.components.navbar import navbar
from consultancy.state import motion

FADE_DELAY_MS = 300


def layout(body: rx.Component, active: str, live: bool = False) -> rx.Component:
    """`live`: the page has features whose state the backend keeps, so it says when the
    backend cannot be reached."""
    return rx.fragment(
        navbar(active),
        # One class for every fading section: only <main> itself re-renders when it turns on.
        rx.el.main(
            body, render_fault(), id="main", tab_index=-1, class_name=rx.cond(motion.faded_in, "is-faded-in", "")
        ),
        footer(),
        floating_actions(),
        *([connection_notice()] if live else []),
        after_mount(delay=FADE_DELAY_MS, on_fire=motion.fade_in),
        # Tests (and nothing else) read this: true once the backend has hydrated the page.
        rx.el.span(id="app-ready", data_ready=rx.State.is_hydrated, hidden=True),
    )
