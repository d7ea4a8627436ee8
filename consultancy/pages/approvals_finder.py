"""/approvals-finder: a visitor's answers lead to the approvals their project needs."""

import reflex as rx

from consultancy.components.finder import finder
from consultancy.components.ui import link, page_hero, section
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().finder


def coverage() -> rx.Component:
    """What the finder covers, as plain links: the page is useful without JavaScript too."""
    return rx.el.ul(
        *[rx.el.li(link(a.title, href=f"/{a.route}"), rx.el.span(f" — {a.authority}")) for a in PAGE.approvals],
        class_name="link-list coverage",
    )


@webpage("/approvals-finder", PAGE.meta, structured_data=(breadcrumbs(("Approvals finder", "/approvals-finder")),))
def approvals_finder() -> rx.Component:
    return rx.fragment(
        page_hero(PAGE.heading, PAGE.intro),
        rx.el.div(finder(PAGE), class_name="container section"),
        section("What the finder covers", coverage(), id="coverage", tone="tint", extra_class="no-print"),
    )
