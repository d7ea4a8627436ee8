"""`python -m consultancy.law.check [--today YYYY-MM-DD]`: the records' facts by status and age,
and the three things that must never reach a visitor.

It fails (exit 1) on:
- a doubt word in public text: every string a page can show (service pages, site pages, the
  finder, the records' public sentences; the built HTML is scanned by a browser-suite test);
- a date the calendar would compute from a period, lead time or due date that is not settled,
  or an appeal window (days) given on an appeal that is not settled;
- a record, or a fact in it, last reviewed more than REVIEW_MONTHS ago;
- an approval a service page or the finder names whose record lists no documents.

The doubt words are a safety net: pages speak of unsettled facts only through the fixed
sentences of consultancy.law.status, so none of these words should ever be written.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pydantic import BaseModel

from consultancy.content.loader import Content, data_dir_in_use, load_content, read_toml

from .calendar import calendar_rules
from .model import STATUSES, Record
from .registry import Law
from .status import NOT_SETTLED, WHY_ASK_EXPIRY, say

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
# Fields of a service file that never reach a page: notes for the people who edit it.
INTERNAL_FIELDS = {"fact_checks"}


def find_doubts(text: str) -> list[str]:
    return [m.group(0) for m in DOUBT.finditer(text)]


@dataclass(frozen=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def _strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    """Every string inside a model, dict or list, with the field path it sits at."""
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            if name not in INTERNAL_FIELDS:
                yield from _strings(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}.{key}")
    elif isinstance(value, list | tuple):
        for n, item in enumerate(value):
            yield from _strings(item, f"{where}[{n}]")
    elif isinstance(value, str):
        yield where, value


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


def public_text(content: Content, data_dir: Path, today: date) -> Iterator[tuple[str, str]]:
    """Every string the site can show, with where it comes from."""
    for service in content.services:
        yield from _strings(service, f"data/services/{service.route}.toml:")
    for path in sorted((data_dir / "pages").glob("*.toml")):
        yield from _strings(read_toml(path), f"{path.relative_to(data_dir.parent)}:")
    yield from _strings(content.finder, "data/finder.toml:")
    for record in content.law.records.values():
        yield from record_public_text(record, content.law, today)
    for update in content.law.updates:
        yield f"data/law: changes {update.id}", update.change.title + " " + update.change.summary
    yield "consultancy/law/status.py: NOT_SETTLED", " ".join(NOT_SETTLED.values()) + " " + WHY_ASK_EXPIRY


def doubt_problems(content: Content, data_dir: Path, today: date) -> list[Problem]:
    problems = []
    for where, text in public_text(content, data_dir, today):
        for word in find_doubts(text):
            problems.append(Problem(where.rstrip(":"), f"doubt word '{word}' in public text: {text[:100]}"))
    return problems


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


def document_problems(content: Content) -> list[Problem]:
    """Every approval a service page or the finder names states what its application needs:
    the pages' checklists, the finder's list and the case tracker read `documents`."""
    named: dict[str, str] = {}
    for service in content.services:
        for approval in service.glance.approvals:
            named.setdefault(approval, f"the glance box of data/services/{service.route}.toml")
    approvals = {a.id for a in content.finder.approvals}
    for record in content.law.records.values():
        for result in record.finder:
            if result in approvals:
                named.setdefault(record.id, f"the finder's result '{result}'")
    problems = []
    for approval, where in sorted(named.items()):
        if not content.law.records[approval].documents:
            problems.append(Problem(f"data/law/{approval}.toml", f"documents: none listed, but {where} names it"))
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


def problems(today: date, data_dir: Path | None = None) -> list[Problem]:
    data_dir = data_dir or data_dir_in_use()
    content = load_content(data_dir)
    return [
        *doubt_problems(content, data_dir, today),
        *computed_problems(content.law, today),
        *stale_problems(content.law, today),
        *document_problems(content),
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m consultancy.law.check", description=__doc__.splitlines()[0])
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args(argv)
    content = load_content()
    for line in summary(content.law, args.today):
        print(line)
    found = problems(args.today)
    for problem in found:
        print(f"error: {problem}", file=sys.stderr)
    print(
        f"{len(found)} problem(s)"
        if found
        else "ok: no doubt words, no date on an unsettled fact, no stale record, every named approval has its documents"
    )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
