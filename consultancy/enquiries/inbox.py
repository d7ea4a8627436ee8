"""What the staff inbox at /staff does. Every function takes the session token first and
checks it before touching anything (NotSignedIn otherwise), so an inbox event sent straight
over the websocket without signing in gets nothing, whichever handler it reaches.

Values are returned as plain data; the page shows them as text (Reflex escapes text), and
nothing here is HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import and_, func, or_, select

from consultancy.forms.enquiry_form import district_label, services_label
from consultancy.mail import mail_backlog
from consultancy.mail.mail_backlog import MailBacklog
from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, NotSignedIn, StoreUnavailable
from consultancy.records.models import HELD, NOTE_MAX, STATUSES, Enquiry, EnquiryNote, MailQueue, utcnow
from consultancy.records.settings import IST
from consultancy.staff import audit
from consultancy.staff.staff import (
    INBOX_UNAVAILABLE,
    StaffIdentity,
    require_recent_reauth,
    require_session,
    session_identity,
)
from consultancy.staff.staff import sign_out as end_session

from . import export, limits
from .queries import condition

PAGE_SIZE = 50
# The same caller's other enquiries shown with an opened one, newest first.
RELATED_MAX = 20


class InboxRefused(EnquiryError):
    """The action cannot be done as asked (unknown reference or status, an empty note)."""


@dataclass(frozen=True)
class NoteView:
    author: str
    text: str
    written: str  # "05 Mar 2026, 14:02 IST"


@dataclass(frozen=True)
class RelatedView:
    """Another enquiry from the same caller, and what they share."""

    reference: str
    name: str
    received: str
    status: str
    shared: str  # "same phone", "same email", "same connection", joined with ", "


@dataclass(frozen=True)
class EnquiryView:
    reference: str
    received: str
    status: str
    name: str
    phone: str
    email: str
    organisation: str
    service: str
    service_label: str
    district: str
    district_label: str
    message: str
    closed: str
    mail_sent: bool
    # "05 Mar, 14:02" (with the year when not this year's), for the list's narrow column.
    received_short: str = ""
    # Over which limit it was held ("address", "contact", both or ""), in words for staff.
    held_reason: str = ""
    held_summary: str = ""
    held_explanation: str = ""
    notes: tuple[NoteView, ...] = ()
    # Only for one enquiry opened: the same caller's others.
    related: tuple[RelatedView, ...] = ()


@dataclass(frozen=True)
class EnquiryList:
    enquiries: tuple[EnquiryView, ...]
    total: int  # how many match, of which `enquiries` is one page
    counts: dict[str, int]  # enquiries in each status, whatever the filter


def _when(moment: datetime | None) -> str:
    return moment.astimezone(IST).strftime("%d %b %Y, %H:%M IST") if moment else ""


def _short_when(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = moment.astimezone(IST)
    return local.strftime("%d %b, %H:%M" if local.year == utcnow().astimezone(IST).year else "%d %b %Y")


def _view(
    enquiry: Enquiry,
    mail_sent: bool,
    notes: list[EnquiryNote] | None = None,
    related: tuple[RelatedView, ...] = (),
) -> EnquiryView:
    held = enquiry.status == HELD
    return EnquiryView(
        reference=enquiry.reference,
        received=_when(enquiry.created_at),
        status=enquiry.status,
        name=enquiry.name,
        phone=enquiry.phone,
        email=enquiry.email,
        organisation=enquiry.organisation,
        service=enquiry.service,
        service_label=services_label(enquiry.services or [enquiry.service]),
        district=enquiry.district,
        district_label=district_label(enquiry.district),
        message=enquiry.message,
        closed=_when(enquiry.closed_at),
        mail_sent=mail_sent,
        received_short=_short_when(enquiry.created_at),
        held_reason=enquiry.held_reason,
        held_summary=limits.held_summary(enquiry.held_reason) if held else "",
        held_explanation=limits.held_explanation(enquiry.held_reason) if held else "",
        notes=tuple(NoteView(author=n.author, text=n.text, written=_when(n.created_at)) for n in notes or ()),
        related=related,
    )


def _related(session, enquiry: Enquiry) -> tuple[RelatedView, ...]:
    """The same caller's other enquiries: the same phone or email, or (for one held over the
    address limit) those sent from the same connection in the hour before it."""
    same = []
    if enquiry.phone:
        same.append(Enquiry.phone == enquiry.phone)
    if enquiry.email:
        same.append(Enquiry.email == enquiry.email)
    if enquiry.same_address:
        same.append(Enquiry.reference.in_(enquiry.same_address[:200]))
    if not same:
        return ()
    others = session.exec(
        select(Enquiry)
        .where(Enquiry.id != enquiry.id, or_(*same))
        .order_by(Enquiry.created_at.desc(), Enquiry.id.desc())
        .limit(RELATED_MAX)
    ).all()

    def shared(other: Enquiry) -> str:
        why = [
            ("same phone", bool(enquiry.phone) and other.phone == enquiry.phone),
            ("same email", bool(enquiry.email) and other.email == enquiry.email),
            ("same connection", other.reference in enquiry.same_address),
        ]
        return ", ".join(label for label, matches in why if matches)

    return tuple(
        RelatedView(
            reference=other.reference,
            name=other.name,
            received=_when(other.created_at),
            status=other.status,
            shared=shared(other),
        )
        for other in others
    )


def list_enquiries(
    token: object,
    *,
    status: str | None = None,
    search: str = "",
    page: int = 1,
    page_size: int = PAGE_SIZE,
    now: datetime | None = None,
    address: str = "",
) -> EnquiryList:
    """Newest first, filtered by status and by text in the reference, name, email, phone,
    organisation or message; one page of `page_size`. Recorded in the audit (a search by its
    length and keyed hash only)."""
    staff = require_session(token, now=now)
    where = _condition(status=status, search=search)
    if not status:
        # Held enquiries are listed apart (their own filter) until staff release them.
        where = and_(where, Enquiry.status != HELD)
    try:
        page, page_size = max(int(page), 1), min(max(int(page_size), 1), 500)
    except (TypeError, ValueError):
        raise InboxRefused("The page number must be a whole number.") from None
    try:
        with transaction() as session:
            total = session.exec(select(func.count()).select_from(Enquiry).where(where)).one()
            rows = session.exec(
                select(Enquiry, MailQueue.sent_at)
                .join(MailQueue, MailQueue.enquiry_id == Enquiry.id, isouter=True)
                .where(where)
                .order_by(Enquiry.created_at.desc(), Enquiry.id.desc())
                .offset((page - 1) * page_size)
                .limit(page_size)
            ).all()
            counts = dict(session.exec(select(Enquiry.status, func.count()).group_by(Enquiry.status)).all())
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    audit.listed(staff.name, status=status, search=search, page=page, found=total, address=address, now=now)
    return EnquiryList(
        enquiries=tuple(_view(enquiry, sent is not None) for enquiry, sent in rows),
        total=total,
        counts={status: counts.get(status, 0) for status in STATUSES},
    )


def check_session(token: object, *, address: str = "", now: datetime | None = None) -> StaffIdentity:
    """require_session for an inbox event, with a refusal recorded in the audit (bounded:
    audit.refused_event): an event without a session is someone probing, or a session ended."""
    try:
        return require_session(token, now=now)
    except NotSignedIn:
        audit.refused_event(address, "session ended or unknown" if token else "no session", now=now)
        raise


def sign_out(token: object, *, address: str = "") -> None:
    """End the session of `token` (an enrolling one too), recorded in the audit under its
    owner's name."""
    try:
        name = session_identity(token).name
    except (NotSignedIn, StoreUnavailable):
        name = ""
    end_session(token)
    if name:
        audit.record("sign-out", name, address=address)


