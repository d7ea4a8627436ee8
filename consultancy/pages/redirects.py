"""Old and correctly spelt paths that must land on the canonical route.

In a static export a redirect is a tiny page that refreshes to its target at
once (and links to it); with the backend running, on_load redirects too, as a
full load of the target (whose static parts only its HTML carries, see
consultancy/framework/server_html). The production server answers these
paths with real 301s.
"""

import reflex as rx

from consultancy.components.ui import link
from consultancy.content import content
from consultancy.content.contract import redirect_map
from consultancy.templates.webpage import register


def _moved(target: str) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h1("This page has moved", class_name="page-hero__title"),
            rx.el.p("Continue to ", link(target, href=target), ".", class_name="page-hero__text"),
            class_name="container",
        ),
        class_name="page-hero",
    )


def _title_of(target: str) -> str:
    data = content()
    for service in data.services:
        if service.path == target:
            return service.meta.title
    return data.contact.meta.title


def _register_all() -> None:
    data = content()
    for path, target in redirect_map().items():
        meta = data.contact.meta.model_copy(update={"title": f"Moved: {_title_of(target)}"[:70]})
        register(
            path,
            meta,
            lambda target=target: _moved(target),
            active=target,
            redirect_to=target,
            on_load=rx.redirect(target, is_external=True, replace=True),
        )


_register_all()
