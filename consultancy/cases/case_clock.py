"""The legal clock of one filed approval: the date by which the authority must decide, and the
date from which a deemed approval applies, counted from the filing date and the record's time
limit (data/law/<id>.toml, `decision`).

Only a settled limit computes a date (consultancy.law.status): a reported or unsettled one
gives none, and the page shows the filing date alone. A limit in working days counts Monday
to Friday: the site has no list of Odisha's or India's public holidays, so a holiday is
counted as a working day and the date shown may be a day or two early (docs/cases.md). Days
while an authority's query waits for the reply do not count: the clock stops when a query is
raised and runs again from the day after it is answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from consultancy.law.model import Decision, Record

# Monday (0) to Friday (4).
WORKING_WEEKDAYS = frozenset(range(5))


@dataclass(frozen=True)
class Clock:
    # None when the limit is not settled or the approval is not filed.
    decide_by: date | None
    # From this day a deemed approval applies (the law provides one and the limit passed).
    deemed_from: date | None
    # A query is waiting for its reply: the clock is stopped.
    paused: bool
    # Past the decision date on `today`, not paused.
    overdue: bool
    # The rule in words for staff ("90 days", "30 working days"); "" without a settled limit.
    rule: str


Pause = tuple[date, date | None]

NO_CLOCK = Clock(None, None, False, False, "")


def settled_limit(record: Record | None, filed_on: date) -> Decision | None:
    """The decision rule in force on the filing date, when it is settled and gives days."""
    if record is None:
        return None
    decision = record.decision_on(filed_on)
    if decision is None or decision.status != "settled" or decision.days is None:
        return None
    return decision


def _paused_on(day: date, pauses: list[Pause]) -> bool:
    # A query raised on a day stops the clock from that day; its answer restarts it the day after.
    return any(start <= day and (end is None or day <= end) for start, end in pauses)


def count_from(filed_on: date, days: int, *, working_days: bool, pauses: list[Pause]) -> date | None:
    """The day on which the `days`-th counted day falls, after the filing date; None while a
    query is still open (the end is not known until it is answered)."""
    if any(end is None for _, end in pauses):
        return None
    day, counted = filed_on, 0
    # Bounded: a limit is at most 730 days, pauses at most a few years between them.
    for _ in range(20_000):
        day += timedelta(days=1)
        if _paused_on(day, pauses):
            continue
        if working_days and day.weekday() not in WORKING_WEEKDAYS:
            continue
        counted += 1
        if counted == days:
            return day
    # Unreachable with the dates a case accepts; a date shown wrong would be worse than none.
    return None


def clock(record: Record | None, filed_on: date | None, pauses: list[Pause], today: date, *, decided: bool) -> Clock:
    """The approval's clock on `today`; `decided` once it is granted or refused (nothing is overdue)."""
    if filed_on is None:
        return NO_CLOCK
    decision = settled_limit(record, filed_on)
    if decision is None or decision.days is None:
        return NO_CLOCK
    paused = any(end is None for _, end in pauses)
    rule = f"{decision.days} {'working days' if decision.working_days else 'days'}"
    decide_by = count_from(filed_on, decision.days, working_days=decision.working_days, pauses=pauses)
    deemed = decide_by + timedelta(days=1) if decide_by is not None and decision.deemed else None
    overdue = not decided and not paused and decide_by is not None and today > decide_by
    return Clock(decide_by, deemed, paused, overdue, rule)
