"""/about: slider, who we are, founder, vision and mission, services, approach."""

import reflex as rx

from consultancy.components.icons import brand_icon, icon
from consultancy.components.slideshow import dots, pause_button, rotation_wrapper, slide_images
from consultancy.components.slideshow.state import SLIDER
from consultancy.components.ui import fade_section, icon_card, icon_link, link, picture, section
from consultancy.content import content
from consultancy.content.contract import CATEGORIES
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().about
SLIDE_INTERVAL_MS = 4000


def slider() -> rx.Component:
    site = content().site
    return rotation_wrapper(
        SLIDER,
        SLIDE_INTERVAL_MS,
        slide_images(SLIDER, PAGE.slides, 1280, 600),
        rx.el.div(
            rx.el.h1(f"About {site.name}", class_name="about-hero__kicker"),
            rx.el.div(
                *[
                    rx.el.div(
                        rx.el.p(slide.title, class_name="about-hero__title"),
                        rx.el.p(slide.text, class_name="about-hero__text"),
                        class_name=rx.cond(SLIDER.index == n, "about-hero__slide is-current", "about-hero__slide"),
                    )
                    for n, slide in enumerate(PAGE.slides)
                ],
                class_name="about-hero__slides",
                aria_live="off",
            ),
            rx.el.div(
                dots(SLIDER, PAGE.slides),
                pause_button(SLIDER, "slideshow"),
                class_name="about-hero__controls",
            ),
            class_name="about-hero__content container",
        ),
        class_name="about-hero",
        role="region",
        aria_roledescription="carousel",
        aria_label="What we do",
    )


def founder() -> rx.Component:
    person = content().site.founder
    if person is None:
        return rx.fragment()
    return rx.el.article(
        picture(
            person.photo,
            f"Portrait placeholder for {person.name}",
            400,
            400,
            class_name="founder__photo",
            sizes="(max-width: 767px) 140px, 220px",
        ),
        rx.el.div(
            rx.el.p("Founder", class_name="eyebrow"),
            rx.el.h3(person.name, class_name="founder__name"),
            rx.el.p(person.role, class_name="founder__role"),
            rx.el.p(person.bio),
            rx.el.div(
                icon_link(
                    brand_icon("linkedin", size=18),
                    "LinkedIn profile",
                    person.linkedin,
                    class_name="button button--secondary",
                    new_tab=True,
                ),
                icon_link("mail", person.email, f"mailto:{person.email}", class_name="button button--secondary"),
                class_name="actions",
            ),
        ),
        class_name="founder",
    )


def services_by_category() -> rx.Component:
    data = content()
    return rx.el.div(
        *[
            rx.el.article(
                rx.el.h3(category, class_name="card__title"),
                rx.el.ul(
                    *[rx.el.li(link(s.name, href=s.path)) for s in data.services_in(category)],
                    class_name="link-list",
                ),
                class_name="card",
            )
            for category in CATEGORIES
        ],
        class_name="grid grid--categories",
    )


@webpage(
    "/about",
    PAGE.meta,
    structured_data=(breadcrumbs(("About", "/about")),),
    preload_image=PAGE.slides[0].image,
    live=True,
)
def about() -> rx.Component:
    return rx.fragment(
        slider(),
        section(
            PAGE.intro.title, rx.el.p(PAGE.intro.text, class_name="prose"), founder(), id="intro", eyebrow="Who we are"
        ),
        fade_section(
            "Our Vision and Mission",
            rx.el.div(
                rx.el.article(
                    rx.el.span(icon("eye", size=24), class_name="card__icon"),
                    rx.el.h3("Our Vision", class_name="card__title"),
                    rx.el.p(PAGE.vision, class_name="card__text"),
                    class_name="card",
                ),
                rx.el.article(
                    rx.el.span(icon("target", size=24), class_name="card__icon"),
                    rx.el.h3("Our Mission", class_name="card__title"),
                    rx.el.p(PAGE.mission, class_name="card__text"),
                    class_name="card",
                ),
                class_name="grid grid--2",
            ),
            id="vision-mission",
            tone="tint",
        ),
        fade_section("Our Services", services_by_category(), id="our-services"),
        fade_section(
            "Why Choose Us",
            rx.el.div(*[icon_card(c.icon, c.title, c.text) for c in PAGE.why_choose], class_name="grid grid--4"),
            id="why-choose-us",
            tone="navy",
        ),
        fade_section(
            "Our Approach",
            rx.el.div(*[icon_card(c.icon, c.title, c.text) for c in PAGE.approach], class_name="grid grid--4"),
            id="our-approach",
        ),
    )
