"""What a visitor sees if a page fails while rendering: the site's own error page.

React's error boundary renders this in place of the page. It is static (no state, no
hooks: it must render when the rest could not) and shows nothing of the error itself."""

import reflex as rx

from consultancy.components.ui import link
from consultancy.content import content
from consultancy.framework.elements import ErrorBoundary

HEADING = "Sorry, this page could not be shown"


def error_page() -> rx.Component:
    site = content().site
    return rx.el.div(
        rx.el.header(
            rx.el.div(
                link(
                    # Not inline like the header's: this page is rare, and its markup is in every
                    # page's root script.
                    rx.el.img(
                        src=site.logo, alt="", class_name="brand__logo", custom_attrs={"width": "40", "height": "40"}
                    ),
                    rx.el.span(rx.el.span(site.short_name, class_name="brand__name"), class_name="brand__text"),
                    href="/",
                    class_name="brand",
                ),
                class_name="topbar container",
            ),
            class_name="site-header",
        ),
        rx.el.main(
            rx.el.section(
                rx.el.div(
                    rx.el.h1(HEADING, class_name="page-hero__title"),
                    rx.el.p(
                        "Something went wrong on our side while showing this page. "
                        "Please try again, or reach us directly.",
                        class_name="page-hero__text",
                    ),
                    rx.el.div(
                        link("Go to the home page", href="/", class_name="button button--primary"),
                        link("Contact us", href="/contact-us", class_name="button button--secondary"),
                        link(f"Call {site.phone}", href=site.tel_href, class_name="button button--secondary"),
                        class_name="actions",
                    ),
                    class_name="container not-found",
                ),
                class_name="page-hero",
            ),
            id="main",
        ),
        id="error-page",
    )


def error_boundary(*children: rx.Component, **props) -> rx.Component:
    return ErrorBoundary.create(
        *children,
        # A component: Reflex makes the render function (and shows nothing of the error).
        fallback_render=error_page(),
        **props,
    )
