"""Client cases: what staff do with them. Staff open a case from an enquiry (its contact, and
the approvals its services name, which is the finder's result when the enquiry came from the
finder) or fresh; move each approval through STAGES (stages.py), every change a dated
CaseEvent; tick and add documents, note, set the office's details and the contact's consent,
agree renewal reminders, close; and read the morning's list of open cases.

Every staff call takes the session token first and records what was seen or changed in the
audit (by the case's reference, never a client's name), through case_file.py. The client's
links are links.py's; the package's opening note (__init__.py) says where the rest is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlmodel import Session, select

from consultancy.content import content
from consultancy.law.status import computed_months
from consultancy.records.errors import EnquiryError
from consultancy.records.models import (
    HOLDERS,
    STAGES,
    CaseApproval,
    CaseContact,
    CaseDocument,
    CaseNote,
    ClientCase,
    Enquiry,
    utcnow,
)
from consultancy.staff import audit
from consultancy.staff.staff import StaffIdentity

from .case_file import (
    NOTE_MAX,
    CaseRefused,
    CaseView,
    _add_approval,
    _approval_row,
    _case_view,
    _change,
    _date,
    _event,
    _find,
    _next_reference,
    _phone,
    _primary,
    _staff,
    _text,
    _today,
    _write,
)
from .emails import _stage_email
from .links import _revoke
from .stages import (
    HOLDER_AFTER,
    HOLDER_WORDS,
    STAGE_WORDS,
    _approval_view,
    _record,
    _words,
    approvals_of_services,
    renewal_held,
)


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


def get_case(token: object, reference: str, *, address: str = "", now: datetime | None = None) -> CaseView:
    staff = _staff(token, address, now)
    now = now or utcnow()

    def work(session: Session) -> CaseView:
        case = _find(session, reference)
        audit.record("case-view", staff.name, case.reference, address=address, now=now, session=session)
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
