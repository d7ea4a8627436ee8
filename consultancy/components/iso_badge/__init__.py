"""The 'An ISO Certified Company' badge and its small certification dialog."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.content import content
from consultancy.framework.behaviour import dismiss_layer

from . import state as iso


def _certificate_details() -> list[rx.Component]:
    """The certificate's number and issuing body, when data/site.toml gives them: with both a
    visitor can check the certificate with the body that issued it."""
    site = content().site
    details = []
    if site.iso_certificate_number:
        details.append(rx.el.li(f"Certificate No. {site.iso_certificate_number}", class_name="iso-dialog__detail"))
    if site.iso_certification_body:
        details.append(rx.el.li(f"Issued by {site.iso_certification_body}", class_name="iso-dialog__detail"))
    return details


def iso_badge() -> rx.Component:
    site = content().site
    return dismiss_layer(
        rx.el.button(
            icon("badge-check", size=18),
            rx.el.span(site.badge, class_name="iso-badge__full"),
            # Phones show this short form; the full name above stays for assistive tech.
            rx.el.span("ISO", class_name="iso-badge__short", aria_hidden="true"),
            id="iso-badge",
            type="button",
            class_name="iso-badge",
            aria_expanded=iso.iso_open.value,
            aria_controls="iso-dialog",
            on_focus=iso.show,
            on_click=iso.show,
        ),
        rx.el.div(
            rx.el.div(
                rx.el.p("ISO Certifications", id="iso-dialog-title", class_name="iso-dialog__title"),
                rx.el.button(
                    icon("x", size=16),
                    type="button",
                    class_name="icon-button",
                    aria_label="Close ISO certifications",
                    on_click=iso.hide,
                ),
                class_name="iso-dialog__head",
            ),
            rx.el.ul(rx.el.li(site.certification), *_certificate_details(), class_name="iso-dialog__list"),
            id="iso-dialog",
            role="dialog",
            aria_labelledby="iso-dialog-title",
            class_name="iso-dialog",
            hidden=~iso.iso_open.value,
        ),
        active=iso.iso_open.value,
        on_dismiss=iso.hide,
        class_name="iso",
        on_mouse_enter=iso.show,
        on_mouse_leave=iso.hide,
    )
