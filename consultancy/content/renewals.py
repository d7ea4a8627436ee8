"""The renewal calendar's rules: an approval's certificate date becomes dated deadlines.

The browser runs the same rules (components/renewal_calendar/renewals.js) so the page works
with no backend; tests hold the two to the same items and the same .ics file, byte for byte.
Python builds the file with `icalendar`, the oracle the browser's writer is checked against.

Dates are calendar dates (all-day, Asia/Kolkata): no clock time is ever involved, so no
time-zone arithmetic can move a deadline by a day.
"""

from __future__ import annotations

import calendar
import functools
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event
from pydantic import Field

# today_in_kolkata: the renewal rules' "today", as callers of this module know it.
from consultancy.content.india import today_in_kolkata  # noqa: F401
from consultancy.content.loader import content, data_dir_in_use, load_model
from consultancy.content.models import Model, PageMeta, Text
from consultancy.law import law
from consultancy.law.calendar import CalendarRule

MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# The alarm fires this long before each deadline: time to gather papers and call the firm.
ALARM_DAYS = 14
# An overdue deadline is put on the first morning after the file is made, its alarm at this
# hour in India: an alarm before a date already past could never fire.
OVERDUE_HOUR = 9
KOLKATA = ZoneInfo("Asia/Kolkata")
DateKind = Literal["issue", "expiry"]


class RenewalCalendarPage(Model):
    """data/pages/renewal-calendar.toml: the page's words; the rules come from data/law/."""

    meta: PageMeta
    heading: Text
    intro: Text
    privacy: Text
    issue_hint: Text
    expiry_hint: Text
    empty: Text
    disclaimer: Text
    steps: Annotated[list[Text], Field(min_length=2)]


@functools.cache
def page() -> RenewalCalendarPage:
    return load_model(data_dir_in_use() / "pages" / "renewal-calendar.toml", RenewalCalendarPage)


def reviewed() -> date:
    """When the records were last reviewed: the oldest review of any of them."""
    return min(record.reviewed for record in law().records.values())


def add_months(start: date, months: int) -> date:
    """`months` calendar months on, held to the month's last day: 31 January + 1 month is
    28 (or 29) February, and 29 February + 12 months is 28 February."""
    total = start.month - 1 + months
    year, month = start.year + total // 12, total % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def on_or_after(month: int, day: int, today: date) -> date:
    """The next `day` `month` from today (today itself counts); a day past the month's end
    (29 February in a common year) is the month's last day."""
    for year in (today.year, today.year + 1):
        due = date(year, month, min(day, calendar.monthrange(year, month)[1]))
        if due >= today:
            return due
    raise AssertionError("unreachable: next year's date is always after today")


def expiry_of(approval: CalendarRule, given: date, kind: DateKind) -> date:
    """The expiry: the date given where it is the expiry, else the issue date plus the settled
    period in force on that date. Without one only the expiry printed on the approval will do."""
    if kind == "expiry":
        return given
    months = approval.months_on(given.isoformat())
    if months is None:
        raise ValueError("no settled period: ask for the expiry date")
    return add_months(given, months)


def recent_changes(approval: CalendarRule, today: date) -> list[str]:
    """The changes in the law touching this approval in the two years to today, named so the
    visitor knows their dates may have moved."""
    start = f"{today.year - 2:04d}{today.isoformat()[4:]}"
    return [
        f"{c.title} (from {label(date.fromisoformat(c.date))})"
        for c in approval.changes
        if start <= c.date <= today.isoformat()
    ]


def label(day: date) -> str:
    return f"{day.day} {MONTH_ABBR[day.month - 1]} {day.year}"


@dataclass(frozen=True)
class Item:
    """One dated deadline in the visitor's list."""

    approval: str
    kind: Literal["renewal", "filing"]
    title: str
    date: str
    rule: str
    source: str
    overdue: bool
    uid: str
    # A return repeats each year while the approval is held: to its expiry where the visitor
    # gave a date, open-ended (None) where not.
    until: str | None = None


def _renewal(approval_id: str, approval: CalendarRule, given: date, kind: DateKind, today: date) -> Item:
    expiry = expiry_of(approval, given, kind)
    lead = approval.lead or 0
    apply_by = expiry - timedelta(days=lead)
    if kind == "issue":
        rule = f"Issued {label(given)}; runs {approval.months_on(given.isoformat())} months, to {label(expiry)}."
    else:
        rule = f"Expires {label(expiry)}, the date on your certificate."
    rule += " " + approval.renewal
    changes = recent_changes(approval, today)
    if changes:
        rule += " Changed in the law recently: " + "; ".join(changes) + "."
    return Item(
        approval=approval_id,
        kind="renewal",
        title=f"Apply to renew: {approval.name}",
        date=apply_by.isoformat(),
        rule=rule,
        source=approval.source,
        overdue=apply_by < today,
        uid=f"{approval_id}.renewal.{apply_by.isoformat()}",
    )


