"""/testimonials: gallery with lightbox, projects, clients, testimonials and videos."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.lightbox import gallery_grid, lightbox
from consultancy.components.project_filter import project_filter
from consultancy.components.ui import button_link, page_hero, picture, section
from consultancy.components.video import video_card
from consultancy.content import content
from consultancy.content.models import Testimonial
from consultancy.content.placeholders import find_placeholders
from consultancy.framework.behaviour import reveal
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().testimonials
DEMO_LOGOS = any(p.field.startswith("client_logos") for p in find_placeholders())


def stars(rating: int) -> rx.Component:
    return rx.el.div(
        *[icon("star", size=18, class_name="icon star" + (" star--on" if n < rating else "")) for n in range(5)],
        class_name="stars",
        role="img",
        aria_label=f"Rated {rating} out of 5",
    )


def testimonial_card(item: Testimonial) -> rx.Component:
    return rx.el.figure(
        stars(item.rating),
        rx.el.blockquote(rx.el.p(item.feedback), class_name="quote"),
        rx.el.figcaption(
            picture(item.image, "", 160, 160, class_name="quote__avatar", fallback="png", sizes="48px"),
            rx.el.span(rx.el.strong(item.name), rx.el.span(item.location, class_name="quote__place")),
        ),
        class_name="card quote-card",
    )


@webpage("/testimonials", PAGE.meta, structured_data=(breadcrumbs(("Testimonials", "/testimonials")),), live=True)
def testimonials() -> rx.Component:
    return rx.fragment(
        page_hero(
            PAGE.hero_title,
            PAGE.hero_text,
            actions=[button_link("Start your project", "/contact-us", variant="accent")],
        ),
        section(
            "Our Projects and Collaborations",
            gallery_grid(PAGE.gallery),
            lightbox(PAGE.gallery),
            id="gallery",
            lead="Select a picture to see it larger.",
        ),
        section("Accomplished Projects", project_filter(PAGE.projects), id="projects", tone="tint"),
        *_clients_testimonials_and_videos(),
    )


def _clients_testimonials_and_videos() -> list[rx.Component]:
    """Each section only when the data has it: the firm's clients, testimonials and videos
    replace the demo's, and a section whose demo items were removed is left out."""
    found = []
    if PAGE.client_logos:
        found.append(
            section(
                "Trusted by Our Clients",
                reveal(
                    rx.el.ul(
                        *[
                            rx.el.li(
                                picture(logo.logo, logo.name, 240, 120, class_name="client__logo", fallback="png"),
                                rx.el.p(logo.description, class_name="client__desc"),
                                class_name="client",
                            )
                            for logo in PAGE.client_logos
                        ],
                        class_name="clients-grid",
                    ),
                ),
                id="clients",
                # Said only while the logos are the demo's own.
                lead="Placeholder names and logos shown until clients approve their own." if DEMO_LOGOS else None,
            )
        )
    if PAGE.testimonials:
        found.append(
            section(
                "What Our Clients Say",
                rx.el.div(*[testimonial_card(t) for t in PAGE.testimonials], class_name="grid grid--3"),
                id="client-testimonials",
                tone="tint",
            )
        )
    if PAGE.videos:
        found.append(
            section(
                "Videos",
                rx.el.div(*[video_card(n, v) for n, v in enumerate(PAGE.videos)], class_name="grid grid--3"),
                id="videos",
            )
        )
    return found
