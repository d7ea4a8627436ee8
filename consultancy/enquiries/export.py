"""Enquiries as CSV, for `python -m consultancy.enquiries export` and the inbox's download.

One row per enquiry, oldest first, with a header row; times in IST (ISO 8601 with +05:30).
A cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
return) is written with a leading apostrophe, so that a visitor's "=HYPERLINK(...)" is shown,
never run, when the firm opens the file.

Phone numbers are the exception: stored as +91 and ten digits, they are written as
"91 94370 12345" (the country code, then the number in two groups of five). With no + it
cannot start a formula, and with spaces between groups of five it is not a number in any
spreadsheet's locale, so it is shown as typed: no apostrophe, no 9.19E+11.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from datetime import date, datetime
from typing import TextIO

from sqlmodel import select

from .database import transaction
from .form import district_label, services_label
from .models import Enquiry, EnquiryNote
from .queries import condition
from .settings import IST

COLUMNS: tuple[str, ...] = (
    "reference",
    "received",
    "status",
    "name",
    "phone",
    "email",
    "organisation",
    "service",
    "district",
    "message",
    "notes",
    "status_changed",
    "closed",
    "consent_given",
    "notice_version",
)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What the form stores for a phone (form.py): +91 and ten digits, nothing else.
_STORED_PHONE = re.compile(r"\+(91)(\d{5})(\d{5})")


def safe_cell(value: str) -> str:
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def phone_cell(value: str) -> str:
    """A stored phone as "91 94370 12345"; anything else under the formula guard."""
    match = _STORED_PHONE.fullmatch(value)
    return " ".join(match.groups()) if match else safe_cell(value)


def ist(moment: datetime | None) -> str:
    return moment.astimezone(IST).isoformat(timespec="seconds") if moment else ""


def note_line(note: EnquiryNote) -> str:
    return f"{note.created_at.astimezone(IST).strftime('%Y-%m-%d %H:%M')} {note.author}: {note.text}"


def _row(enquiry: Enquiry, notes: list[EnquiryNote]) -> list[str]:
    return [
        enquiry.reference,
        ist(enquiry.created_at),
        enquiry.status,
        enquiry.name,
        phone_cell(enquiry.phone),
        enquiry.email,
        enquiry.organisation,
        services_label(enquiry.services or [enquiry.service]),
        district_label(enquiry.district),
        enquiry.message,
        "\n".join(note_line(note) for note in notes),
        ist(enquiry.status_changed_at),
        ist(enquiry.closed_at),
        ist(enquiry.consent_at),
        enquiry.notice_version,
    ]


def write_csv(out: TextIO, *, since: date | None = None, status: str | None = None, search: str = "") -> int:
    """Write the matching enquiries to `out`; the number of rows written (header apart)."""
    with transaction() as session:
        enquiries = session.exec(
            select(Enquiry)
            .where(condition(since=since, status=status, search=search))
            .order_by(Enquiry.created_at, Enquiry.id)
        ).all()
        notes: dict[int, list[EnquiryNote]] = defaultdict(list)
        ids = [e.id for e in enquiries]
        # In chunks: SQLite allows only so many parameters in one IN (...).
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            in_chunk = select(EnquiryNote).where(EnquiryNote.enquiry_id.in_(chunk))
            for note in session.exec(in_chunk.order_by(EnquiryNote.created_at, EnquiryNote.id)):
                notes[note.enquiry_id].append(note)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    phone = COLUMNS.index("phone")
    for enquiry in enquiries:
        row = _row(enquiry, notes[enquiry.id])
        # The phone column is already in its own safe form (phone_cell).
        writer.writerow([cell if i == phone else safe_cell(cell) for i, cell in enumerate(row)])
    return len(enquiries)


def csv_text(*, since: date | None = None, status: str | None = None, search: str = "") -> str:
    buffer = io.StringIO(newline="")
    write_csv(buffer, since=since, status=status, search=search)
    return buffer.getvalue()


def csv_text_and_count(*, since: date | None = None, status: str | None = None, search: str = "") -> tuple[str, int]:
    """The CSV text and how many enquiries it holds (for the audit)."""
    buffer = io.StringIO(newline="")
    count = write_csv(buffer, since=since, status=status, search=search)
    return buffer.getvalue(), count
