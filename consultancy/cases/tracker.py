"""Client cases: the approvals the firm is getting for a client, where each stands, and the
client's private page about them (docs/cases.md).

Staff open a case from an enquiry (its contact, and the approvals its services name, which is
the finder's result when the enquiry came from the finder) or fresh. Each approval moves
through STAGES; every change is a dated CaseEvent. Its facts of law (the time limit, the
validity, the documents an application needs, the appeal) are read from its record in
data/law/, never copied: only a settled fact computes a date (case_clock.py, law.status).

Every staff call takes the session token first and records what was seen or changed in the
audit (by the case's reference, never a client's name). A database away raises
StoreUnavailable and changes nothing: the page keeps what staff typed and says so.

A client's link carries a 256-bit random token; only its keyed hash (keys.CASE_LINK) is
stored. A link ends when staff revoke it, or `case_link_idle_days` (data/enquiries.toml)
after its last use. Whoever holds a link that has ended may ask for a fresh one, which goes
only to the case's primary contact, and counts against that mailbox's cap of emails asked for
by someone outside the firm (recipients.take_confirmation).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, func, select

from consultancy.content import content
from consultancy.law.model import Record
from consultancy.law.registry import law
from consultancy.law.status import computed_months
from consultancy.mail import recipients
from consultancy.records import keys
from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, StoreUnavailable
from consultancy.records.models import (
    HOLDERS,
    STAGES,
    CaseApproval,
    CaseContact,
    CaseDocument,
    CaseEvent,
    CaseLink,
    CaseMail,
    CaseNote,
    ClientCase,
    Enquiry,
    MailQueue,
    utcnow,
)
from consultancy.records.settings import IST
from consultancy.staff import audit
from consultancy.staff.staff import StaffIdentity

from .case_clock import Clock, Pause, clock

UNAVAILABLE = "The case could not be saved: the database is not reachable. What you typed is still here; try again."
NOTE_MAX = 4000
TEXT_MAX = 200
# token_urlsafe(32): 43 characters of the URL-safe alphabet, 256 random bits.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")
LINK_PATH = "/case/"
# A link used again within this long is not written again (a page load is not a write).
USE_NOTED_EVERY = timedelta(minutes=10)

# What each stage is called on the client's page and in the emails.
STAGE_WORDS: dict[str, str] = {
    "gathering": "Gathering documents",
    "filed": "Filed with the authority",
    "query": "The authority asked a question",
    "inspection": "Inspection",
    "granted": "Granted",
    "refused": "Refused",
    "renewal": "Renewal due",
}
# What happens next, by stage, in the client's words.
NEXT_WORDS: dict[str, str] = {
    "gathering": "Once we have the documents below, we prepare and file the application.",
    "filed": "The authority is examining the application. We follow it up and tell you of any question.",
    "query": "We prepare the reply to the authority's question; we may need something from you.",
    "inspection": "The authority's officers inspect the site; we tell you what to keep ready.",
    "granted": "Keep the order safe. We remind you before it must be renewed.",
    "refused": "We advise you on an appeal or a fresh application.",
    "renewal": "The approval must be renewed: we start on the renewal with you.",
}
# Who holds the next step after moving to a stage (staff may change it).
HOLDER_AFTER: dict[str, str] = {
    "gathering": "client",
    "filed": "authority",
    "query": "firm",
    "inspection": "authority",
    "granted": "firm",
    "refused": "firm",
    "renewal": "firm",
}
HOLDER_WORDS = {"firm": "Our firm", "client": "You", "authority": "The authority"}
DECIDED = ("granted", "refused", "renewal")


class CaseRefused(EnquiryError):
    """A case change that cannot be made as asked; `message` says why, in plain words."""


# --- views ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentView:
    id: int
    name: str
    description: str
    received_on: date | None


@dataclass(frozen=True)
class EventView:
    at: datetime
    actor: str
    kind: str
    stage: str
    detail: str
    public: bool


@dataclass(frozen=True)
class ApprovalView:
    id: int
    approval_id: str
    name: str
    stage: str
    stage_words: str
    stage_changed_at: datetime
    holder: str
    holder_since: datetime
    portal: str
    application_no: str
    filed_on: date | None
    reply_due_on: date | None
    inspection_on: date | None
    order_no: str
    issued_on: date | None
    expires_on: date | None
    refused_on: date | None
    clock: Clock
    # The rule's own words when the limit is not settled ("" when it is, or no record).
    appeal_to: str
    appeal_by: date | None
    renew_by: date | None
    documents: tuple[DocumentView, ...]
    renewals_agreed: bool
    next_words: str

    @property
    def awaited(self) -> tuple[DocumentView, ...]:
        return tuple(d for d in self.documents if d.received_on is None)


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


# --- helpers ----------------------------------------------------------------------------------


def _today(now: datetime) -> date:
    return now.astimezone(IST).date()


def _record(approval_id: str) -> Record | None:
    if not approval_id:
        return None
    found = law().canonical(approval_id)
    return law().records[found] if found else None


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


def _words(day: date | None) -> str:
    """A date as the client reads it: 8 October 2026."""
    return f"{day.day} {day.strftime('%B %Y')}" if day else ""


def _pauses(row: CaseApproval) -> list[Pause]:
    return [(date.fromisoformat(str(p[0])), date.fromisoformat(str(p[1])) if p[1] else None) for p in row.pauses]


def _phone(value: object) -> str:
    digits = re.sub(r"[^0-9]", "", str(value or ""))
    if not digits:
        return ""
    if len(digits) == 12 and digits.startswith("91"):
        digits = digits[2:]
    if len(digits) != 10:
        raise CaseRefused("Give a ten-digit Indian phone number.")
    return "+91" + digits


def _approval_view(row: CaseApproval, documents: list[CaseDocument], today: date) -> ApprovalView:
    record = _record(row.approval_id)
    assert row.id is not None
    the_clock = clock(record, row.filed_on, _pauses(row), today, decided=row.stage in DECIDED)
    appeal_to, appeal_by = "", None
    if record is not None and record.appeal is not None and record.appeal.status == "settled":
        appeal_to = record.appeal.to or ""
        if row.refused_on is not None and record.appeal.days is not None:
            appeal_by = row.refused_on + timedelta(days=record.appeal.days)
    renew_by = None
    if row.expires_on is not None:
        lead = record.renewal.days_before if record and record.renewal and record.renewal.status == "settled" else None
        renew_by = row.expires_on - timedelta(days=lead) if lead else row.expires_on
    return ApprovalView(
        id=row.id,
        approval_id=row.approval_id,
        name=row.name,
        stage=row.stage,
        stage_words=STAGE_WORDS[row.stage],
        stage_changed_at=row.stage_changed_at,
        holder=row.holder,
        holder_since=row.holder_since,
        portal=row.portal,
        application_no=row.application_no,
        filed_on=row.filed_on,
        reply_due_on=row.reply_due_on,
        inspection_on=row.inspection_on,
        order_no=row.order_no,
        issued_on=row.issued_on,
        expires_on=row.expires_on,
        refused_on=row.refused_on,
        clock=the_clock,
        appeal_to=appeal_to,
        appeal_by=appeal_by,
        renew_by=renew_by,
        documents=tuple(DocumentView(d.id or 0, d.name, d.description, d.received_on) for d in documents),
        renewals_agreed=row.renewals_agreed_at is not None,
        next_words=NEXT_WORDS[row.stage],
    )


def _approvals(session: Session, case: ClientCase, today: date) -> tuple[ApprovalView, ...]:
    rows = session.exec(select(CaseApproval).where(CaseApproval.case_id == case.id).order_by(CaseApproval.id)).all()
    views = []
    for row in rows:
        documents = session.exec(
            select(CaseDocument).where(CaseDocument.approval_row_id == row.id).order_by(CaseDocument.id)
        ).all()
        views.append(_approval_view(row, list(documents), today))
    return tuple(views)


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


def approvals_of_services(services: list[str]) -> list[str]:
    """The approval records the enquiry's services name (the finder's result, when it came
    from the finder), in the enquiry's order, once each."""
    by_route = {s.route: s for s in content().services}
    found: list[str] = []
    for route in services:
        service = by_route.get(route)
        for approval_id in service.glance.approvals if service is not None else []:
            if approval_id not in found:
                found.append(approval_id)
    return found


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


