"""One regulatory update as the /regulatory-updates page shows it."""

from __future__ import annotations

import reflex as rx

from consultancy.components.ui import link
from consultancy.content.law_updates import Entry

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def long_date(entry: Entry) -> str:
    return f"{entry.date.day} {MONTHS[entry.date.month - 1]} {entry.date.year}"


def _row(term: str, *items: rx.Component | str) -> rx.Component:
    return rx.el.div(rx.el.dt(term), rx.el.dd(rx.el.ul(*[rx.el.li(i) for i in items])), class_name="update__row")


def update_entry(entry: Entry) -> rx.Component:
    rows: list[rx.Component] = []
    if entry.approvals:
        rows.append(_row("Approvals it touches", *entry.approvals))
    if entry.pages:
        rows.append(_row("Pages it affects", *[link(p.text, href=p.href) for p in entry.pages]))
    if entry.finder:
        rows.append(_row("Approvals finder answers", *[f.text for f in entry.finder]))
    rows.append(_row("Sources", *entry.sources))
    return rx.el.article(
        rx.el.h2(entry.title, class_name="update__title"),
        rx.el.p(
            "In force from ", rx.el.time(long_date(entry), date_time=entry.date.isoformat()), class_name="update__when"
        ),
        rx.el.p(entry.summary),
        rx.el.dl(*rows, class_name="update__facts"),
        id=entry.id,
        class_name="update",
    )
