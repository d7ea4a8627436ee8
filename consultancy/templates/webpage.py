"""Every page is a Route: its path, metadata and component, wrapped in the chrome.

Pages register themselves with the `webpage` decorator (or `register` when
generated from data); the app adds whatever is in ROUTES, so a page cannot be
added without its title, description, canonical link and social-card tags.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

import reflex as rx

from consultancy.components.layout import layout
from consultancy.components.ui import image_preloads
from consultancy.content import content
from consultancy.content.models import PageMeta


@dataclass(frozen=True)
class Route:
    path: str
    title: str
    description: str
    image: str
    component: Callable[[], rx.Component]
    keywords: tuple[str, ...] = ()
    # /rough is reachable but noindex; redirect pages point at their target.
    indexed: bool = True
    # /staff also asks crawlers not to follow its links (nofollow): nothing there is public.
    followed: bool = True
    redirect_to: str | None = None
    structured_data: tuple[dict, ...] = field(default_factory=tuple)
    on_load: object = None
    # The page's largest image, fetched before the stylesheet and scripts ask for it.
    preload_image: str | None = None

    @property
    def url(self) -> str:
        return absolute_url(self.redirect_to or self.path)

    @property
    def in_sitemap(self) -> bool:
        return self.indexed and self.redirect_to is None and self.path != "404"


ROUTES: list[Route] = []


def absolute_url(path: str) -> str:
    return content().site.site_url + ("" if path == "/" else path)


def og_image_for(path: str) -> str:
    slug = "home" if path == "/" else path.strip("/").replace("/", "-")
    return f"/images/og/{slug}.png"


def breadcrumbs(*trail: tuple[str, str]) -> dict:
    """schema.org BreadcrumbList for Home > ... > this page."""
    items = [("Home", "/"), *trail]
    return {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": i, "name": name, "item": absolute_url(path)}
            for i, (name, path) in enumerate(items, start=1)
        ],
    }


def organization_data() -> dict:
    """schema.org description of the firm for the home and contact pages."""
    site = content().site
    return {
        "@context": "https://schema.org",
        "@type": "ProfessionalService",
        "name": site.name,
        "description": site.tagline,
        "url": site.site_url,
        "logo": site.site_url + "/images/logo-512.png",
        "image": site.site_url + og_image_for("/"),
        "telephone": site.phone,
        "email": site.email,
        "foundingDate": str(site.founded),
        "address": {
            "@type": "PostalAddress",
            "streetAddress": f"{site.address.street}, {site.address.locality}",
            "addressLocality": site.address.city,
            "addressRegion": site.address.state,
            "postalCode": site.address.postal_code,
            "addressCountry": "IN",
        },
        "areaServed": {"@type": "State", "name": "Odisha"},
        "sameAs": [profile.url for profile in site.social],
    }


def head_tags(route: Route) -> list[rx.Component]:
    """Tags React hoists into <head>: canonical, robots, social cards, JSON-LD."""
    site = content().site
    image_url = site.site_url + route.image
    tags: list[rx.Component] = [
        rx.el.meta(property="og:title", content=route.title),
        rx.el.meta(property="og:description", content=route.description),
        rx.el.meta(property="og:type", content="website"),
        rx.el.meta(property="og:site_name", content=site.name),
        rx.el.meta(property="og:url", content=route.url),
        rx.el.meta(property="og:image:width", content="1200"),
        rx.el.meta(property="og:image:height", content="630"),
        rx.el.meta(name="twitter:card", content="summary_large_image"),
        rx.el.meta(name="twitter:title", content=route.title),
        rx.el.meta(name="twitter:description", content=route.description),
        rx.el.meta(name="twitter:image", content=image_url),
    ]
    if route.preload_image:
        tags.extend(image_preloads(route.preload_image))
    if route.keywords:
        tags.append(rx.el.meta(name="keywords", content=", ".join(route.keywords)))
    if route.redirect_to:
        tags.append(rx.el.meta(http_equiv="refresh", content=f"0; url={route.redirect_to}"))
    if route.indexed:
        tags.append(rx.el.link(rel="canonical", href=route.url))
    else:
        tags.append(rx.el.meta(name="robots", content="noindex, " + ("follow" if route.followed else "nofollow")))
    for data in route.structured_data:
        tags.append(
            rx.el.script(
                type="application/ld+json",
                # "<" escaped so no text in the data can close the script element.
                custom_attrs={"dangerouslySetInnerHTML": {"__html": json.dumps(data).replace("<", "\\u003c")}},
            )
        )
    return tags


def register(
    path: str,
    meta: PageMeta,
    body: Callable[[], rx.Component],
    *,
    active: str | None = None,
    indexed: bool = True,
    followed: bool = True,
    redirect_to: str | None = None,
    structured_data: tuple[dict, ...] = (),
    on_load: object = None,
    preload_image: str | None = None,
    live: bool = False,
    server_html: bool = True,
    public: bool = True,
) -> Route:
    """Add a page: the body is wrapped in the site chrome with `active` marked in the nav
    (`public=False`: without the visitors' header, footer and contact buttons).
    `live` pages keep state on the backend and say so when it cannot be reached.
    `server_html=False` for a page React may render at an address it was not prerendered
    for (the 404 page): its static parts then stay in its script (consultancy/framework/server_html)."""
    site_name = content().site.short_name
    title = meta.title if site_name in meta.title else f"{meta.title} | {site_name}"
    route = Route(
        path=path,
        title=title,
        description=meta.description,
        image=og_image_for(redirect_to or path),
        component=lambda: layout(
            body(),
            active=active if active is not None else path,
            live=live,
            backend_on_mount=on_load is not None,
            server_html=server_html,
            public=public,
        ),
        keywords=tuple(meta.keywords),
        indexed=indexed,
        followed=followed,
        redirect_to=redirect_to,
        structured_data=structured_data,
        on_load=on_load,
        preload_image=preload_image,
    )
    ROUTES.append(route)
    return route


def webpage(path: str, meta: PageMeta, **options) -> Callable[[Callable[[], rx.Component]], Route]:
    """Decorator form of `register` for pages written as one function."""

    def decorator(body: Callable[[], rx.Component]) -> Route:
        return register(path, meta, body, **options)

    return decorator


def add_routes(app: rx.App) -> None:
    for route in ROUTES:
        app.add_page(
            route.component,
            route=route.path,
            title=route.title,
            description=route.description,
            image=content().site.site_url + route.image,
            meta=head_tags(route),
            on_load=route.on_load,
        )