# --- staff: opening and reading --------------------------------------------------------------


def open_case(
    token: object,
    *,
    enquiry_reference: str = "",
    organisation: str = "",
    contact_name: str = "",
    email: str = "",
    phone: str = "",
    approvals: list[str] | None = None,
    address: str = "",
    now: datetime | None = None,
) -> str:
    """Open a case, from an enquiry (its contact, its finder's answers and the approvals its
    services name, unless `approvals` is given) or fresh. The new case's reference."""
    staff = _staff(token, address, now)
    now = now or utcnow()

    def work(session: Session) -> str:
        enquiry = None
        if enquiry_reference:
            enquiry = session.exec(select(Enquiry).where(Enquiry.reference == str(enquiry_reference)[:24])).first()
            if enquiry is None:
                raise CaseRefused("No enquiry has that reference.")
        name = _text(contact_name or (enquiry.name if enquiry else ""), 100)
        organisation_ = _text(organisation or (enquiry.organisation if enquiry else "") or name, 200)
        if not organisation_:
            raise CaseRefused("Give the client organisation's name.")
        case = ClientCase(
            reference=_next_reference(session, now),
            organisation=organisation_,
            enquiry_id=enquiry.id if enquiry else None,
            finder_answers=enquiry.message if enquiry else "",
            assigned_to=staff.name,
            created_at=now,
            updated_at=now,
        )
        session.add(case)
        session.flush()
        session.add(
            CaseContact(
                case_id=case.id or 0,
                name=name or organisation_,
                email=_text(email or (enquiry.email if enquiry else ""), 254),
                phone=_phone(phone or (enquiry.phone if enquiry else "")),
                is_primary=True,
            )
        )
        wanted = approvals if approvals is not None else approvals_of_services(enquiry.services if enquiry else [])
        for approval_id in wanted:
            _add_approval(session, case, approval_id, "", staff.name, now)
        _event(
            session, case, staff.name, "opened", "Case opened" + (f" from {enquiry.reference}" if enquiry else ""), now
        )
        audit.record(
            "case-open",
            staff.name,
            case.reference + (f" from {enquiry.reference}" if enquiry else ""),
            address=address,
            now=now,
            session=session,
        )
        return case.reference

    return _write(work)


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


