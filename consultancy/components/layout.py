"""The chrome every page shares."""

import reflex as rx

from consultancy.components.floating_actions import floating_actions
from consultancy.components.footer import footer
from consultancy.components.navbar import navbar


def layout(body: rx.Component, active: str) -> rx.Component:
    return rx.fragment(
        rx.el.a("Skip to main content", href="#main", class_name="skip-link"),
        navbar(active),
        rx.el.main(body, id="main", tabindex="-1"),
        footer(),
        floating_actions(),
        # Tests (and nothing else) read this: true once the backend has hydrated the page.
        rx.el.span(id="app-ready", data_ready=rx.State.is_hydrated, hidden=True),
    )
