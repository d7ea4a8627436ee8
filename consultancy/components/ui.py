"""Small building blocks shared by the pages."""

from pathlib import PurePosixPath

import reflex as rx

from consultancy.components.icons import icon
from consultancy.state.motion import FadeState


def picture(
    src: str,
    alt: str,
    width: int,
    height: int,
    *,
    eager: bool = False,
    class_name: str = "",
    fallback: str = "jpg",
) -> rx.Component:
    """A WebP image with a JPEG/PNG fallback; sized so nothing shifts while it loads."""
    fallback_src = str(PurePosixPath(src).with_suffix(f".{fallback}"))
    return rx.el.picture(
        rx.el.source(src_set=src, type="image/webp"),
        rx.el.img(
            src=fallback_src,
            alt=alt,
            loading="eager" if eager else "lazy",
            decoding="async",
            class_name=class_name,
            # Real attributes: given as props, Reflex would turn them into CSS.
            custom_attrs={"width": str(width), "height": str(height), "fetchpriority": "high" if eager else "auto"},
        ),
    )


def button_link(
    text: str,
    href: str,
    *,
    variant: str = "primary",
    icon_name: str | None = None,
    context: str | None = None,
    **props,
) -> rx.Component:
    """A link styled as a button; `context` completes short texts such as "Learn More"
    for screen readers and crawlers without changing what sighted visitors read."""
    children: list = [rx.el.span(text)]
    if context:
        children.append(rx.el.span(f" {context}", class_name="visually-hidden"))
    if icon_name:
        children.append(icon(icon_name, size=18))
    return rx.el.a(*children, href=href, class_name=f"button button--{variant}", **props)


def section(
    title: str,
    *children: rx.Component,
    id: str,
    lead: str | None = None,
    eyebrow: str | None = None,
    tone: str = "plain",
    fade: bool = False,
    extra_class: str = "",
) -> rx.Component:
    """A page section with its h2; the heading id labels the section for assistive tech.

    With `fade`, the section fades in once FadeState turns on (300 ms after
    mount). It is never hidden in the prerendered HTML: the stylesheet hides it
    only while scripts run, and reveals it anyway if the backend never answers.
    """
    heading_id = f"{id}-title"
    head: list = []
    if eyebrow:
        head.append(rx.el.p(eyebrow, class_name="eyebrow"))
    head.append(rx.el.h2(title, id=heading_id, class_name="section__title"))
    if lead:
        head.append(rx.el.p(lead, class_name="section__lead"))
    base = f"section section--{tone} {extra_class}".strip()
    return rx.el.section(
        rx.el.div(
            rx.el.div(*head, class_name="section__head"),
            *children,
            class_name="container",
        ),
        id=id,
        aria_labelledby=heading_id,
        class_name=rx.cond(FadeState.faded_in, f"{base} fade is-in", f"{base} fade") if fade else base,
    )


def fade_section(title: str, *children: rx.Component, **props) -> rx.Component:
    return section(title, *children, fade=True, **props)


def page_hero(
    title: str, text: str, *, image: str | None = None, image_alt: str = "", actions: list | None = None
) -> rx.Component:
    """The banner at the top of inner pages, with the page's one h1."""
    media = []
    if image:
        media.append(picture(image, image_alt, 1280, 560, eager=True, class_name="page-hero__image"))
    return rx.el.section(
        *media,
        rx.el.div(
            rx.el.h1(title, class_name="page-hero__title"),
            rx.el.p(text, class_name="page-hero__text"),
            rx.el.div(*(actions or []), class_name="actions"),
            class_name="page-hero__content container",
        ),
        class_name="page-hero" + (" page-hero--image" if image else ""),
    )


def icon_card(icon_name: str, title: str, text: str, heading_level: str = "h3") -> rx.Component:
    heading = rx.el.h3 if heading_level == "h3" else rx.el.h4
    return rx.el.article(
        rx.el.span(icon(icon_name, size=24), class_name="card__icon"),
        heading(title, class_name="card__title"),
        rx.el.p(text, class_name="card__text"),
        class_name="card",
    )


# A JS function, not a string: Reflex calls it directly, so no eval under a strict CSP.
PRINT_PAGE = rx.call_function(rx.Var("() => window.print()"))


def print_button(label: str, extra_class: str = "") -> rx.Component:
    return rx.el.button(
        icon("printer", size=18),
        rx.el.span(label),
        type="button",
        class_name=f"button button--secondary {extra_class}".strip(),
        on_click=PRINT_PAGE,
    )
