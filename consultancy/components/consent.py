"""The consent a form asks for under the DPDP Act, 2023: a notice saying what the details are
used for and for how long, how to withdraw consent or have them deleted, a link to the privacy
notice, and an unticked box. The enquiry form and the renewal calendar's reminders share it."""

import reflex as rx

from consultancy.components.ui import link
from consultancy.content import content


def consent(prefix: str, *, purpose: str, agree: str, error: rx.Component) -> rx.Component:
    """`purpose`: what the details are used for and how long they are kept (a sentence or
    two); `agree`: the box's label; `error`: where the form shows the box's error."""
    data = content()
    return rx.el.div(
        rx.el.p(
            f"{purpose} You may withdraw your consent or ask us to delete them at any time by writing to "
            f"{data.site.email}. ",
            link("Read the privacy notice", href="/privacy"),
            ".",
            class_name="enquiry__notice",
        ),
        rx.el.div(
            rx.el.input(
                type="checkbox",
                id=f"{prefix}-consent",
                name="consent",
                aria_describedby=f"{prefix}-consent-error",
                class_name="field__box",
            ),
            rx.el.label(agree, html_for=f"{prefix}-consent"),
            class_name="field field--consent",
        ),
        error,
    )
