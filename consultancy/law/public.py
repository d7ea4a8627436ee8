"""What a page says about an approval, taken from its record: the words the status rules allow
and nothing else. The service pages' box, the FAQs' facts and the updates page read these."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .model import Record
from .registry import Law
from .status import NOT_SETTLED, say, sources_of

UPDATES_PATH = "/regulatory-updates"


@dataclass(frozen=True)
class FactsOf:
    """One approval's facts in public words."""

    id: str
    name: str
    authority: str
    decision: str | None
    fee: str
    fee_source: str
    validity: str
    renewal: str | None
    filings: tuple[tuple[str, str], ...]
    # (change id, title, date) of the changes in the law that touch it, newest first.
    updates: tuple[tuple[str, str, date], ...]


def facts_of(record: Record, law: Law, today: date | None = None) -> FactsOf:
    today = today or date.today()
    decision = record.decision_on(today)
    return FactsOf(
        id=record.id,
        name=record.name,
        authority=say(record.authority, "authority"),
        decision=None if decision is None else say(decision, "decision"),
        fee=say(record.fee, "fee") if record.fee is not None else NOT_SETTLED["fee"],
        fee_source=sources_of(record, record.fee) if record.fee is not None and record.fee.status == "settled" else "",
        validity=say(record.validity_on(today), "validity"),
        renewal=None if record.renewal is None else say(record.renewal, "renewal"),
        filings=tuple((f.name, say(f, "filing")) for f in record.filings),
        updates=tuple((u.id, u.change.title, u.date) for u in law.updates_for(record.id)),
    )


def update_anchor(change_id: str) -> str:
    return f"{UPDATES_PATH}#{change_id}"
