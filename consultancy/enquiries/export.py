"""Enquiries as CSV, for `python -m consultancy.office export` and the inbox's download.

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

from consultancy.forms.enquiry_form import district_label, services_label
from consultancy.records.database import transaction
from consultancy.records.models import Enquiry, EnquiryNote
from consultancy.records.settings import IST

from .queries import condition

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
# What the form stores for a phone (consultancy/forms/enquiry_form.py): +91 and ten digits, nothing else.
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


# --- cases ---------------------------------------------------------------------------------

CASE_COLUMNS: tuple[str, ...] = (
    "case",
    "organisation",
    "status",
    "enquiry",
    "contacts",
    "approval",
    "stage",
    "next_step_with",
    "portal",
    "application_no",
    "filed_on",
    "order_no",
    "issued_on",
    "expires_on",
    "documents_awaited",
    "history",
    "notes",
    "opened",
    "closed",
)


def write_cases_csv(out: TextIO) -> int:
    """Every case as CSV, one row per approval (a case without approvals has one row), with its
    contacts, history and internal notes: the firm's full copy (`export-cases`). The number of
    cases written."""
    from consultancy.records.models import CaseApproval, CaseContact, CaseDocument, CaseEvent, CaseNote, ClientCase

    writer = csv.writer(out)
    writer.writerow(CASE_COLUMNS)
    with transaction() as session:
        cases = session.exec(select(ClientCase).order_by(ClientCase.id)).all()
        for case in cases:
            enquiry = session.get(Enquiry, case.enquiry_id) if case.enquiry_id else None
            contacts = session.exec(select(CaseContact).where(CaseContact.case_id == case.id)).all()
            people = "; ".join(f"{c.name} <{c.email}> {c.phone}".strip() for c in contacts)
            notes = session.exec(select(CaseNote).where(CaseNote.case_id == case.id).order_by(CaseNote.id)).all()
            noted = "\n".join(f"{ist(n.created_at)} {n.author}: {n.text}" for n in notes)
            approvals = session.exec(
                select(CaseApproval).where(CaseApproval.case_id == case.id).order_by(CaseApproval.id)
            ).all()
            for approval in approvals or [None]:
                awaited, history = "", ""
                if approval is not None:
                    documents = session.exec(
                        select(CaseDocument).where(
                            CaseDocument.approval_row_id == approval.id, CaseDocument.received_on.is_(None)
                        )
                    ).all()
                    awaited = "; ".join(d.name for d in documents)
                    events = session.exec(
                        select(CaseEvent).where(CaseEvent.approval_row_id == approval.id).order_by(CaseEvent.id)
                    ).all()
                    history = "\n".join(f"{ist(e.at)} {e.actor}: {e.detail}" for e in events)

                def day(value: date | None) -> str:
                    return value.isoformat() if value else ""

                cells = [
                    case.reference,
                    case.organisation,
                    case.status,
                    enquiry.reference if enquiry else "",
                    people,
                    approval.name if approval else "",
                    approval.stage if approval else "",
                    approval.holder if approval else "",
                    approval.portal if approval else "",
                    approval.application_no if approval else "",
                    day(approval.filed_on) if approval else "",
                    approval.order_no if approval else "",
                    day(approval.issued_on) if approval else "",
                    day(approval.expires_on) if approval else "",
                    awaited,
                    history,
                    noted,
                    ist(case.created_at),
                    ist(case.closed_at),
                ]
                writer.writerow([safe_cell(str(cell)) for cell in cells])
        return len(cases)
