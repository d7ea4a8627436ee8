"""The one way enquiries are filtered, shared by the inbox list, its CSV download and the
`export` command, so the download and the export can never disagree."""

from __future__ import annotations

import re
from datetime import date, datetime, time

from sqlalchemy import ColumnElement, and_, or_, true

from consultancy.records.models import STATUSES, Enquiry
from consultancy.records.settings import IST

_DIGITS_ONLY = re.compile(r"^[\d\s+()-]+$")


def start_of_day(day: date) -> datetime:
    """Midnight IST at the start of `day`: `--since 2026-03-01` means from that morning in India."""
    return datetime.combine(day, time(0, 0), tzinfo=IST)


def _like(text: str) -> str:
    # The staff's %, _ and \ are characters to find, not wildcards.
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def condition(*, since: date | None = None, status: str | None = None, search: str = "") -> ColumnElement[bool]:
    """Enquiries received since `since` (IST), in `status`, whose text contains `search`.
    Raises ValueError for a status that does not exist."""
    parts: list[ColumnElement[bool]] = []
    if since is not None:
        parts.append(Enquiry.created_at >= start_of_day(since))
    if status:
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}")
        parts.append(Enquiry.status == status)
    search = (search or "").strip()[:200]
    if search:
        pattern = _like(search)
        fields = (Enquiry.reference, Enquiry.name, Enquiry.email, Enquiry.organisation, Enquiry.message, Enquiry.phone)
        found = [field.ilike(pattern, escape="\\") for field in fields]
        digits = re.sub(r"\D", "", search)
        # "98765 43210" finds +919876543210: phones are stored without spaces.
        if _DIGITS_ONLY.match(search) and len(digits) >= 4:
            found.append(Enquiry.phone.contains(digits[-10:], autoescape=True))
        parts.append(or_(*found))
    return and_(true(), *parts)