def get_case(token: object, reference: str, *, address: str = "", now: datetime | None = None) -> CaseView:
    staff = _staff(token, address, now)
    now = now or utcnow()

    def work(session: Session) -> CaseView:
        case = _find(session, reference)
        audit.record("case-view", staff.name, case.reference, address=address, now=now, session=session)
        return _case_view(session, case, _today(now))

    return _write(work)


# --- staff: changes ----------------------------------------------------------------------------


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


def add_approval(
    token: object,
    reference: str,
    approval_id: str = "",
    name: str = "",
    *,
    address: str = "",
    now: datetime | None = None,
) -> CaseView:
    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        _add_approval(session, case, _text(approval_id, 64), name, staff.name, now)
        return f"approval {approval_id or 'other'}"

    return _change(token, reference, address, now, "case-change", change)


def set_stage(
    token: object,
    reference: str,
    approval_row_id: object,
    stage: str,
    fields: dict[str, str] | None = None,
    *,
    address: str = "",
    now: datetime | None = None,
) -> CaseView:
    """Move one approval to `stage` with that stage's facts (`fields`: portal, application_no,
    filed_on, raised_on, reply_due_on, answered_on, inspection_on, order_no, issued_on,
    expires_on, refused_on), dated in the history; with the contact's consent, an email."""
    fields = fields or {}
    if stage not in STAGES:
        raise CaseRefused(f"Choose one of: {', '.join(STAGES)}.")

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        row = _approval_row(session, case, approval_row_id)
        today = _today(now)
        record = _record(row.approval_id)
        said: list[str] = []
        # Leaving a query: the answer's date restarts the clock.
        pauses = [list(p) for p in row.pauses]
        if row.stage == "query" and stage != "query" and pauses and pauses[-1][1] is None:
            answered = _date(fields.get("answered_on"), "date the query was answered", required=False) or today
            if answered < date.fromisoformat(pauses[-1][0]):
                raise CaseRefused("The query cannot be answered before it was raised: check the dates.")
            pauses[-1][1] = answered.isoformat()
            said.append(f"query answered on {_words(answered)}")
        if stage == "filed":
            filed_on = _date(fields.get("filed_on") or row.filed_on, "filing date")
            row.filed_on = filed_on
            row.portal = _text(fields.get("portal", row.portal), 120)
            row.application_no = _text(fields.get("application_no", row.application_no), 80)
            said.append(f"filed on {_words(filed_on)}" + (f" on {row.portal}" if row.portal else ""))
            if row.application_no:
                said.append(f"application no. {row.application_no}")
        elif stage == "query":
            if row.filed_on is None:
                raise CaseRefused("A query comes after filing: record the filing first.")
            raised = _date(fields.get("raised_on"), "date of the query", required=False) or today
            if raised < row.filed_on:
                raise CaseRefused("A query cannot be raised before the filing date: check the dates.")
            row.reply_due_on = _date(fields.get("reply_due_on"), "date the reply is due")
            if row.stage == "query" and pauses and pauses[-1][1] is None:
                # The same query saved again (a corrected date): one pause, not a second that
                # would never be closed and would stop the clock for good.
                pauses[-1][0] = raised.isoformat()
            else:
                pauses.append([raised.isoformat(), None])
            said.append(f"query raised on {_words(raised)}, reply due by {_words(row.reply_due_on)}")
        elif stage == "inspection":
            row.inspection_on = _date(fields.get("inspection_on"), "inspection date")
            said.append(f"inspection on {_words(row.inspection_on)}")
        elif stage == "granted":
            row.order_no = _text(fields.get("order_no"), 80)
            if not row.order_no:
                raise CaseRefused("Give the order number.")
            row.issued_on = _date(fields.get("issued_on"), "date of issue")
            validity = record.validity_on(row.issued_on) if record else None
            months = computed_months(validity) if validity else None
            if months is not None:
                from consultancy.content.renewals import add_months

                row.expires_on = add_months(row.issued_on, months)
            elif validity is not None and validity.status == "settled" and validity.until_cancelled:
                row.expires_on = None
            else:
                # As printed on the order: the law fixes no one period for every holder.
                row.expires_on = _date(fields.get("expires_on"), "expiry date", required=False)
            said.append(f"order {row.order_no} issued on {_words(row.issued_on)}")
            if row.expires_on:
                said.append(f"valid until {_words(row.expires_on)}")
        elif stage == "refused":
            row.refused_on = _date(fields.get("refused_on"), "date of the refusal")
            said.append(f"refused on {_words(row.refused_on)}")
        row.pauses = pauses
        previous = row.stage
        row.stage = stage
        row.stage_changed_at = now
        holder = HOLDER_AFTER[stage]
        if row.holder != holder:
            row.holder, row.holder_since = holder, now
        session.add(row)
        session.flush()
        # The approval's name first: the client's timeline lists every approval's changes together.
        detail = f"{row.name}: {STAGE_WORDS[stage]}" + (f" ({'; '.join(said)})" if said else "")
        _event(session, case, staff.name, "stage", detail, now, row=row, public=True)
        _stage_email(session, case, row, now)
        return f"{row.approval_id or 'other'} {previous} -> {stage}"

    return _change(token, reference, address, now, "case-stage", change)


