"""A quiet notice while the backend cannot be reached, on pages whose features it keeps.

Reflex records each failed attempt to reach the backend and clears the list once the
socket connects, so the notice comes and goes with the connection. The stylesheet keeps
it invisible for its first 2 s (an animation delay: a class, no inline style), so a
brief reconnect never flashes it."""

import reflex as rx

from consultancy.framework.elements import has_connection_errors


def connection_notice() -> rx.Component:
    return rx.cond(
        has_connection_errors,
        rx.el.div(
            rx.el.p(
                rx.el.strong("Connection lost. "),
                "This page keeps working, but what you choose here is not being saved. Reconnecting…",
            ),
            id="connection-notice",
            role="status",
            class_name="connection-notice no-print",
        ),
    )
