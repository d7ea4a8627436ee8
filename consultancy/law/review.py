"""The review of the records of data/law/, by the law alone: the doubt words no public text may
hold, a date the calendar would compute from a fact that is not settled, a record or fact not
reviewed for REVIEW_MONTHS, and the facts by status and age (what to research next).

`python -m consultancy.content.law_check` runs these over the whole site (every page's text
as well as the records'); this module reads nothing but the law.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from .calendar import calendar_rules
from .model import STATUSES, Record
from .registry import Law
from .status import say

REVIEW_MONTHS = 12

# Words an editor uses among colleagues and a page must not: each says "we do not know".
DOUBT = re.compile(
    r"to be confirmed|being confirmed|not yet confirmed|unconfirmed"
    r"|until (?:its|the) \w+ (?:is|are) confirmed"
    r"|to verify|to be verified|\bas we read it\b|\bbelieved\b|\breportedly\b|\breports? (?:say|suggest)"
    r"|\b(?:is|are|was|were|as|been) reported\b|\breported (?:to|as|that)\b"
    r"|being notified|\(confidence|\bconfidence (?:high|medium|low)|\bprobably\b|\bwe think\b"
    r"|\bit seems\b|\bappears to\b|\bas we read\b"
    r"|\bis said to\b|\bmay have become\b|\bnot (?:yet )?settled\b|\bunsettled\b|\bunclear whether\b",
    re.IGNORECASE,
)


def find_doubts(text: str) -> list[str]:
    return [m.group(0) for m in DOUBT.finditer(text)]


@dataclass(frozen=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def record_public_text(record: Record, law: Law, today: date) -> Iterator[tuple[str, str]]:
    """What a page can say from a record: its name, the sentences its facts' statuses allow,
    its filings' names, its changes and its sources' titles. Never `note`."""
    where = f"data/law/{record.id}.toml"
    yield f"{where}: name", record.name
    kinds = {"filings": "filing", "decision": "decision", "validity": "validity"}
    for field, fact in record.facts():
        kind = kinds.get(field.split("[")[0], field.split("[")[0])
        yield f"{where}: {field}", say(fact, kind)  # type: ignore[arg-type]
        for name in ("name", "office"):
            if isinstance(getattr(fact, name, None), str):
                yield f"{where}: {field}.{name}", getattr(fact, name)
    if record.appeal is not None and record.appeal.to is not None:
        yield f"{where}: appeal.to", record.appeal.to
    for n, document in enumerate(record.documents):
        for name in ("name", "description", "when"):
            if getattr(document, name) is not None:
                yield f"{where}: documents[{n}].{name}", getattr(document, name)
    for n, change in enumerate(record.changes):
        yield f"{where}: changes[{n}].title", change.title
        yield f"{where}: changes[{n}].summary", change.summary
    for key, source in record.sources.items():
        yield f"{where}: sources.{key}.title", source.title


def computed_problems(law: Law, today: date) -> list[Problem]:
    """A number the calendar computes with must rest on a settled fact."""
    problems = []
    rules = calendar_rules(law, today)
    for record in law.records.values():
        rule = rules[record.id]
        where = f"data/law/{record.id}.toml"
        for period, value in zip(rule.periods, record.validity, strict=True):
            if period.months is not None and value.status != "settled":
                problems.append(
                    Problem(where, f"validity since {value.since}: a {value.status} period computes a date")
                )
        if rule.lead is not None and (record.renewal is None or record.renewal.status != "settled"):
            problems.append(Problem(where, "renewal: an unsettled lead time computes a date"))
        for filing, source in zip(rule.filings, record.filings, strict=True):
            if (filing.month is not None or filing.every_years is not None) and source.status != "settled":
                problems.append(Problem(where, f"filings '{source.name}': an unsettled due date computes a date"))
        for period, value in zip(rule.periods, record.validity, strict=True):
            if period.open and value.status != "settled":
                problems.append(
                    Problem(where, f"validity since {value.since}: an unsettled 'until cancelled' drops a renewal")
                )
        decision = record.decision_on(today)
        if rule.decision is not None and (decision is None or decision.status != "settled"):
            problems.append(Problem(where, "decision: an unsettled time to decide computes a date"))
        # An appeal window is a number a reader counts from the date of an order: only a settled one.
        if record.appeal is not None and record.appeal.days is not None and record.appeal.status != "settled":
            problems.append(Problem(where, f"appeal: a {record.appeal.status} window of {record.appeal.days} days"))
    return problems


def months_between(earlier: date, later: date) -> int:
    return (later.year - earlier.year) * 12 + later.month - earlier.month - (later.day < earlier.day)


def stale_problems(law: Law, today: date) -> list[Problem]:
    problems = []
    for record in law.records.values():
        where = f"data/law/{record.id}.toml"
        if months_between(record.reviewed, today) >= REVIEW_MONTHS:
            problems.append(Problem(where, f"reviewed {record.reviewed}: more than {REVIEW_MONTHS} months ago"))
        if record.reviewed > today:
            # A date not yet reached is a typing mistake; it would also hide the record's age.
            problems.append(Problem(where, f"reviewed {record.reviewed}: a day that has not come yet"))
        for field, fact in record.facts():
            if months_between(fact.reviewed, today) >= REVIEW_MONTHS and fact.reviewed != record.reviewed:
                problems.append(
                    Problem(where, f"{field}: reviewed {fact.reviewed}, more than {REVIEW_MONTHS} months ago")
                )
    return problems


def summary(law: Law, today: date) -> list[str]:
    """Facts by status, and each fact that is not settled with its age: what to research next."""
    counts: Counter[str] = Counter()
    open_facts: list[tuple[str, str, str, int]] = []
    for record in law.records.values():
        for field, fact in record.facts():
            counts[fact.status] += 1
            if fact.status != "settled":
                age = (today - fact.reviewed).days
                open_facts.append((fact.status, record.id, field, age))
    lines = [
        f"{len(law.records)} records, {sum(counts.values())} facts: " + ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    ]
    lines.append(f"{len(law.updates)} change entries on the updates page")
    with_documents = [r for r in law.records.values() if r.documents]
    lines.append(
        f"{len(with_documents)} records list {sum(len(r.documents) for r in with_documents)} documents;"
        f" {sum(r.appeal is not None for r in law.records.values())} give an appeal"
        f" ({sum(r.appeal is not None and r.appeal.status == 'settled' for r in law.records.values())} settled)"
    )
    for status in ("reported", "unsettled"):
        lines.append(f"{status}:")
        lines += [
            f"  {rid}: {field} (reviewed {age} days ago)" for s, rid, field, age in sorted(open_facts) if s == status
        ]
    return lines