def _condition(*, since: object = None, status: object = None, search: object = ""):
    """The filter, from values that came over the websocket and may be anything."""
    if since is not None and not isinstance(since, date):
        raise InboxRefused("The date must be a date.")
    if not isinstance(search, str) or (status is not None and not isinstance(status, str)):
        raise InboxRefused("Search for text, and filter by one of: " + ", ".join(STATUSES) + ".")
    try:
        return condition(since=since, status=status or None, search=search)
    except ValueError as error:
        raise InboxRefused(str(error)) from None


def get_enquiry(
    token: object, reference: str, *, now: datetime | None = None, address: str = "", opened: bool = True
) -> EnquiryView:
    """One enquiry with its notes, oldest note first; recorded in the audit when a member
    of staff `opened` it (not when the page shows the open one again)."""
    staff = require_session(token, now=now)
    try:
        with transaction() as session:
            view = _load(session, reference)
            if opened:
                audit.record("open", staff.name, view.reference, address=address, now=now, session=session)
            return view
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def _find(session, reference: object) -> Enquiry:
    enquiry = None
    if isinstance(reference, str) and len(reference) <= 24:
        enquiry = session.exec(select(Enquiry).where(Enquiry.reference == reference)).first()
    if enquiry is None:
        raise InboxRefused("There is no enquiry with that reference.")
    return enquiry


