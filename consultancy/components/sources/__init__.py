"""The law's provenance under a service page's acts: when it was last reviewed, and the
regulators' texts it rests on (linked only to official sites)."""

import reflex as rx

from consultancy.components.ui import link
from consultancy.content.models import Source


def _source(source: Source) -> rx.Component:
    if source.url is None:
        return rx.el.li(source.name, class_name="law-review__source")
    return rx.el.li(
        link(
            source.name,
            rx.el.span(" (official site, opens in a new tab)", class_name="visually-hidden"),
            href=source.url,
            target="_blank",
            # The official site gets no handle on this page and no referrer.
            rel="noopener noreferrer",
        ),
        class_name="law-review__source",
    )


def law_review(reviewed_label: str, sources: list[Source]) -> rx.Component:
    """`reviewed_label` is Service.reviewed_label ("Law on this page last reviewed: <month year>")."""
    return rx.el.div(
        rx.el.p(reviewed_label, id="law-reviewed", class_name="law-review__date"),
        rx.el.h3("Sources", id="sources-title", class_name="law-review__title"),
        rx.el.ul(*[_source(s) for s in sources], id="sources", class_name="law-review__list"),
        class_name="law-review",
        aria_labelledby="sources-title",
        role="group",
    )
