"""Small building blocks shared by the pages."""

from pathlib import Path
from xml.etree import ElementTree

import reflex as rx

from consultancy.components.icons import icon
from consultancy.framework.client_state import PRINT_PAGE
from consultancy.framework.elements import PlainAnchor
from consultancy.images import NARROW_MEDIA, WIDE_MEDIA, Variants, narrow, sized, variants_for, with_format

ASSETS = Path(__file__).resolve().parents[2] / "assets"
SVG_NS = "http://www.w3.org/2000/svg"


def brand_logo(src: str, size: int = 40) -> rx.Component:
    """The firm's logo beside its name (decorative: the name is the link's text). An SVG logo
    is drawn inline: as an <img> the browser builds a separate document for it on every page
    load, about 10 ms at a phone's CPU before the page's first paint."""
    attrs = {"width": str(size), "height": str(size)}
    if not src.endswith(".svg"):
        return rx.el.img(src=src, alt="", class_name="brand__logo", custom_attrs=attrs)
    ElementTree.register_namespace("", SVG_NS)
    root = ElementTree.fromstring((ASSETS / src.lstrip("/")).read_text(encoding="utf-8"))
    drawing = [child for child in root if child.tag != f"{{{SVG_NS}}}title"]
    for child in drawing:
        child.tail = None
    inner = "".join(ElementTree.tostring(child, encoding="unicode") for child in drawing)
    return rx.el.svg(
        view_box=root.get("viewBox", f"0 0 {size} {size}"),
        class_name="brand__logo",
        custom_attrs={
            **attrs,
            "aria-hidden": "true",
            "focusable": "false",
            "dangerouslySetInnerHTML": {"__html": inner.replace(f' xmlns="{SVG_NS}"', "")},
        },
    )


def _srcset(path: str, width: int, variants: Variants) -> str:
    smaller = [f"{sized(path, w)} {w}w" for w in variants.widths if w < width]  # as make_images.py makes them
    return ", ".join([*smaller, f"{path} {width}w"])


def picture(
    src: str,
    alt: str,
    width: int,
    height: int,
    *,
    eager: bool = False,
    class_name: str = "",
    fallback: str = "jpg",
    sizes: str | None = None,
) -> rx.Component:
    """A WebP image with a JPEG/PNG fallback; sized so nothing shifts while it loads.

    `width` and `height` are the file's pixel size. Smaller copies listed in
    consultancy/images.py are offered too: narrower files in `srcset` (with `sizes`, the
    width the picture is shown at) and, for banners, a crop for narrow screens.
    """
    variants = variants_for(src)
    if variants.widths and not sizes:
        raise ValueError(f"{src} has smaller copies: give the width it is shown at in `sizes`")
    fallback_src = with_format(src, fallback)
    sources: list[rx.Component] = []
    if variants.narrow:
        crop_size = {"width": str(variants.narrow[0]), "height": str(variants.narrow[1])}
        sources.append(rx.el.source(src_set=narrow(src), media=NARROW_MEDIA, type="image/webp", custom_attrs=crop_size))
        sources.append(rx.el.source(src_set=narrow(fallback_src), media=NARROW_MEDIA, custom_attrs=crop_size))
    listed = {"sizes": sizes} if variants.widths else {}
    webp_set = _srcset(src, width, variants) if variants.widths else src
    sources.append(rx.el.source(src_set=webp_set, type="image/webp", **listed))
    if variants.widths:
        listed["src_set"] = _srcset(fallback_src, width, variants)
    return rx.el.picture(
        *sources,
        rx.el.img(
            src=fallback_src,
            alt=alt,
            loading="eager" if eager else "lazy",
            decoding="async",
            class_name=class_name,
            # Real attributes: given as props, Reflex would turn them into CSS.
            custom_attrs={"width": str(width), "height": str(height), "fetchpriority": "high" if eager else "auto"},
            **listed,
        ),
    )


def image_preloads(src: str) -> list[rx.Component]:
    """<link rel=preload> for a page's largest picture, the very file `picture` picks:
    with a narrow-screen crop, one link per screen width (the `media` of each)."""
    variants = variants_for(src)
    if variants.widths:
        raise ValueError(f"{src}: preloading a picture with width copies needs imagesrcset and sizes")
    links = [(narrow(src), NARROW_MEDIA), (src, WIDE_MEDIA)] if variants.narrow else [(src, None)]
    return [
        rx.el.link(
            rel="preload",
            href=href,
            **({"media": media} if media else {}),
            custom_attrs={"as": "image", "type": "image/webp", "fetchpriority": "high"},
        )
        for href, media in links
    ]


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
    return link(*children, href=href, class_name=f"button button--{variant}", **props)


def link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    """Every link of the site. A click loads the next page as a document (React Router's
    public `reloadDocument`), never a client-side render: the next page's prerendered HTML
    paints before any script runs (docs/performance.md, "Second page"), and a page view
    stays one load plus a socket only when needed. A link to "#id" on this page is a plain
    <a>: Reflex's router link resolves "#id" against the path the page was prerendered at
    ("/about/#main"), which would send crawlers and visitors without scripts to a
    non-canonical URL."""
    if isinstance(href, str) and href.startswith("#"):
        return PlainAnchor.create(*children, href=href, **props)
    return rx.el.a(*children, href=href, reload_document=True, **props)


def icon_link(
    glyph: rx.Component | str, text: str, href: str, *, class_name: str, new_tab: bool = False
) -> rx.Component:
    """A link of an icon (a Lucide name, or any icon component) and its text; `new_tab`
    opens it in a new tab that cannot reach back to this page."""
    return link(
        icon(glyph, size=18) if isinstance(glyph, str) else glyph,
        rx.el.span(text),
        href=href,
        class_name=class_name,
        **({"target": "_blank", "rel": "noopener noreferrer"} if new_tab else {}),
    )


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

    With `fade`, the section fades in once the fade-in flag turns on (300 ms after
    mount; the flag is a class on <main>, see layout). It is never hidden in the
    prerendered HTML: the stylesheet hides it only while scripts run, and reveals it
    after 2.5 s anyway.
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
        class_name=f"{base} fade" if fade else base,
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


def print_button(label: str, extra_class: str = "") -> rx.Component:
    return rx.el.button(
        icon("printer", size=18),
        rx.el.span(label),
        type="button",
        class_name=f"button button--secondary {extra_class}".strip(),
        on_click=PRINT_PAGE,
    )
