"""The visitor's renewal list, as the renewal calendar sends it: which approvals, the date on
each certificate, and the dates still to come that reminders are for. Read by the
subscription, the daily job and the confirmation email alike, with the calendar's own rules
(consultancy/content/renewals/__init__.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any

from consultancy.content import content
from consultancy.content import renewals as rules

# The list as the page sends it (a JSON text): far more than every approval with its date.
HELD_MAX_CHARS = 8000
# Reminders are sent at most this many years ahead of a subscription's start: a certificate
# far in the future is renewed long after the visitor has moved on or subscribed again.
YEARS_AHEAD = 15

Held = dict[str, dict[str, str]]


def read_held(value: Any) -> Held:
    """The list the page sent, with unknown approvals, unreadable dates and anything else
    dropped: {approval id: {"date": "YYYY-MM-DD" or "", "kind": "issue" | "expiry"}}."""
    if isinstance(value, str):
        if len(value) > HELD_MAX_CHARS:
            return {}
        try:
            value = json.loads(value or "{}")
        except ValueError:
            return {}
    if not isinstance(value, Mapping):
        return {}
    known = content().validity
    held: Held = {}
    for approval_id, choice in value.items():
        if approval_id not in known or not isinstance(choice, Mapping):
            continue
        day = choice.get("date")
        day = day if isinstance(day, str) and rules._parse(day) is not None else ""
        held[approval_id] = {"date": day, "kind": "issue" if choice.get("kind") == "issue" else "expiry"}
    return held


def upcoming(held: Held, today: date) -> list[rules.Item]:
    """The list's dates from `today` on (overdue ones have nothing left to remind of)."""
    dated, _ = rules.items(content().validity, held, today)
    return [item for item in dated if not item.overdue]


def horizon(today: date) -> date:
    """The last date a subscription made `today` may remind of."""
    return rules.add_months(today, 12 * YEARS_AHEAD)