def set_holder(
    token: object,
    reference: str,
    approval_row_id: object,
    holder: str,
    *,
    address: str = "",
    now: datetime | None = None,
) -> CaseView:
    if holder not in HOLDERS:
        raise CaseRefused(f"Choose one of: {', '.join(HOLDERS)}.")

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        row = _approval_row(session, case, approval_row_id)
        if row.holder != holder:
            row.holder, row.holder_since = holder, now
            session.add(row)
            _event(session, case, staff.name, "holder", f"Next step: {HOLDER_WORDS[holder]}", now, row=row, public=True)
        return f"{row.approval_id or 'other'} next step {holder}"

    return _change(token, reference, address, now, "case-change", change)


def tick_document(
    token: object,
    reference: str,
    document_id: object,
    received: bool,
    *,
    address: str = "",
    now: datetime | None = None,
) -> CaseView:
    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        try:
            document = session.get(CaseDocument, int(str(document_id)))
        except ValueError:
            document = None
        row = session.get(CaseApproval, document.approval_row_id) if document is not None else None
        if document is None or row is None or row.case_id != case.id:
            raise CaseRefused("No such document in this case.")
        document.received_on = _today(now) if received else None
        session.add(document)
        words = "received" if received else "still awaited"
        _event(session, case, staff.name, "document", f"{row.name}: {document.name} {words}", now, row=row, public=True)
        return f"document {document.id} {words}"

    return _change(token, reference, address, now, "case-change", change)


