"""The records as the renewal calendar reads them: only settled periods, lead times and due
dates become numbers; everything else reaches the calendar as the fixed sentence that tells
the visitor to work from the date printed on the certificate."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .model import Record
from .registry import Law
from .status import NOT_SETTLED, WHY_ASK_EXPIRY, computed_months, filing_date, lead_days, say, sources_of


@dataclass(frozen=True)
class Period:
    """A validity rule from the date it took effect; months only when settled and fixed."""

    since: str
    months: int | None


@dataclass(frozen=True)
class CalendarFiling:
    name: str
    due: str
    month: int | None
    day: int | None
    source: str


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
    period: str
    why: str
    periods: tuple[Period, ...]
    lead: int | None
    renewal: str
    source: str
    filings: tuple[CalendarFiling, ...] = ()
    changes: tuple[CalendarChange, ...] = field(default_factory=tuple)

    @property
    def months(self) -> int | None:
        """The period for a certificate issued today (None: ask for the printed expiry)."""
        return self.months_on(date.today().isoformat())

    def months_on(self, issued: str) -> int | None:
        """The period in force on the issue date (the earliest rule before any took effect)."""
        current = self.periods[0].months
        for period in self.periods:
            if period.since <= issued:
                current = period.months
        return current


def rule_for(record: Record, law: Law, today: date) -> CalendarRule:
    validity = record.validity_on(today)
    renewal = say(record.renewal, "renewal") if record.renewal is not None else NOT_SETTLED["renewal"]
    return CalendarRule(
        id=record.id,
        name=record.name,
        period=say(validity, "validity"),
        why=WHY_ASK_EXPIRY if computed_months(validity) is None else "",
        periods=tuple(Period(v.since.isoformat(), computed_months(v)) for v in record.validity),
        lead=lead_days(record.renewal),
        renewal=renewal,
        source=sources_of(record, validity) or sources_of(record, record.basis),
        filings=tuple(
            CalendarFiling(
                name=f.name,
                due=say(f, "filing"),
                month=(filing_date(f) or (None, None))[0],
                day=(filing_date(f) or (None, None))[1],
                source=sources_of(record, f) or sources_of(record, record.basis),
            )
            for f in record.filings
        ),
        changes=tuple(
            CalendarChange(u.id, u.date.isoformat(), u.change.title)
            for u in sorted(law.updates_for(record.id), key=lambda u: u.date)
        ),
    )


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