def items(
    approvals: dict[str, CalendarRule], held: dict[str, dict[str, str]], today: date
) -> tuple[list[Item], list[dict[str, str]]]:
    """The visitor's dated deadlines, overdue first, then by date; and what has no fixed date
    (listed, not dated). `held` maps an approval id to {"date": ISO date or "", "kind":
    "issue" | "expiry"}; unknown ids and unreadable dates are skipped. A date only ever rests on
    a settled period: an issue date with none in force asks for the printed expiry instead."""
    dated: list[Item] = []
    undated: list[dict[str, str]] = []
    for approval_id, choice in held.items():
        approval = approvals.get(approval_id)
        if approval is None:
            continue
        approval_id = approval.id
        given = _parse(choice.get("date", ""))
        kind: DateKind = "issue" if choice.get("kind") == "issue" and approval.months is not None else "expiry"
        expiry: date | None = None
        if given is not None and kind == "issue" and approval.months_on(given.isoformat()) is None:
            undated.append({"approval": approval_id, "name": f"Apply to renew: {approval.name}", "due": approval.why})
        elif given is not None:
            dated.append(_renewal(approval_id, approval, given, kind, today))
            expiry = expiry_of(approval, given, kind)
        for n, filing in enumerate(approval.filings):
            if filing.month is None or filing.day is None:
                undated.append({"approval": approval_id, "name": filing.name, "due": filing.due})
                continue
            due = on_or_after(filing.month, filing.day, today)
            dated.append(
                Item(
                    approval=approval_id,
                    kind="filing",
                    title=f"File: {filing.name}",
                    date=due.isoformat(),
                    rule=f"{filing.due} Filed while you hold the {approval.name}.",
                    source=filing.source,
                    overdue=False,
                    uid=f"{approval_id}.filing{n}.{due.isoformat()}",
                    until=None if expiry is None else expiry.isoformat(),
                )
            )
    dated.sort(key=lambda i: (not i.overdue, i.date, i.title))
    return dated, undated


def _parse(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def description(item: Item, firm: str, phone: str) -> str:
    return f"{item.rule}\nSource: {item.source}.\nQuestions or help with the renewal: {firm}, {phone}."


def first_morning(stamp: datetime) -> datetime:
    """The first OVERDUE_HOUR in Kolkata after `stamp`, in UTC: when an overdue item's alarm fires."""
    local = stamp.astimezone(KOLKATA)
    morning = local.replace(hour=OVERDUE_HOUR, minute=0, second=0, microsecond=0)
    if morning <= local:
        morning += timedelta(days=1)
    return morning.astimezone(UTC)


def yearly(item: Item) -> dict[str, object] | None:
    """A return's RRULE: every year on its day while the approval is held; none when the
    approval expires before the first one. 29 February repeats as February's last day (a
    plain yearly rule would skip common years); counted from a common year's 28th it stays
    on the 28th, a day early in a leap year, never late."""
    due = date.fromisoformat(item.date)
    until = None if item.until is None else date.fromisoformat(item.until)
    if until is not None and until < due:
        return None
    rule: dict[str, object] = {"freq": "yearly"}
    if (due.month, due.day) == (2, 29):
        rule |= {"bymonthday": -1, "bymonth": 2}
    if until is not None:
        rule["until"] = until
    return rule


def _alarm(title: str, trigger: timedelta | datetime) -> Alarm:
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", title)
    if isinstance(trigger, datetime):
        alarm.add("trigger", trigger, parameters={"VALUE": "DATE-TIME"})
    else:
        alarm.add("trigger", trigger)
    return alarm


def ics(dated: list[Item], firm: str, phone: str, domain: str, stamp: datetime) -> bytes:
    """The deadlines as an iCalendar file: one all-day event per deadline with the rule, its
    source and the firm's phone in the description. An upcoming one has an alarm ALARM_DAYS
    before; an overdue one says so in its title and sits on the first morning after the file
    is made (`first_morning`), with an alarm then, as does one whose usual alarm would fall
    before that morning; a return repeats yearly (`yearly`)."""
    cal = Calendar()
    cal.add("prodid", f"-//{firm}//Renewal calendar//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", "Renewals and returns")
    morning = first_morning(stamp)
    morning_day = morning.astimezone(KOLKATA).date()
    for item in dated:
        day = date.fromisoformat(item.date)
        title, text = item.title, description(item, firm, phone)
        if item.overdue:
            title = f"Overdue: {item.title}"
            text = f"Due by {label(day)}: act on it now.\n{text}"
            day = morning_day
        event = Event()
        event.add("uid", f"{item.uid}@{domain}")
        event.add("dtstamp", stamp)
        event.add("dtstart", day)
        event.add("dtend", day + timedelta(days=1))
        if item.kind == "filing" and (rule := yearly(item)) is not None:
            event.add("rrule", rule)
        event.add("summary", title)
        event.add("description", text)
        event.add("transp", "TRANSPARENT")
        if not item.overdue:
            event.add_component(_alarm(title, timedelta(days=-ALARM_DAYS)))
        # The usual alarm falls before the file is made: one more, on the first morning.
        if item.overdue or date.fromisoformat(item.date) - timedelta(days=ALARM_DAYS) <= morning_day:
            event.add_component(_alarm(title, morning))
        cal.add_component(event)
    return cal.to_ical(sorted=False)


def site_domain() -> str:
    """The UIDs' domain: the host of the site's own address in data/site.toml."""
    host = urlsplit(content().site.site_url).hostname
    if not host:
        raise ValueError("data/site.toml: site_url has no host name")
    return host


def browser_data() -> dict:
    """What the page ships to the browser: every approval's rule inputs and its service page."""
    data = content()
    routes: dict[str, str] = {}
    for service in data.services:
        for approval_id in service.glance.approvals:
            routes.setdefault(approval_id, f"/{service.route}")
    return {
        "approvals": [
            {
                "id": approval_id,
                "name": a.name,
                "period": a.period,
                "why": a.why,
                "months": a.months,
                "periods": [asdict(p) for p in a.periods],
                "lead": a.lead,
                "renewal": a.renewal,
                "source": a.source,
                "route": routes.get(approval_id),
                "filings": [asdict(f) for f in a.filings],
                "changes": [asdict(c) for c in a.changes],
            }
            for approval_id, a in data.validity.items()
        ],
        "former": dict(data.validity.former),
        "firm": data.site.name,
        "phone": data.site.phone,
        "domain": site_domain(),
        "alarmDays": ALARM_DAYS,
    }


def as_dicts(dated: list[Item]) -> list[dict]:
    return [asdict(i) for i in dated]
