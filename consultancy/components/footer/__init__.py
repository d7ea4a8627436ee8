"""Footer: quick links, address, phone, email, social profiles and the current year."""

import reflex as rx

from consultancy.components.icons import brand_icon, icon
from consultancy.components.ui import link
from consultancy.content import content

QUICK_LINKS: tuple[tuple[str, str], ...] = (
    ("About Us", "/about"),
    ("Services", "/services"),
    ("Testimonials", "/testimonials"),
    ("Contact Us", "/contact-us"),
    ("Renewal calendar", "/renewal-calendar"),
    ("Regulatory updates", "/regulatory-updates"),
)

# Evaluated in the visitor's browser, so the year is never the build's year.
CURRENT_YEAR = rx.Var("new Date().getFullYear()", _var_type=int)


def social_links(class_name: str = "social") -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                link(
                    brand_icon(profile.icon),
                    href=profile.url,
                    target="_blank",
                    rel="noopener noreferrer",
                    aria_label=f"{profile.name} (opens in a new tab)",
                    class_name="social__link",
                )
            )
            for profile in content().site.social
        ],
        class_name=class_name,
    )


def footer() -> rx.Component:
    site = content().site
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                rx.el.p(site.name, class_name="footer__brand"),
                rx.el.p(site.tagline, class_name="footer__tagline"),
                rx.el.p(f"{site.certification} certified. Serving industry since {site.founded}."),
                social_links(),
                class_name="footer__col",
            ),
            rx.el.nav(
                rx.el.h2("Quick links", class_name="footer__heading"),
                rx.el.ul(*[rx.el.li(link(label, href=href)) for label, href in QUICK_LINKS]),
                aria_label="Footer",
                class_name="footer__col",
            ),
            rx.el.div(
                rx.el.h2("Reach us", class_name="footer__heading"),
                rx.el.address(
                    rx.el.p(icon("map-pin", size=16), rx.el.span(site.address.one_line)),
                    rx.el.p(icon("phone", size=16), link(site.phone, href=site.tel_href)),
                    rx.el.p(icon("mail", size=16), link(site.email, href=site.mailto_href)),
                    rx.el.p(icon("clock", size=16), rx.el.span(site.office_hours)),
                    class_name="footer__address",
                ),
                class_name="footer__col",
            ),
            class_name="footer__grid container",
        ),
        rx.el.div(
            rx.el.p(
                "© ",
                rx.el.span(CURRENT_YEAR, id="footer-year"),
                f" {site.name}. All rights reserved.",
            ),
            class_name="footer__bottom container",
        ),
        class_name="site-footer",
    )
