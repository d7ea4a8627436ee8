"""The records as the renewal calendar reads them: only settled periods, lead times and due
dates become numbers; everything else reaches the calendar as the fixed sentence that tells
the visitor to work from the date printed on the certificate."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .model import Record
from .registry import Law
from .status import (
    WHY_ASK_EXPIRY,
    computed_months,
    decision_days,
    filing_date,
    filing_every,
    lead_days,
    open_ended,
    say,
    sources_of,
)


@dataclass(frozen=True)
class Period:
    """A validity rule from the date it took effect; months only when settled and fixed;
    `open` when it settledly runs until cancelled (no expiry, no renewal)."""

    since: str
    months: int | None
    open: bool = False


@dataclass(frozen=True)
class CalendarFiling:
    name: str
    due: str
    month: int | None
    day: int | None
    source: str
    # Due every so many years from the issue date (settled only); None: a day in the year.
    every_years: int | None = None
    # The holders it concerns, where only some file it: the calendar asks before dating it.
    only: str | None = None
    # Due from the issue date rather than on a day of the year, whatever the status of its
    # period (the firm's advice may then give the schedule).
    periodic: bool = False


@dataclass(frozen=True)
class CalendarChange:
    id: str
    date: str
    title: str


@dataclass(frozen=True)
class CalendarRule:
    """One approval as the calendar (Python and browser alike) works with it."""

    id: str
    name: str
    # What the page says about the period today, and why the calendar asks for a printed date.
    # `renewal` below: the law's settled sentence on when to apply, or "".
    period: str
    why: str
    periods: tuple[Period, ...]
    # Days before expiry the law says to apply (settled only).
    lead: int | None
    renewal: str
    source: str
    # The authority's settled time to decide, in calendar days, and its public sentence: a
    # renewal filed later may not be decided before the expiry.
    decision: int | None = None
    decision_text: str = ""
    filings: tuple[CalendarFiling, ...] = ()
    changes: tuple[CalendarChange, ...] = field(default_factory=tuple)

    @property
    def months(self) -> int | None:
        """The period for a certificate issued today (None: ask for the printed expiry)."""
        return self.months_on(date.today().isoformat())

    def months_on(self, issued: str) -> int | None:
        """The period in force on the issue date (the earliest rule before any took effect)."""
        return self.period_on(issued).months

    def open_on(self, issued: str) -> bool:
        """Issued on that date, the approval runs until cancelled: there is nothing to renew."""
        return self.period_on(issued).open

    def period_on(self, issued: str) -> Period:
        current = self.periods[0]
        for period in self.periods:
            if period.since <= issued:
                current = period
        return current


def rule_for(record: Record, law: Law, today: date) -> CalendarRule:
    validity = record.validity_on(today)
    # Only the law's own words on renewal; without them the calendar gives the firm's advice.
    renewal = record.renewal.text if record.renewal is not None and record.renewal.status == "settled" else None
    decision = record.decision_on(today)
    days = decision_days(decision)
    return CalendarRule(
        id=record.id,
        name=record.name,
        period=say(validity, "validity"),
        why=WHY_ASK_EXPIRY if computed_months(validity) is None and not open_ended(validity) else "",
        periods=tuple(Period(v.since.isoformat(), computed_months(v), open_ended(v)) for v in record.validity),
        lead=lead_days(record.renewal),
        renewal=renewal or "",
        source=sources_of(record, validity) or sources_of(record, record.basis),
        decision=days,
        decision_text=say(decision, "decision") if days is not None and decision is not None else "",
        filings=tuple(
            CalendarFiling(
                name=f.name,
                due=say(f, "filing"),
                month=(filing_date(f) or (None, None))[0],
                day=(filing_date(f) or (None, None))[1],
                source=sources_of(record, f) or sources_of(record, record.basis),
                every_years=filing_every(f),
                only=f.only if f.status == "settled" else None,
                periodic=f.every_years is not None,
            )
            for f in record.filings
        ),
        changes=tuple(
            CalendarChange(u.id, u.date.isoformat(), u.change.title)
            for u in sorted(law.updates_for(record.id), key=lambda u: u.date)
        ),
    )


def finder_calendar_ids(law: Law, results: list[str]) -> list[list[str]]:
    """For each of the finder's results, the approvals whose records name it (`finder`): what
    "Add these to my calendar" ticks when that result applies, and nothing else."""
    return [[r.id for r in law.records.values() if result in r.finder] for result in results]


def calendar_rules(law: Law, today: date | None = None) -> CalendarRules:
    today = today or date.today()
    return CalendarRules({record.id: rule_for(record, law, today) for record in law.records.values()}, law.former)


class CalendarRules(dict[str, CalendarRule]):
    """The calendar's rules by approval id; an id an approval had before the records (kept in
    visitors' browsers and in reminder subscriptions) still finds it."""

    def __init__(self, rules: dict[str, CalendarRule], former: dict[str, str]) -> None:
        super().__init__(rules)
        self.former = dict(former)

    def canonical(self, approval_id: str) -> str:
        return self.former.get(approval_id, approval_id)

    def __contains__(self, approval_id: object) -> bool:
        return isinstance(approval_id, str) and super().__contains__(self.canonical(approval_id))

    def __getitem__(self, approval_id: str) -> CalendarRule:
        return super().__getitem__(self.canonical(approval_id))

    def get(self, approval_id: str, default: CalendarRule | None = None) -> CalendarRule | None:  # type: ignore[override]
        return super().get(self.canonical(approval_id), default)
