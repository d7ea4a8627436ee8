"""/contact-us: chat, credentials, contact details, social profiles and the map."""

import reflex as rx

from consultancy.components.enquiry_form import enquiry_form
from consultancy.components.footer import social_links
from consultancy.components.icons import brand_icon, icon
from consultancy.components.map import office_map
from consultancy.components.ui import icon_link, link, page_hero, section
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, organization_data, webpage

PAGE = content().contact


def _detail(icon_name: str, label: str, value: rx.Component) -> rx.Component:
    return rx.el.li(
        rx.el.span(icon(icon_name, size=20), class_name="card__icon"),
        rx.el.div(rx.el.p(label, class_name="detail__label"), value),
        class_name="detail",
    )


@webpage(
    "/contact-us",
    PAGE.meta,
    structured_data=(organization_data(), breadcrumbs(("Contact", "/contact-us"))),
    live=True,
)
def contact() -> rx.Component:
    site = content().site
    chat_button = icon_link(
        brand_icon("whatsapp", size=20),
        "Chat on WhatsApp",
        site.chat_href,
        class_name="button button--chat",
        new_tab=True,
    )
    return rx.fragment(
        page_hero(
            PAGE.heading,
            PAGE.intro,
            actions=[
                icon_link("phone", f"Call {site.phone}", site.tel_href, class_name="button button--accent"),
                icon_link("mail", "Email us", site.mailto_href, class_name="button button--ghost"),
            ],
        ),
        section(
            "Tell us about your project",
            enquiry_form(),
            id="enquiry",
            lead="Leave your details and we will call or write back. Or use any of the ways below.",
        ),
        section(
            "Get in touch",
            rx.el.div(
                rx.el.article(
                    rx.el.h3(PAGE.chat_title, class_name="card__title"),
                    rx.el.p(PAGE.chat_text, class_name="card__text"),
                    rx.el.p(rx.el.em(f"“{site.chat.message}”"), class_name="chat__preview"),
                    chat_button,
                    class_name="card card--chat",
                ),
                rx.el.article(
                    rx.el.h3("Contact details", class_name="card__title"),
                    rx.el.ul(
                        _detail("map-pin", "Registered office", rx.el.address(site.address.one_line)),
                        _detail("phone", "Phone", link(site.phone, href=site.tel_href)),
                        _detail("mail", "Email", link(site.email, href=site.mailto_href)),
                        _detail("clock", "Office hours", rx.el.p(site.office_hours)),
                        class_name="details",
                    ),
                    class_name="card",
                ),
                rx.el.article(
                    rx.el.h3("Business credentials", class_name="card__title"),
                    rx.el.ul(
                        _detail("badge-check", "Certification", rx.el.p(site.certification)),
                        _detail("calendar-check", "Founded", rx.el.p(str(site.founded))),
                        _detail("landmark", "Registered in", rx.el.p(f"{site.address.city}, {site.address.state}")),
                        class_name="details",
                    ),
                    rx.el.p(PAGE.credentials_text, class_name="card__text"),
                    rx.el.h3("Follow us", class_name="card__title follow__title"),
                    social_links("social social--contact"),
                    class_name="card",
                ),
                class_name="grid grid--3",
            ),
            id="get-in-touch",
        ),
        section("Find our office", office_map(PAGE.map_image), id="map", tone="tint", lead=site.address.one_line),
    )
