"""The renewal calendar's rules: an approval's certificate date becomes dated deadlines.

The browser runs the same rules (components/renewal_calendar/renewals.js) so the page works
with no backend; tests hold the two to the same items and the same .ics file, byte for byte.
Python builds the file with `icalendar`, the oracle the browser's writer is checked against.

Dates are calendar dates (all-day, Asia/Kolkata): no clock time is ever involved, so no
time-zone arithmetic can move a deadline by a day.

A room of its own beside the content it reads (the site's pages and data): the calendar's rules
are a subject in themselves, and what grows with the law's records grows here.
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
from pydantic import Field, model_validator

# today_in_kolkata: the renewal rules' "today", as callers of this module know it.
from consultancy.content.india import today_in_kolkata  # noqa: F401
from consultancy.content.loader import content, data_dir_in_use, load_model
from consultancy.content.models import Model, PageMeta, Text
from consultancy.law import law
from consultancy.law.calendar import CalendarFiling, CalendarRule

MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# The alarm fires this long before each deadline: time to gather papers and call the firm.
ALARM_DAYS = 14
# An overdue deadline is put on the first morning after the file is made, its alarm at this
# hour in India: an alarm before a date already past could never fire.
OVERDUE_HOUR = 9
KOLKATA = ZoneInfo("Asia/Kolkata")
DateKind = Literal["issue", "expiry"]


class Advice(Model):
    """The firm's own advice on how early to act: never law, and shown as the firm's."""

    months_before: Annotated[int, Field(ge=1, le=12)]
    reason: Text
    # A fee the firm schedules every so many years from the issue date where the law's own
    # period for it is not settled (the approval's filing with `every_years` in its record).
    every_years: Annotated[int, Field(ge=1, le=50)] | None = None


class RenewalCalendarPage(Model):
    """data/pages/renewal-calendar.toml: the page's words and the firm's advice; the rules
    come from data/law/."""

    meta: PageMeta
    heading: Text
    intro: Text
    privacy: Text
    issue_hint: Text
    expiry_hint: Text
    empty: Text
    disclaimer: Text
    steps: Annotated[list[Text], Field(min_length=2)]
    # By approval id, and "default" for the others.
    advice: dict[str, Advice]

    @model_validator(mode="after")
    def _default_advice(self) -> RenewalCalendarPage:
        if "default" not in self.advice:
            raise ValueError("advice: give a 'default' entry (the apply-by date is never the expiry day)")
        return self


@functools.cache
def page() -> RenewalCalendarPage:
    return load_model(data_dir_in_use() / "pages" / "renewal-calendar.toml", RenewalCalendarPage)


def advice_for(approval_id: str) -> Advice:
    advice = page().advice
    return advice.get(approval_id, advice["default"])


NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def months_words(months: int) -> str:
    return f"{NUMBER_WORDS[months - 1]} month{'s' if months > 1 else ''}"


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
    # Past its date: kept in the list (and in what reminders and staff read), flagged.
    overdue: bool
    uid: str
    # A return repeats every `every` years while the approval is held, renewed or not (1: a
    # yearly return; 5: a fee every five years); a renewal does not repeat (0).
    every: int = 0
    # A renewal's expiry date: once past, the approval has lapsed.
    expires: str | None = None


def apply_by(approval: CalendarRule, expiry: date) -> tuple[date, str]:
    """When to apply, and why: the expiry less the longest of the law's lead time, the
    authority's time to decide (both settled only) and the firm's own advice. Never the
    expiry day itself; the firm's advice is said to be the firm's."""
    advice = advice_for(approval.id)
    advised = add_months(expiry, -advice.months_before)
    choices = [(advised, f"We advise applying {months_words(advice.months_before)} before the expiry: {advice.reason}")]
    if approval.decision is not None:
        choices.append(
            (expiry - timedelta(days=approval.decision), f"{approval.decision_text} Apply in time for the decision.")
        )
    if approval.lead is not None:
        choices.append((expiry - timedelta(days=approval.lead), approval.renewal))
    # The earliest date; on a tie the law's reason (listed last) is the one given first, and
    # the law's other settled sentences follow it.
    day = min(d for d, _ in choices)
    why = [w for d, w in choices if d == day][-1]
    said = [why] + [w for _, w in choices[1:] if w != why]
    return day, " ".join(said)


def _renewal(approval_id: str, approval: CalendarRule, given: date, kind: DateKind, today: date) -> Item:
    expiry = expiry_of(approval, given, kind)
    due, why = apply_by(approval, expiry)
    if kind == "issue":
        rule = f"Issued {label(given)}; runs {approval.months_on(given.isoformat())} months, to {label(expiry)}."
    else:
        rule = f"Expires {label(expiry)}, the date on your certificate."
    rule += " " + why
    changes = recent_changes(approval, today)
    if changes:
        rule += " Changed in the law recently: " + "; ".join(changes) + "."
    return Item(
        approval=approval_id,
        kind="renewal",
        title=f"Apply to renew: {approval.name}",
        date=due.isoformat(),
        rule=rule,
        source=approval.source,
        overdue=due < today,
        uid=f"{approval_id}.renewal.{due.isoformat()}",
        expires=expiry.isoformat(),
    )


def every_years(approval: CalendarRule, filing: CalendarFiling) -> tuple[int, bool] | None:
    """A fee due every so many years from the issue: (years, whether the firm's advice sets
    them) from the settled record, else from the firm's advice; None for a yearly return."""
    if filing.every_years is not None:
        return filing.every_years, False
    advised = advice_for(approval.id).every_years
    if advised is not None and filing.periodic:
        return advised, True
    return None


