"""The service page's "At a glance" box, read from the approvals' records (data/law/)."""

from __future__ import annotations

import reflex as rx

from consultancy.components.ui import link
from consultancy.content.models import Glance
from consultancy.law.public import FactsOf, update_anchor


def _unique(texts: list[str]) -> list[str]:
    """Two approvals may share a sentence (the fixed one for a fee nobody publishes): say it once."""
    seen: list[str] = []
    for text in texts:
        if text not in seen:
            seen.append(text)
    return seen


def _named(facts: list[FactsOf], text: dict[str, str]) -> list[rx.Component]:
    """One paragraph per approval, named when the box covers more than one."""
    if len(facts) == 1 or len(set(text.values())) == 1:
        return [rx.el.p(t) for t in _unique(list(text.values()))]
    return [rx.el.p(rx.el.strong(f"{f.name}: "), text[f.id]) for f in facts]


def _validity(f: FactsOf) -> rx.Component:
    parts: list[rx.Component] = [rx.el.p(rx.el.strong(f"{f.name}: "), f.validity)]
    if f.renewal:
        parts.append(rx.el.p(f.renewal))
    if f.filings:
        parts.append(rx.el.ul(*[rx.el.li(f"{name}: {due}") for name, due in f.filings], class_name="glance__filings"))
    return rx.el.div(*parts, class_name="glance__approval", data_approval=f.id)


def _updates(facts: list[FactsOf]) -> list[rx.Component]:
    seen: dict[str, tuple[str, object]] = {}
    for f in facts:
        for change_id, title, day in f.updates:
            seen.setdefault(change_id, (title, day))
    if not seen:
        return []
    return [
        rx.el.ul(
            *[rx.el.li(link(title, href=update_anchor(change_id))) for change_id, (title, _) in seen.items()],
            class_name="glance__updates",
        )
    ]


def glance_box(glance: Glance, facts: list[FactsOf], firm_fee: str) -> rx.Component:
    """Plain HTML, no script: authority, time limit, fee, validity, appeal and recent changes."""
    rows: list[tuple[str, list[rx.Component]]] = []
    if facts:
        rows.append(("Granted by", _named(facts, {f.id: f.authority for f in facts})))
    decisions = {f.id: f.decision for f in facts if f.decision}
    time = _named([f for f in facts if f.id in decisions], decisions) if decisions else []
    if glance.time:
        time.append(rx.el.p(glance.time))
    rows.append(("Time to a decision", time))
    fee = _named(facts, {f.id: f.fee for f in facts}) if facts else []
    sources = _unique([f.fee_source for f in facts if f.fee_source])
    if sources:
        fee.append(rx.el.p(f"Source: {'; '.join(sources)}", class_name="glance__source"))
    if glance.fee:
        fee.append(rx.el.p(glance.fee))
    rows.append(("Government fee", fee))
    validity = [_validity(f) for f in facts]
    if facts:
        # The calendar opens with this page's approvals ticked, ready for the certificate dates.
        ids = ",".join(f.id for f in facts)
        validity.append(
            rx.el.p(
                link("Add to my renewal calendar", href=f"/renewal-calendar?add={ids}"), class_name="glance__calendar"
            )
        )
    if glance.validity_note:
        validity.insert(0, rx.el.p(glance.validity_note))
    rows.append(("How long it is valid", validity))
    appeals = {f.id: f.appeal for f in facts if f.appeal}
    if appeals:
        rows.append(("If it is refused", _named([f for f in facts if f.id in appeals], appeals)))
    changes = _updates(facts)
    if changes:
        rows.append(("Changes in the law", changes))
    rows.append(("Our fee", [rx.el.p(firm_fee)]))
    return rx.el.dl(
        *[rx.el.div(rx.el.dt(term), rx.el.dd(*body), class_name="glance__row") for term, body in rows],
        class_name="glance",
    )
