"""What a page says about an approval, taken from its record: the words the status rules allow
and nothing else. The service pages' box, the FAQs' facts and the updates page read these."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .model import Record
from .registry import Law
from .status import NOT_SETTLED, Kind, decision_text, say, sources_of, validity_text

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
    # Where a refusal can be appealed and how soon (None where the record names no appeal).
    appeal: str | None
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
        appeal=None if record.appeal is None else say(record.appeal, "appeal"),
        updates=tuple((u.id, u.change.title, u.date) for u in law.updates_for(record.id)),
    )


def update_anchor(change_id: str) -> str:
    return f"{UPDATES_PATH}#{change_id}"


# In a page's text, `{approval-id.fact}` stands for what the record says of that fact today:
# a FAQ answer states the law through the record, so the two cannot disagree.
PLACEHOLDER = re.compile(r"\{([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]+)\}")
FILLABLE: dict[str, Kind] = {
    "authority": "authority",
    "basis": "basis",
    "validity": "validity",
    "renewal": "renewal",
    "decision": "decision",
    "fee": "fee",
    "forms": "forms",
    "portal": "portal",
    "appeal": "appeal",
}


def placeholder_problems(text: str, law: Law) -> list[str]:
    """What in `text` names no record or no fact of one (the loader reports these)."""
    problems = []
    for approval, fact in PLACEHOLDER.findall(text):
        if approval not in law.records:
            problems.append(f"'{{{approval}.{fact}}}': no record '{approval}'")
        elif fact not in FILLABLE:
            problems.append(f"'{{{approval}.{fact}}}': '{fact}' is not one of {', '.join(FILLABLE)}")
        elif fact not in ("validity", "renewal", "decision", "fee") and getattr(law.records[approval], fact) is None:
            problems.append(f"'{{{approval}.{fact}}}': the record '{approval}' has no {fact}")
    return problems


def fill(text: str, law: Law, today: date | None = None) -> str:
    today = today or date.today()

    def one(match: re.Match[str]) -> str:
        record = law.records[match.group(1)]
        name = match.group(2)
        if name == "validity":
            return validity_text(record, today)
        if name == "decision":
            return decision_text(record.decision_on(today)) or NOT_SETTLED["decision"]
        fact = getattr(record, name)
        return NOT_SETTLED[FILLABLE[name]] if fact is None else say(fact, FILLABLE[name])

    return PLACEHOLDER.sub(one, text)
