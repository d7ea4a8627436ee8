"""The Reflex app: content is validated on import, then every Route is added."""

import reflex as rx

from consultancy import pages  # noqa: F401  (registers the routes)
from consultancy.serving import clean_urls
from consultancy.templates.sitemap import write_search_files
from consultancy.templates.webpage import add_routes

app = rx.App(
    stylesheets=["/css/site.css"],
    html_lang="en-IN",
    api_transformer=clean_urls,
    # No toast library in the bundle (about 9 KB gzipped): the site shows no toasts,
    # the connection indicator stays, and a backend error falls back to an alert.
    toaster=None,
    head_components=[
        rx.el.link(rel="icon", href="/favicon.ico", sizes="32x32"),
        rx.el.link(rel="icon", href="/images/logo.svg", type="image/svg+xml"),
        rx.el.meta(name="theme-color", content="#0B2545"),
    ],
)
add_routes(app)
write_search_files()
