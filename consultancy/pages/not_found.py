"""The branded page for unknown paths (and the fallback for runtime errors)."""

import reflex as rx

from consultancy.components.ui import button_link
from consultancy.content import content
from consultancy.templates.webpage import webpage

PAGE = content().not_found


def not_found_body() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.p("404", class_name="not-found__code", aria_hidden="true"),
            rx.el.h1(PAGE.heading, class_name="page-hero__title"),
            rx.el.p(PAGE.intro, class_name="page-hero__text"),
            rx.el.div(
                button_link("Go to the home page", "/"),
                button_link("See our services", "/services", variant="secondary"),
                class_name="actions",
            ),
            class_name="container not-found",
        ),
        class_name="page-hero",
    )


# Both are rendered by React at whatever unknown address was asked for, not the one they
# were prerendered for, so their script carries all of the page (server_html=False).
webpage("404", PAGE.meta, indexed=False, active="", server_html=False)(not_found_body)
# Reflex's 404 export is an empty shell that JavaScript fills in; this prerendered copy
# is what nginx answers unknown paths with, so the 404 reads without JavaScript too.
webpage("not-found", PAGE.meta, indexed=False, active="", server_html=False)(not_found_body)