def add_document(
    token: object, reference: str, approval_row_id: object, name: str, *, address: str = "", now: datetime | None = None
) -> CaseView:
    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        row = _approval_row(session, case, approval_row_id)
        text = _text(name)
        if not text:
            raise CaseRefused("Name the document.")
        session.add(CaseDocument(approval_row_id=row.id or 0, name=text))
        _event(session, case, staff.name, "document", f"{row.name}: we need {text}", now, row=row, public=True)
        return "document added"

    return _change(token, reference, address, now, "case-change", change)


def set_office(
    token: object,
    reference: str,
    *,
    assigned_to: str | None = None,
    callback_on: str | None = None,
    handler_phone: str | None = None,
    address: str = "",
    now: datetime | None = None,
) -> CaseView:
    """The office's own work: who handles the case, the call-back date, the number clients call."""

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        done = []
        if assigned_to is not None:
            case.assigned_to = _text(assigned_to, 60)
            done.append(f"assigned to {case.assigned_to or 'nobody'}")
        if callback_on is not None:
            case.callback_on = _date(callback_on, "call-back date", required=False)
            done.append(f"call back on {case.callback_on or 'no date'}")
        if handler_phone is not None:
            case.handler_phone = _phone(handler_phone)
            done.append("handler's phone set")
        for what in done:
            _event(session, case, staff.name, "office", what, now)
        return "; ".join(done)

    return _change(token, reference, address, now, "case-change", change)


def add_note(token: object, reference: str, text: str, *, address: str = "", now: datetime | None = None) -> CaseView:
    """An internal note: staff only, never on the client's page or in an email."""

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        body = str(text or "").strip()
        if not body or len(body) > NOTE_MAX:
            raise CaseRefused(f"Write a note of 1 to {NOTE_MAX} characters.")
        session.add(CaseNote(case_id=case.id or 0, author=staff.name, text=body, created_at=now))
        return f"note of {len(body)} characters"

    return _change(token, reference, address, now, "case-note", change)


def set_consent(
    token: object, reference: str, stage_emails: bool, *, address: str = "", now: datetime | None = None
) -> CaseView:
    """The primary contact's consent to stage emails, as they gave it to staff."""

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        contact = _primary(session, case)
        if contact is None or not contact.email:
            raise CaseRefused("The case's contact has no email address.")
        contact.stage_emails_at = now if stage_emails else None
        session.add(contact)
        _event(session, case, staff.name, "consent", "Stage emails " + ("on" if stage_emails else "off"), now)
        return "stage emails " + ("on" if stage_emails else "off")

    return _change(token, reference, address, now, "case-change", change)


def renewal_held(approvals: tuple[ApprovalView, ...]) -> dict[str, dict[str, str]]:
    """The renewal calendar's list (its `held`: {approval id: {"date", "kind"}}) of the granted
    approvals whose client agreed to reminders, from the case's own dates: never typed again."""
    held: dict[str, dict[str, str]] = {}
    for approval in approvals:
        if not approval.renewals_agreed or not approval.approval_id:
            continue
        if approval.expires_on is not None:
            held[approval.approval_id] = {"date": approval.expires_on.isoformat(), "kind": "expiry"}
        elif approval.issued_on is not None:
            held[approval.approval_id] = {"date": approval.issued_on.isoformat(), "kind": "issue"}
    return held


