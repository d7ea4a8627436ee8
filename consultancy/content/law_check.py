"""`python -m consultancy.content.law_check [--today YYYY-MM-DD]`: the records' facts by status
and age, and the three things that must never reach a visitor.

It fails (exit 1) on:
- a doubt word in public text: every string a page can show (service pages, site pages, the
  finder, the records' public sentences; the built HTML is scanned by a browser-suite test);
- a date the calendar would compute from a period, lead time or due date that is not settled,
  or an appeal window (days) given on an appeal that is not settled;
- a record, or a fact in it, last reviewed more than REVIEW_MONTHS ago;
- an approval a service page or the finder names whose record lists no documents.

The doubt words are a safety net: pages speak of unsettled facts only through the fixed
sentences of consultancy.law.status, so none of these words should ever be written.
It lives above the law (consultancy/law/review.py holds the checks of the records alone)
because it reads the pages and the finder too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from pydantic import BaseModel

from consultancy.datafiles import data_dir_in_use, read_toml
from consultancy.law.review import (
    Problem,
    computed_problems,
    find_doubts,
    record_public_text,
    stale_problems,
    summary,
)
from consultancy.law.status import NOT_SETTLED, WHY_ASK_EXPIRY

from .loader import Content, load_content

# Fields of a service file that never reach a page: notes for the people who edit it.
INTERNAL_FIELDS = {"fact_checks"}


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
    parser = argparse.ArgumentParser(
        prog="python -m consultancy.content.law_check", description=__doc__.splitlines()[0]
    )
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
