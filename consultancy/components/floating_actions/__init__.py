"""The floating call and chat buttons present on every page."""

import reflex as rx

from consultancy.components.icons import brand_icon, icon
from consultancy.components.ui import link
from consultancy.content import content


def floating_actions() -> rx.Component:
    site = content().site
    return rx.el.aside(
        link(
            brand_icon("whatsapp", size=26),
            rx.el.span("WhatsApp", class_name="fab__label", aria_hidden="true"),
            href=site.chat_href,
            target="_blank",
            rel="noopener noreferrer",
            aria_label="Chat with us on WhatsApp (opens in a new tab)",
            class_name="fab fab--chat",
        ),
        link(
            icon("phone", size=24),
            rx.el.span("Call", class_name="fab__label", aria_hidden="true"),
            href=site.tel_href,
            aria_label=f"Call us on {site.phone}",
            class_name="fab fab--call",
        ),
        class_name="fabs",
        aria_label="Call or chat with us",
    )
