"""A case as staff and the client see it (the views), and what every change to it goes
through: the checks on what staff typed, finding the case and its approval, the session check
(the inbox's, recorded in the audit), the dated history (CaseEvent), and the one transaction
each call runs in. A database away raises StoreUnavailable and changes nothing: the page keeps
what staff typed and says so."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, func, select

from consultancy.content import content
from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, StoreUnavailable
from consultancy.records.models import (
    CaseApproval,
    CaseContact,
    CaseDocument,
    CaseEvent,
    CaseLink,
    CaseNote,
    ClientCase,
    Enquiry,
    utcnow,
)
from consultancy.records.settings import IST
from consultancy.staff import audit
from consultancy.staff.staff import StaffIdentity

from .stages import ApprovalView, _approvals, _record

UNAVAILABLE = "The case could not be saved: the database is not reachable. What you typed is still here; try again."


NOTE_MAX = 4000


TEXT_MAX = 200


class CaseRefused(EnquiryError):
    """A case change that cannot be made as asked; `message` says why, in plain words."""


@dataclass(frozen=True)
class EventView:
    at: datetime
    actor: str
    kind: str
    stage: str
    detail: str
    public: bool


@dataclass(frozen=True)
class ContactView:
    id: int
    name: str
    email: str
    phone: str
    primary: bool
    stage_emails: bool


@dataclass(frozen=True)
class CaseView:
    reference: str
    organisation: str
    status: str
    enquiry_reference: str
    finder_answers: str
    assigned_to: str
    handler_phone: str
    callback_on: date | None
    created_at: datetime
    updated_at: datetime
    contacts: tuple[ContactView, ...]
    approvals: tuple[ApprovalView, ...]
    # Staff only: never on the client's page.
    notes: tuple[tuple[datetime, str, str], ...]
    history: tuple[EventView, ...]
    live_links: int


@dataclass(frozen=True)
class ClientView:
    """What the client's page shows: no note, no staff history, no other case."""

    reference: str
    organisation: str
    approvals: tuple[ApprovalView, ...]
    timeline: tuple[EventView, ...]
    handler: str
    phone: str
    updated_at: datetime
    # Whether the case's contact has an email address: the page promises no email otherwise.
    has_email: bool = True


def _today(now: datetime) -> date:
    return now.astimezone(IST).date()


def _text(value: object, limit: int = TEXT_MAX) -> str:
    text = str(value or "").strip()
    # One line of plain text: control characters go (the page escapes the rest).
    text = "".join(" " if ord(ch) < 32 or ch == "\x7f" else ch for ch in text)
    if len(text) > limit:
        raise CaseRefused(f"Keep it under {limit} characters.")
    return text


# The dates staff may type: an approval's papers go back decades, an expiry runs up to 50 years.
DATE_FLOOR = date(1950, 1, 1)


DATE_CEILING = date(2100, 12, 31)


def _date(value: object, what: str, *, required: bool = True) -> date | None:
    if isinstance(value, date):
        return value
    text = str(value or "").strip()
    if not text:
        if required:
            raise CaseRefused(f"Give the {what}.")
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise CaseRefused(f"The {what} is not a date (YYYY-MM-DD).") from None
    # A mistyped year (2205 for 2025) would be kept and throw every date after it.
    if not DATE_FLOOR <= day <= DATE_CEILING:
        raise CaseRefused(f"The {what} must fall between {DATE_FLOOR.year} and {DATE_CEILING.year}: check the year.")
    return day


def _phone(value: object) -> str:
    digits = re.sub(r"[^0-9]", "", str(value or ""))
    if not digits:
        return ""
    if len(digits) == 12 and digits.startswith("91"):
        digits = digits[2:]
    if len(digits) != 10:
        raise CaseRefused("Give a ten-digit Indian phone number.")
    return "+91" + digits


def _find(session: Session, reference: object) -> ClientCase:
    if not isinstance(reference, str) or len(reference) > 24:
        raise CaseRefused("No such case.")
    case = session.exec(select(ClientCase).where(ClientCase.reference == reference)).first()
    if case is None:
        raise CaseRefused("No such case.")
    return case


def _approval_row(session: Session, case: ClientCase, row_id: object) -> CaseApproval:
    try:
        wanted = int(str(row_id))
    except ValueError:
        raise CaseRefused("No such approval in this case.") from None
    row = session.get(CaseApproval, wanted)
    # An id from another case is no approval of this one, whatever the form sent.
    if row is None or row.case_id != case.id:
        raise CaseRefused("No such approval in this case.")
    return row