def agree_renewals(
    token: object, reference: str, approval_row_id: object, *, address: str = "", now: datetime | None = None
) -> CaseView:
    """The client agreed to renewal reminders for a granted approval: its dates go into the
    renewal calendar's list (renewal_held: the client page's .ics) and, for the case's primary
    contact, into the reminders by email, through the same double opt-in as the calendar's
    form (subscriptions.subscribe: they confirm by the link in one email)."""

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        row = _approval_row(session, case, approval_row_id)
        if row.stage not in ("granted", "renewal") or (row.expires_on is None and row.issued_on is None):
            raise CaseRefused("Record the grant (its issue date) first.")
        row.renewals_agreed_at = now
        session.add(row)
        _event(
            session, case, staff.name, "renewals", f"Renewal reminders agreed: {row.name}", now, row=row, public=True
        )
        return f"{row.approval_id or 'other'} renewals agreed"

    view = _change(token, reference, address, now, "case-change", change)
    contact = next((c for c in view.contacts if c.primary), None)
    held = renewal_held(view.approvals)
    if contact is None or not contact.email or not held:
        return view
    from consultancy.reminders import subscriptions

    try:
        subscriptions.subscribe(contact.email, held, "on", address or "staff", now=now)
    except EnquiryError as refused:
        why = refused.message

        # The agreement stands (the client's page offers the dates); the office sees why no email.
        def note(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
            _event(session, case, staff.name, "renewals", f"Reminder emails not set up: {why}", now)
            return "reminders not set up"

        return _change(token, reference, address, now, "case-change", note)
    return view


def close_case(
    token: object, reference: str, closed: bool = True, *, address: str = "", now: datetime | None = None
) -> CaseView:
    """Close a case (retention counts from then: `case_closed_keep_years`) or reopen it.
    Closing ends its clients' links."""

    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        case.status = "closed" if closed else "open"
        case.closed_at = now if closed else None
        if closed:
            _revoke(session, case, now)
        _event(session, case, staff.name, "status", "Case closed" if closed else "Case reopened", now, public=True)
        return case.status

    return _change(token, reference, address, now, "case-status", change)


# --- the client's links --------------------------------------------------------------------------


def token_hash(token: str) -> str:
    return keys.keyed_hash(keys.CASE_LINK, token)


def _primary(session: Session, case: ClientCase) -> CaseContact | None:
    return session.exec(
        select(CaseContact).where(CaseContact.case_id == case.id).order_by(col(CaseContact.is_primary).desc())
    ).first()


def _new_link(session: Session, case: ClientCase, contact: CaseContact | None, now: datetime) -> str:
    token = secrets.token_urlsafe(32)
    session.add(
        CaseLink(
            case_id=case.id or 0,
            contact_id=contact.id if contact else None,
            token_hash=token_hash(token),
            created_at=now,
            last_used_at=now,
        )
    )
    return token


def _revoke(session: Session, case: ClientCase, now: datetime) -> int:
    links = session.exec(select(CaseLink).where(CaseLink.case_id == case.id, CaseLink.revoked_at.is_(None))).all()
    for link in links:
        link.revoked_at = now
        session.add(link)
    return len(links)


def link_url(token: str) -> str:
    return content().site.site_url.rstrip("/") + LINK_PATH + token


def issue_link(
    token: object, reference: str, *, send: bool = False, address: str = "", now: datetime | None = None
) -> str:
    """A new link to the case's page, returned once (staff pass it on, or `send` mails it to
    the case's primary contact). Earlier links stay until revoked or idle."""
    staff = _staff(token, address, now)
    now = now or utcnow()

    def work(session: Session) -> str:
        case = _find(session, reference)
        if case.status != "open":
            raise CaseRefused("The case is closed: reopen it first.")
        contact = _primary(session, case)
        link = _new_link(session, case, contact, now)
        if send:
            if contact is None or not contact.email:
                raise CaseRefused("The case's contact has no email address.")
            _queue(session, case, contact.email, _link_letter(case, link), now)
        _event(session, case, staff.name, "link", "Link made" + (" and emailed to the contact" if send else ""), now)
        audit.record("case-link", staff.name, f"{case.reference}: link made", address=address, now=now, session=session)
        return link

    return _write(work)


def revoke_links(token: object, reference: str, *, address: str = "", now: datetime | None = None) -> CaseView:
    def change(session: Session, case: ClientCase, staff: StaffIdentity, now: datetime) -> str:
        count = _revoke(session, case, now)
        _event(session, case, staff.name, "link", f"{count} link(s) revoked", now)
        return f"{count} links revoked"

    return _change(token, reference, address, now, "case-revoke", change)


def _well_formed(token: object) -> bool:
    return isinstance(token, str) and TOKEN_PATTERN.fullmatch(token) is not None


def _idle_limit() -> timedelta:
    return timedelta(days=content().enquiries.case_link_idle_days)


def client_view(link: object, *, now: datetime | None = None) -> ClientView | None:
    """The client's page for a live link; None for anything else (malformed, unknown, revoked,
    idle too long, or its case closed), which the page answers with one plain refusal."""
    if not _well_formed(link):
        return None
    assert isinstance(link, str)
    now = now or utcnow()

    def work(session: Session) -> ClientView | None:
        found = session.exec(select(CaseLink).where(CaseLink.token_hash == token_hash(link))).first()
        if found is None or found.revoked_at is not None or now - found.last_used_at > _idle_limit():
            return None
        case = session.get(ClientCase, found.case_id)
        if case is None or case.status != "open":
            return None
        if now - found.last_used_at >= USE_NOTED_EVERY:
            found.last_used_at = now
            session.add(found)
        events = session.exec(
            select(CaseEvent).where(CaseEvent.case_id == case.id, CaseEvent.public).order_by(CaseEvent.id)
        ).all()
        site = content().site
        return ClientView(
            reference=case.reference,
            organisation=case.organisation,
            approvals=_approvals(session, case, _today(now)),
            # The client's timeline names no member of staff: "we" did it.
            timeline=tuple(EventView(e.at, "", e.kind, e.stage, e.detail, True) for e in events),
            handler=case.assigned_to,
            phone=case.handler_phone or re.sub(r"[^+0-9]", "", site.phone),
            updated_at=case.updated_at,
        )

    return _write(work)


def ask_fresh_link(link: object, *, now: datetime | None = None) -> None:
    """Whoever holds a link that has ended by disuse may ask for a fresh one: it goes to the
    case's primary contact only, within that mailbox's cap. The same silence for every other
    link (unknown, revoked, still live), so the answer tells nothing."""
    if not _well_formed(link):
        return
    assert isinstance(link, str)
    now = now or utcnow()

    def work(session: Session) -> None:
        found = session.exec(select(CaseLink).where(CaseLink.token_hash == token_hash(link))).first()
        if found is None or found.revoked_at is not None or now - found.last_used_at <= _idle_limit():
            return
        case = session.get(ClientCase, found.case_id)
        contact = _primary(session, case) if case is not None else None
        if case is None or case.status != "open" or contact is None or not contact.email:
            return
        if not recipients.take_confirmation(session, contact.email, now):
            return
        # The old link is spent: one ask, one fresh link.
        found.revoked_at = now
        session.add(found)
        fresh = _new_link(session, case, contact, now)
        _queue(session, case, contact.email, _link_letter(case, fresh), now)
        _event(session, case, "client", "link", "Fresh link sent to the contact at their request", now)

    _write(work)


# --- emails ----------------------------------------------------------------------------------------


def _link_letter(case: ClientCase, link: str) -> tuple[str, str]:
    site = content().site
    return (
        f"Your approvals with {site.name}: {case.reference}",
        "\n".join(
            [
                f"This is the private page where you can see how the approvals of {case.organisation} stand:",
                "",
                link_url(link),
                "",
                f"Anyone with this link can see the page: keep it to yourself. It stops working after "
                f"{content().enquiries.case_link_idle_days} days without use; we can send a fresh one.",
                "",
                f"{site.name}, {site.phone}",
            ]
        ),
    )


def _stage_email(session: Session, case: ClientCase, row: CaseApproval, now: datetime) -> None:
    contact = _primary(session, case)
    if contact is None or not contact.email or contact.stage_emails_at is None:
        return
    site = content().site
    subject = f"{row.name}: {STAGE_WORDS[row.stage]} ({case.reference})"
    body = "\n".join(
        [
            f"{row.name} for {case.organisation}: {STAGE_WORDS[row.stage]}.",
            "",
            NEXT_WORDS[row.stage],
            "",
            "Your case page, through the link we sent you, has the dates and the documents we are waiting for.",
            f"To stop these emails, reply or call us on {site.phone}.",
            "",
            site.name,
        ]
    )
    _queue(session, case, contact.email, (subject, body), now)


def _queue(session: Session, case: ClientCase, recipient: str, letter: tuple[str, str], now: datetime) -> None:
    subject, body = letter
    mail = CaseMail(case_id=case.id or 0, recipient=recipient, subject=subject[:200], body=body, created_at=now)
    session.add(mail)
    session.flush()
    session.add(MailQueue(case_mail_id=mail.id, next_try_at=now))


def whatsapp_text(view: CaseView, approval: ApprovalView) -> str:
    """The message staff send themselves on WhatsApp at a stage change (no messaging API)."""
    lines = [f"{view.organisation}: {approval.name} - {approval.stage_words}."]
    if approval.application_no:
        lines.append(f"Application no. {approval.application_no}.")
    if approval.clock.decide_by:
        lines.append(f"Due by law by {approval.clock.decide_by.strftime('%d %b %Y')}.")
    if approval.expires_on:
        lines.append(f"Valid until {approval.expires_on.strftime('%d %b %Y')}.")
    if approval.awaited:
        lines.append("We still need: " + ", ".join(d.name for d in approval.awaited) + ".")
    lines.append(approval.next_words)
    return " ".join(lines)


# --- the morning -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseLine:
    reference: str
    organisation: str
    approval: str
    stage: str
    holder: str
    assigned_to: str
    when: date | None


@dataclass(frozen=True)
class Morning:
    by_stage: dict[str, int]
    overdue: tuple[CaseLine, ...]
    waiting_on_client: tuple[CaseLine, ...]
    renewals: tuple[CaseLine, ...]
    my_callbacks: tuple[CaseLine, ...]
    cases: tuple[CaseLine, ...]


def morning(token: object, *, address: str = "", now: datetime | None = None) -> Morning:
    """The open cases for the morning: by stage, overdue by law, waiting on the client for more
    than `case_waiting_on_client_days`, renewals within `case_renewals_within_days`, and the
    signed-in member of staff's call-backs due today or before."""
    staff = _staff(token, address, now)
    now = now or utcnow()
    today = _today(now)
    settings = content().enquiries
    waiting_since = now - timedelta(days=settings.case_waiting_on_client_days)
    renew_until = today + timedelta(days=settings.case_renewals_within_days)

    def work(session: Session) -> Morning:
        rows = session.exec(
            select(CaseApproval, ClientCase)
            .join(ClientCase, ClientCase.id == CaseApproval.case_id)
            .where(ClientCase.status == "open")
            .order_by(ClientCase.reference, CaseApproval.id)
        ).all()
        by_stage = dict.fromkeys(STAGES, 0)
        overdue, waiting, renewals = [], [], []
        for row, case in rows:
            by_stage[row.stage] += 1
            view = _approval_view(row, [], today)
            line = CaseLine(case.reference, case.organisation, row.name, row.stage, row.holder, case.assigned_to, None)
            if view.clock.overdue:
                overdue.append(line.__class__(**{**line.__dict__, "when": view.clock.decide_by}))
            if row.holder == "client" and row.holder_since < waiting_since:
                waiting.append(line.__class__(**{**line.__dict__, "when": _today(row.holder_since)}))
            if row.expires_on is not None and row.expires_on <= renew_until and row.stage in ("granted", "renewal"):
                renewals.append(line.__class__(**{**line.__dict__, "when": row.expires_on}))
        cases = session.exec(select(ClientCase).where(ClientCase.status == "open").order_by(ClientCase.reference)).all()
        callbacks = [
            CaseLine(c.reference, c.organisation, "", "", "", c.assigned_to, c.callback_on)
            for c in cases
            if c.callback_on is not None and c.callback_on <= today and c.assigned_to == staff.name
        ]
        listed = [CaseLine(c.reference, c.organisation, "", "", "", c.assigned_to, c.callback_on) for c in cases]
        audit.record("case-list", staff.name, f"{len(cases)} open cases", address=address, now=now, session=session)
        return Morning(
            by_stage=by_stage,
            overdue=tuple(overdue),
            waiting_on_client=tuple(waiting),
            renewals=tuple(sorted(renewals, key=lambda x: x.when or today)),
            my_callbacks=tuple(callbacks),
            cases=tuple(listed),
        )

    return _write(work)
