"""When the firm will reply, from the office hours in data/site.toml ("Monday to Saturday,
10:00 am to 6:30 pm"), in India's time: "today by 6:30 pm" when the enquiry arrives on a
working day before the last hour of it, otherwise the next working day. Public holidays are
not known here; the promise is the office's ordinary week.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from consultancy.content import content
from consultancy.records.settings import IST

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# An enquiry in the office's last hour is answered the next working day: nobody promises a
# reply in minutes.
LAST_HOUR = timedelta(hours=1)
_HOURS = re.compile(
    r"^\s*(?P<first>[a-z]+)\s+to\s+(?P<last>[a-z]+)\s*,\s*(?P<opens>\d{1,2}(?::\d{2})?\s*[ap]m)"
    r"\s+to\s+(?P<closes>\d{1,2}(?::\d{2})?\s*[ap]m)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class OfficeHours:
    days: frozenset[int]  # Monday is 0
    opens: time
    closes: time


def _clock(text: str) -> time:
    parsed = re.match(r"(\d{1,2})(?::(\d{2}))?\s*([ap]m)", text.strip().lower())
    if not parsed:
        raise ValueError(f"not a time: {text!r}")
    hour, minute = int(parsed.group(1)) % 12, int(parsed.group(2) or 0)
    return time(hour + (12 if parsed.group(3) == "pm" else 0), minute)


def parse_office_hours(text: str) -> OfficeHours:
    """ "Monday to Saturday, 10:00 am to 6:30 pm"; ValueError for any other shape."""
    found = _HOURS.match(text)
    if not found or found["first"].lower() not in DAYS or found["last"].lower() not in DAYS:
        raise ValueError(f"office hours must read like 'Monday to Saturday, 10:00 am to 6:30 pm', not {text!r}")
    first, last = DAYS.index(found["first"].lower()), DAYS.index(found["last"].lower())
    days = frozenset(range(first, last + 1)) if first <= last else frozenset([*range(first, 7), *range(last + 1)])
    return OfficeHours(days=days, opens=_clock(found["opens"]), closes=_clock(found["closes"]))


def clock_text(moment: time) -> str:
    """6:30 pm, 10 am."""
    hour = moment.hour % 12 or 12
    minutes = f":{moment.minute:02d}" if moment.minute else ""
    return f"{hour}{minutes} {'pm' if moment.hour >= 12 else 'am'}"


def reply_by(now: datetime, hours: OfficeHours | None = None) -> str:
    """ "today by 6:30 pm", "tomorrow (Tuesday) by 6:30 pm" or "on Monday 30 November by 6:30 pm"."""
    hours = hours or parse_office_hours(content().site.office_hours)
    local = now.astimezone(IST)
    closes = clock_text(hours.closes)
    last_call = datetime.combine(local.date(), hours.closes, tzinfo=IST) - LAST_HOUR
    if local.weekday() in hours.days and local < last_call:
        return f"today by {closes}"
    day = local.date() + timedelta(days=1)
    while day.weekday() not in hours.days:
        day += timedelta(days=1)
    if day == local.date() + timedelta(days=1):
        return f"tomorrow ({day.strftime('%A')}) by {closes}"
    return f"on {day.strftime('%A')} {day.day} {day.strftime('%B')} by {closes}"