def asks_issue(approval: CalendarRule) -> bool:
    """The calendar can work from the issue date: a settled period or no expiry today, or a
    fee counted from the issue."""
    today = date.today().isoformat()
    periodic = any(every_years(approval, f) is not None for f in approval.filings)
    return approval.months_on(today) is not None or approval.open_on(today) or periodic


def _periodic(
    approval_id: str, approval: CalendarRule, n: int, filing: CalendarFiling, issued: date, today: date
) -> Item:
    years, advised = every_years(approval, filing) or (0, False)
    months = advice_for(approval.id).months_before
    k = 1
    while add_months(issued, 12 * years * k) < today:
        k += 1
    due = add_months(issued, 12 * years * k)
    pay_by = add_months(due, -months)
    if advised:
        rule = (
            f"We advise paying it every {years} years from the issue on {label(issued)}, the next by {label(due)}, "
            f"and paying {months_words(months)} early: {advice_for(approval.id).reason}"
        )
    else:
        rule = f"{filing.due} The next falls on {label(due)}; we advise paying {months_words(months)} early."
    return Item(
        approval=approval_id,
        kind="filing",
        title=f"Pay: {filing.name}",
        date=pay_by.isoformat(),
        rule=f"{rule} Paid while you hold the {approval.name}.",
        source=filing.source,
        overdue=pay_by < today,
        uid=f"{approval_id}.filing{n}.{due.isoformat()}",
        every=years,
    )


def items(
    approvals: dict[str, CalendarRule], held: dict[str, dict[str, object]], today: date
) -> tuple[list[Item], list[dict[str, str]]]:
    """The visitor's dated deadlines, overdue first, then by date; and what has no fixed date
    (listed, not dated). `held` maps an approval id to {"date": ISO date or "", "kind":
    "issue" | "expiry", "files": [names of the returns only some holders file, that this one
    does]}; unknown ids and unreadable dates are skipped. A date only ever rests on a settled
    fact or the firm's stated advice: an issue date with no settled period in force asks for
    the printed expiry instead, and one with no expiry (valid until cancelled) has no renewal."""
    dated: list[Item] = []
    undated: list[dict[str, str]] = []
    for approval_id, choice in held.items():
        approval = approvals.get(approval_id)
        if approval is None:
            continue
        approval_id = approval.id
        text = choice.get("date", "")
        given = _parse(text if isinstance(text, str) else "")
        kind: DateKind = "issue" if choice.get("kind") == "issue" and asks_issue(approval) else "expiry"
        files = choice.get("files")
        files = [f for f in files if isinstance(f, str)] if isinstance(files, list) else []
        issued = given if kind == "issue" else None
        periodic = [every_years(approval, f) is not None for f in approval.filings]
        if given is not None and kind == "issue" and (approval.open_on(given.isoformat()) or any(periodic)):
            pass  # No expiry to renew: the approval runs until cancelled, or while its fee is paid.
        elif given is not None and kind == "issue" and approval.months_on(given.isoformat()) is None:
            undated.append({"approval": approval_id, "name": f"Apply to renew: {approval.name}", "due": approval.why})
        elif given is not None:
            dated.append(_renewal(approval_id, approval, given, kind, today))
        for n, filing in enumerate(approval.filings):
            if filing.only is not None and filing.name not in files:
                undated.append(
                    {
                        "approval": approval_id,
                        "name": filing.name,
                        "due": f"Only for {filing.only}: tick it above if it applies to you.",
                    }
                )
                continue
            if periodic[n]:
                if issued is None:
                    undated.append(
                        {"approval": approval_id, "name": filing.name, "due": "Give the issue date above to date it."}
                    )
                else:
                    dated.append(_periodic(approval_id, approval, n, filing, issued, today))
                continue
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
                    rule=f"{filing.due} Filed every year while you hold the {approval.name}, renewed or not.",
                    source=filing.source,
                    overdue=False,
                    uid=f"{approval_id}.filing{n}.{due.isoformat()}",
                    every=1,
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
    """A return's RRULE: every `every` years on its day while the approval is held, renewed
    or not, with no end. 29 February repeats as February's last day (a plain yearly rule would
    skip common years); counted from a common year's 28th it stays on the 28th, a day early in
    a leap year, never late. An overdue one is a single reminder on the first morning."""
    if item.every == 0 or item.overdue:
        return None
    due = date.fromisoformat(item.date)
    rule: dict[str, object] = {"freq": "yearly"}
    if item.every > 1:
        rule["interval"] = item.every
    if (due.month, due.day) == (2, 29):
        rule |= {"bymonthday": -1, "bymonth": 2}
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
        if (rule := yearly(item)) is not None:
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
                "issue": asks_issue(a),
                "periods": [asdict(p) for p in a.periods],
                "lead": a.lead,
                "renewal": a.renewal,
                "decision": a.decision,
                "decisionText": a.decision_text,
                "advice": asdict_advice(approval_id),
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
        # The overdue card's "Renew now": a call and WhatsApp, as the site's buttons do.
        "tel": data.site.tel_href,
        "chat": data.site.chat_href,
        "domain": site_domain(),
        "alarmDays": ALARM_DAYS,
    }


def asdict_advice(approval_id: str) -> dict:
    advice = advice_for(approval_id)
    return {"monthsBefore": advice.months_before, "reason": advice.reason, "everyYears": advice.every_years}


def as_dicts(dated: list[Item]) -> list[dict]:
    return [asdict(i) for i in dated]