def _event(
    session: Session,
    case: ClientCase,
    actor: str,
    kind: str,
    detail: str,
    now: datetime,
    *,
    row: CaseApproval | None = None,
    public: bool = False,
) -> None:
    assert case.id is not None
    session.add(
        CaseEvent(
            case_id=case.id,
            approval_row_id=row.id if row is not None else None,
            at=now,
            actor=actor[:60],
            kind=kind,
            stage=row.stage if row is not None else "",
            detail=detail[:500],
            public=public,
        )
    )
    if public:
        case.updated_at = now
    session.add(case)


def _next_reference(session: Session, now: datetime) -> str:
    year = now.astimezone(IST).year
    stem = f"{content().enquiries.reference_prefix}-C-{year}-"
    found = session.exec(select(ClientCase.reference).where(col(ClientCase.reference).startswith(stem))).all()
    last = max((int(ref.removeprefix(stem)) for ref in found if ref.removeprefix(stem).isdecimal()), default=0)
    return f"{stem}{last + 1:04d}"


def _staff(token: object, address: str, now: datetime | None) -> StaffIdentity:
    # Every case call needs a session signed in with the second factor (require_session),
    # as every inbox event does; a refusal is recorded like the inbox's.
    from consultancy.enquiries.inbox import check_session

    return check_session(token, address=address, now=now)


def _write(work: Any) -> Any:
    try:
        with transaction() as session:
            return work(session)
    except SQLAlchemyError as error:
        raise StoreUnavailable(UNAVAILABLE) from error


def _add_approval(session: Session, case: ClientCase, approval_id: str, name: str, actor: str, now: datetime) -> None:
    record = _record(approval_id)
    if approval_id and record is None:
        raise CaseRefused("No approval record has that id.")
    row = CaseApproval(
        case_id=case.id or 0,
        approval_id=record.id if record else "",
        name=record.name if record else _text(name),
        stage="gathering",
        stage_changed_at=now,
        holder="client",
        holder_since=now,
    )
    if not row.name:
        raise CaseRefused("Choose an approval, or name it.")
    session.add(row)
    session.flush()
    # The documents an application needs, from the record (empty until the record lists them).
    for document in record.documents if record else []:
        description = document.description + (f" ({document.when})" if document.when else "")
        session.add(CaseDocument(approval_row_id=row.id or 0, name=document.name[:200], description=description[:1000]))
    _event(session, case, actor, "approval", f"Approval added: {row.name}", now, row=row, public=True)


def _case_view(session: Session, case: ClientCase, today: date) -> CaseView:
    contacts = session.exec(select(CaseContact).where(CaseContact.case_id == case.id).order_by(CaseContact.id)).all()
    notes = session.exec(select(CaseNote).where(CaseNote.case_id == case.id).order_by(CaseNote.id)).all()
    events = session.exec(select(CaseEvent).where(CaseEvent.case_id == case.id).order_by(CaseEvent.id)).all()
    enquiry = session.get(Enquiry, case.enquiry_id) if case.enquiry_id else None
    links = session.exec(
        select(func.count()).select_from(CaseLink).where(CaseLink.case_id == case.id, CaseLink.revoked_at.is_(None))
    ).one()
    return CaseView(
        reference=case.reference,
        organisation=case.organisation,
        status=case.status,
        enquiry_reference=enquiry.reference if enquiry else "",
        finder_answers=case.finder_answers,
        assigned_to=case.assigned_to,
        handler_phone=case.handler_phone,
        callback_on=case.callback_on,
        created_at=case.created_at,
        updated_at=case.updated_at,
        contacts=tuple(
            ContactView(c.id or 0, c.name, c.email, c.phone, c.is_primary, c.stage_emails_at is not None)
            for c in contacts
        ),
        approvals=_approvals(session, case, today),
        notes=tuple((n.created_at, n.author, n.text) for n in notes),
        history=tuple(EventView(e.at, e.actor, e.kind, e.stage, e.detail, e.public) for e in events),
        live_links=links,
    )


def _change(token: object, reference: str, address: str, now: datetime | None, action: str, change: Any) -> CaseView:
    """Run `change(session, case, staff, now)` -> audit detail, record it, and the case again."""
    staff = _staff(token, address, now)
    now = now or utcnow()

    def work(session: Session) -> CaseView:
        case = _find(session, reference)
        detail = change(session, case, staff, now)
        audit.record(action, staff.name, f"{case.reference}: {detail}", address=address, now=now, session=session)
        session.flush()
        return _case_view(session, case, _today(now))

    return _write(work)


def _primary(session: Session, case: ClientCase) -> CaseContact | None:
    return session.exec(
        select(CaseContact).where(CaseContact.case_id == case.id).order_by(col(CaseContact.is_primary).desc())
    ).first()
