"""/services: every service grouped by category, generated from data/services/."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.ui import button_link, icon_card, link, page_hero, section
from consultancy.content import content
from consultancy.content.contract import CATEGORIES
from consultancy.content.models import Service
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().services_page


def category_id(category: str) -> str:
    return "category-" + category.lower().replace(" ", "-")


def service_card(service: Service) -> rx.Component:
    return rx.el.article(
        rx.el.h3(service.name, class_name="card__title"),
        rx.el.p(service.description, class_name="card__text"),
        link(
            "Learn More",
            rx.el.span(f" about {service.name}", class_name="visually-hidden"),
            icon("arrow-right", size=16),
            href=service.path,
            class_name="card__link",
        ),
        class_name="card card--service",
    )


@webpage("/services", PAGE.meta, structured_data=(breadcrumbs(("Services", "/services")),))
def services() -> rx.Component:
    data = content()
    return rx.fragment(
        page_hero(
            PAGE.heading,
            PAGE.intro,
            actions=[
                button_link("Get In Touch", "/contact-us", variant="accent"),
                button_link("Which approvals do I need?", "/approvals-finder", variant="ghost"),
            ],
        ),
        rx.el.nav(
            rx.el.ul(
                *[rx.el.li(link(c, href=f"#{category_id(c)}")) for c in CATEGORIES],
                class_name="chips container",
            ),
            aria_label="Service categories",
            class_name="category-nav",
        ),
        *[
            section(
                category,
                rx.el.div(
                    *[service_card(s) for s in data.services if s.category == category],
                    class_name="grid grid--3",
                ),
                id=category_id(category),
                tone="tint" if n % 2 else "plain",
            )
            for n, category in enumerate(CATEGORIES)
        ],
        section(
            "Why Choose Us",
            rx.el.div(*[icon_card(c.icon, c.title, c.text) for c in PAGE.why_choose], class_name="grid grid--4"),
            rx.el.div(
                button_link("Get In Touch", "/contact-us", variant="accent", icon_name="arrow-right"),
                class_name="actions actions--center",
            ),
            id="why-choose-us",
            tone="navy",
        ),
    )
