"""/: hero slideshow, about, service groups, industries, process and clients."""

from urllib.parse import urlencode

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.slideshow import pause_button, rotation_wrapper, slide_images
from consultancy.components.slideshow.state import CAROUSEL, HERO
from consultancy.components.ui import button_link, fade_section, link, picture
from consultancy.content import content
from consultancy.content.models import Client
from consultancy.pages.services import category_id
from consultancy.templates.webpage import organization_data, webpage

PAGE = content().home
HERO_INTERVAL_MS = 3000
# Width of an industry card: two columns on phones, three on tablets, four up to 1200 px
# (the container's 20 px padding each side and the gaps between cards taken off).
INDUSTRY_CARD_SIZES = (
    "(max-width: 767px) calc(50vw - 25px), (max-width: 1023px) calc(33.3vw - 24px), "
    "(max-width: 1199px) calc(25vw - 22px), 278px"
)

# Where each home card leads on the services list ("Others" is Miscellaneous).
CARD_TARGETS = {
    "Engineering": "Engineering",
    "Licensing": "Licensing",
    "NOCs": "NOCs",
    "Others": "Miscellaneous",
}


def hero() -> rx.Component:
    return rotation_wrapper(
        HERO,
        HERO_INTERVAL_MS,
        slide_images(HERO, PAGE.hero, 1280, 720),
        rx.el.div(
            rx.el.p(content().site.tagline, class_name="eyebrow eyebrow--light"),
            rx.el.h1(PAGE.hero_title, class_name="hero__title"),
            rx.el.p(PAGE.hero_text, class_name="hero__text"),
            rx.el.div(
                button_link(
                    "Learn More", "/services", variant="accent", icon_name="arrow-right", context="about our services"
                ),
                button_link("Schedule a Consultation", "/contact-us", variant="ghost"),
                class_name="actions",
            ),
            class_name="hero__content container",
        ),
        rx.el.div(pause_button(HERO, "slideshow"), class_name="hero__controls container"),
        class_name="hero",
        role="region",
        aria_roledescription="carousel",
        aria_label="Highlights",
    )


def about_block() -> rx.Component:
    site = content().site
    return fade_section(
        PAGE.about.title,
        rx.el.div(
            rx.el.div(
                rx.el.p(PAGE.about.text, class_name="prose"),
                button_link("More about us", "/about", variant="secondary", icon_name="arrow-right"),
            ),
            rx.el.ul(
                rx.el.li(rx.el.strong(str(site.founded)), rx.el.span("Founded in Bhubaneswar")),
                rx.el.li(rx.el.strong(str(len(content().services))), rx.el.span("Approval services")),
                rx.el.li(rx.el.strong(str(len(PAGE.industries))), rx.el.span("Industries served")),
                rx.el.li(rx.el.strong("ISO 9001"), rx.el.span("Quality management certified")),
                class_name="stats",
            ),
            class_name="split",
        ),
        id="about-us",
        eyebrow="Who we are",
    )


def service_cards() -> rx.Component:
    return fade_section(
        "Our Services",
        rx.el.div(
            *[
                link(
                    rx.el.span(icon(card.icon, size=26), class_name="card__icon"),
                    rx.el.h3(card.title, class_name="card__title"),
                    rx.el.p(card.text, class_name="card__text"),
                    rx.el.span("View services", icon("arrow-right", size=16), class_name="card__link"),
                    href=f"/services#{category_id(CARD_TARGETS.get(card.title, card.title))}",
                    class_name="card card--link",
                )
                for card in PAGE.service_cards
            ],
            class_name="grid grid--4",
        ),
        rx.el.div(
            button_link("Find which approvals your project needs", "/approvals-finder", icon_name="arrow-right"),
            class_name="actions actions--center",
        ),
        id="our-services",
        tone="tint",
        lead="Four kinds of work, one team that stays with your file until the approval is in hand.",
    )


def finder_address(industry: str) -> str:
    """The approvals finder with this industry's answers given (data/finder.toml, industries)."""
    answers = next(i.answers for i in content().finder.industries if i.name == industry)
    return f"/approvals-finder?{urlencode(answers)}"


def industries() -> rx.Component:
    # Each tile opens the finder with its sector chosen: the next step for a visitor who
    # recognises their industry.
    return fade_section(
        "Industries We Serve",
        rx.el.ul(
            *[
                rx.el.li(
                    link(
                        picture(industry.image, "", 480, 320, class_name="industry__img", sizes=INDUSTRY_CARD_SIZES),
                        rx.el.span(industry.name, class_name="industry__name"),
                        rx.el.span(" — find the approvals you need", class_name="visually-hidden"),
                        href=finder_address(industry.name),
                        class_name="industry",
                    ),
                )
                for industry in PAGE.industries
            ],
            class_name="industries",
        ),
        id="industries",
    )


def processes() -> rx.Component:
    return fade_section(
        "Our Processes",
        rx.el.ol(
            *[
                rx.el.li(
                    rx.el.span(f"{n:02d}", class_name="process__number", aria_hidden="true"),
                    rx.el.h3(step.title, class_name="card__title"),
                    rx.el.p(step.text, class_name="card__text"),
                    class_name="process",
                )
                for n, step in enumerate(PAGE.processes, start=1)
            ],
            class_name="processes",
        ),
        id="processes",
        tone="navy",
    )


def _client_logo(client: Client, duplicate: bool) -> rx.Component:
    # The strip shows every logo twice so it can loop seamlessly; the second
    # copy is hidden from assistive technology so names are read once.
    return rx.el.li(
        picture(client.logo, "" if duplicate else client.name, 320, 160, class_name="marquee__logo", fallback="png"),
        class_name="marquee__item",
        aria_hidden="true" if duplicate else None,
    )


def clients() -> rx.Component:
    if not PAGE.clients:
        return rx.fragment()
    entries = [_client_logo(c, False) for c in PAGE.clients] + [_client_logo(c, True) for c in PAGE.clients]
    return fade_section(
        "Our Esteemed Clients",
        rx.el.div(
            rx.el.ul(*entries, class_name="marquee__track"),
            class_name=rx.cond(CAROUSEL.stopped, "marquee is-stopped", "marquee"),
        ),
        rx.el.div(pause_button(CAROUSEL, "client logos"), class_name="marquee__controls"),
        id="clients",
        tone="tint",
    )


@webpage("/", PAGE.meta, structured_data=(organization_data(),), preload_image=PAGE.hero[0].image, live=True)
def home() -> rx.Component:
    return rx.fragment(hero(), about_block(), service_cards(), industries(), processes(), clients())
