"""Top bar (logo, ISO badge) and the main navigation with the Services mega dropdown."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.iso_badge import iso_badge
from consultancy.components.iso_badge import state as iso
from consultancy.components.search import search_box
from consultancy.components.ui import brand_logo, link
from consultancy.content import content
from consultancy.content.contract import CATEGORIES
from consultancy.framework.behaviour import arrow_keys, dismiss_layer, page_restore
from consultancy.framework.client_state import handled_link

from . import state as nav

NAV_LINKS: tuple[tuple[str, str], ...] = (
    ("Home", "/"),
    ("About", "/about"),
    ("Services", "/services"),
    ("Testimonials", "/testimonials"),
    ("Contact", "/contact-us"),
)


def _current(href: str, active: str) -> dict:
    return {"aria_current": "page"} if href == active else {}


def _mega_menu() -> rx.Component:
    data = content()
    groups = []
    for category in CATEGORIES:
        heading_id = f"menu-{category.lower().replace(' ', '-')}"
        groups.append(
            rx.el.div(
                rx.el.p(category, id=heading_id, class_name="mega__heading"),
                rx.el.ul(
                    *[rx.el.li(link(s.menu_name, href=s.path)) for s in data.services_in(category)],
                    aria_labelledby=heading_id,
                ),
                class_name="mega__group",
            )
        )
    return rx.el.div(
        rx.el.div(*groups, class_name="mega__groups"),
        rx.el.div(
            link("All services", icon("arrow-right", size=16), href="/services"),
            link(
                "Not sure what you need? Use the approvals finder",
                icon("arrow-right", size=16),
                href="/approvals-finder",
            ),
            class_name="mega__all",
        ),
        id="services-menu",
        class_name="mega",
        hidden=~nav.services_open.value,
    )


def _services_item(active: str) -> rx.Component:
    is_active = active == "/services"
    return dismiss_layer(
        # A real link, so the menu degrades to the services page without JavaScript.
        link(
            "Services",
            icon("chevron-down", size=16, class_name="icon chevron"),
            href="/services",
            id="services-trigger",
            class_name="nav__link",
            aria_expanded=nav.services_open.value,
            aria_controls="services-menu",
            data_prefetch="",
            **handled_link(*nav.toggle_services),
            **({"aria_current": "page"} if is_active else {}),
        ),
        _mega_menu(),
        # A disclosure of links (no aria-haspopup: its links are not menu items): Enter toggles
        # it like a click; Space or ArrowDown opens it at its first link, arrows move inside.
        arrow_keys(
            control="services-trigger", items="#services-menu a", open_keys="ArrowDown Space", on_open=nav.open_services
        ),
        active=nav.services_open.value,
        return_focus_to="services-trigger",
        on_dismiss=nav.close_services,
        class_name="nav__item nav__item--services",
        on_mouse_enter=nav.hover_services,
        on_mouse_leave=nav.close_services,
    )


def navbar(active: str) -> rx.Component:
    """`data-prefetch` marks the menu's links whose pages are fetched ahead of the click
    (consultancy/framework/next_pages.py)."""
    site = content().site
    items = []
    for label, href in NAV_LINKS:
        if href == "/services":
            items.append(rx.el.li(_services_item(active), class_name="nav__li"))
        else:
            items.append(
                rx.el.li(
                    link(label, href=href, class_name="nav__link", data_prefetch="", **_current(href, active)),
                    class_name="nav__li",
                )
            )
    return rx.el.header(
        # Inside the banner landmark: Reflex renders its own regions before the chrome.
        link("Skip to main content", href="#main", class_name="skip-link"),
        rx.el.div(
            link(
                brand_logo(site.logo),
                rx.el.span(
                    rx.el.span(site.short_name, class_name="brand__name"),
                    rx.el.span(site.tagline, class_name="brand__tagline"),
                    class_name="brand__text",
                ),
                href="/",
                class_name="brand",
            ),
            iso_badge(),
            rx.el.button(
                icon("menu", size=22),
                rx.el.span("Menu", class_name="menu-toggle__label"),
                type="button",
                class_name="menu-toggle",
                aria_expanded=nav.menu_open.value,
                aria_controls="site-nav",
                on_click=nav.toggle_menu,
            ),
            class_name="topbar container",
        ),
        rx.el.nav(
            rx.el.div(
                rx.el.ul(*items, class_name="nav__list"),
                search_box(),
                class_name="nav__inner container",
            ),
            id="site-nav",
            aria_label="Main",
            class_name=rx.cond(nav.menu_open.value, "nav nav--open", "nav"),
        ),
        # A page restored by Back shows no menu or dialog left open.
        page_restore(on_restore=[*nav.close_all, iso.hide]),
        class_name="site-header",
    )
