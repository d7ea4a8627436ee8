"""The Reflex app: content is validated on import, then every Route is added."""

import reflex as rx

from consultancy import pages  # noqa: F401  (registers the routes)
from consultancy.components.error_page import error_boundary
from consultancy.content.loader import data_dir_in_use
from consultancy.framework import runtime
from consultancy.framework.serving import clean_urls
from consultancy.framework.suite_visitors import suite_visitors
from consultancy.framework.versions import require_written_for
from consultancy.templates.sitemap import write_search_files
from consultancy.templates.webpage import add_routes

from .cases.case_pages import case_routes
from .enquiries.form_post import form_routes
from .enquiries.staff_http import staff_routes
from .enquiries.store import address_key
from .mail.mail import run_sender as send_enquiry_emails
from .records import models as enquiry_models  # noqa: F401  (tables for `reflex db`)
from .records.settings import require_production_secrets
from .reminders.reminder_pages import reminder_routes

require_written_for()
require_production_secrets()

app = rx.App(
    stylesheets=["/css/site.css"],
    html_lang="en-IN",
    # Staff sign-in and sign-out are HTTP posts that set an HttpOnly cookie (staff_http.py);
    # reminder emails' links are pages and posts of their own (reminder_pages.py); the enquiry
    # form posted without JavaScript is stored as held (form_post.py).
    # The test suite's own build also gives each test browser an address of its own
    # (suite_visitors.py; without SITE_TEST_HOOKS=1 it changes nothing).
    api_transformer=[clean_urls, staff_routes, reminder_routes, case_routes, form_routes, suite_visitors],
    # No toast provider and no connection overlay: the site shows no toasts (and the
    # bundle loses about 9 KB gzipped), and both inject inline styles at runtime that a
    # strict Content-Security-Policy blocks; a visitor reading a prerendered page needs
    # no "connection error" banner.
    toaster=None,
    # No connection overlay (above), and a rendering error shows the site's own error page,
    # never the framework's screen with the error's text (whose inline styles the CSP would
    # block anyway).
    app_wraps={(55, "ErrorBoundary"): lambda stateful: error_boundary()},
    head_components=[
        rx.el.link(rel="icon", href="/favicon.ico", sizes="32x32"),
        rx.el.link(rel="icon", href="/images/logo.svg", type="image/svg+xml"),
        rx.el.meta(name="theme-color", content="#0B2545"),
    ],
)
add_routes(app)
# The limits count addresses by the enquiry limits' keyed hash; edits to data/ reload `reflex run`.
runtime.install(app, address_key=address_key, content_dir=data_dir_in_use)
# Each worker sends the queued enquiry emails (claims keep two workers off the same one).
app.register_lifespan_task(send_enquiry_emails)
write_search_files()