def _load(session, reference: object) -> EnquiryView:
    enquiry = _find(session, reference)
    notes = session.exec(
        select(EnquiryNote).where(EnquiryNote.enquiry_id == enquiry.id).order_by(EnquiryNote.created_at, EnquiryNote.id)
    ).all()
    sent = session.exec(select(MailQueue.sent_at).where(MailQueue.enquiry_id == enquiry.id)).first()
    return _view(enquiry, sent is not None, list(notes), _related(session, enquiry))


def set_status(
    token: object, reference: str, status: str, *, now: datetime | None = None, address: str = ""
) -> EnquiryView:
    """Move an enquiry to `status` (new, contacted, quoted, closed); a note records who did
    it. Closing starts the retention clock; reopening stops it."""
    staff = require_session(token, now=now)
    if status not in STATUSES:
        raise InboxRefused(f"Choose one of: {', '.join(STATUSES)}.")
    now = now or utcnow()
    try:
        with transaction() as session:
            enquiry = _find(session, reference)
            if enquiry.status != status:
                _note(session, enquiry, staff, f"Status: {enquiry.status} → {status}", now)
                audit.record(
                    "status",
                    staff.name,
                    f"{reference}: {enquiry.status} -> {status}",
                    address=address,
                    now=now,
                    session=session,
                )
                enquiry.status = status
                enquiry.status_changed_at = now
                enquiry.closed_at = now if status == "closed" else None
                session.add(enquiry)
                session.flush()
            return _load(session, reference)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def add_note(
    token: object, reference: str, text: str, *, now: datetime | None = None, address: str = ""
) -> EnquiryView:
    """Add a note (a call made, a quote sent) under the signed-in name."""
    staff = require_session(token, now=now)
    if not isinstance(text, str) or not text.strip():
        raise InboxRefused("Write the note first.")
    text = text.replace("\r\n", "\n").strip()
    if len(text) > NOTE_MAX:
        raise InboxRefused(f"A note can be at most {NOTE_MAX:,} characters.")
    if "\x00" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise InboxRefused("The note contains characters that cannot be saved; please retype it.")
    now = now or utcnow()
    try:
        with transaction() as session:
            enquiry = _find(session, reference)
            _note(session, enquiry, staff, text, now)
            detail = f"{enquiry.reference}: {len(text)} characters"  # never the note's text
            audit.record("note", staff.name, detail, address=address, now=now, session=session)
            session.flush()
            return _load(session, reference)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def _note(session, enquiry: Enquiry, staff: StaffIdentity, text: str, now: datetime) -> None:
    session.add(EnquiryNote(enquiry_id=enquiry.id, author=staff.name, text=text, created_at=now))


def export_csv(
    token: object,
    *,
    since: date | None = None,
    status: str | None = None,
    search: str = "",
    now: datetime | None = None,
    address: str = "",
) -> str:
    """The CSV download: without filters, exactly what `python -m consultancy.office
    export` prints. Only after the password and second factor were typed again
    (staff.reauthenticate, a few minutes at most before). Recorded in the audit (and a large
    one mailed to the firm)."""
    staff = require_recent_reauth(token, now=now)
    _condition(since=since, status=status, search=search)
    try:
        text, rows = export.csv_text_and_count(since=since, status=status or None, search=search)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    audit.exported(staff.name, rows, address=address)
    return text


def mail_waiting(token: object, *, now: datetime | None = None) -> MailBacklog:
    """The emails waiting to be sent for longer than `mail_waiting_warn_minutes`
    (data/enquiries.toml), for the warning at the top of the inbox."""
    require_session(token, now=now)
    try:
        return mail_backlog.waiting(now=now)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
