"""The client's private links. A link carries a 256-bit token made from a random seed under
the links' key (keys.case_link_token); only its keyed hash (keys.CASE_LINK) is stored, and an
email that carries it keeps only the seed until it is written at sending (letters.CaseLetter),
so neither the database nor a backup holds a working link. A link ends when staff revoke it, or `case_link_idle_days`
(data/enquiries.toml) after its last use. Whoever holds a link that has ended may ask for a
fresh one, which goes only to the case's primary contact, and counts against that mailbox's cap
of emails asked for by someone outside the firm (recipients.take_confirmation)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, select

from consultancy.content import content
from consultancy.mail import recipients
from consultancy.records import keys
from consultancy.records.models import (
    CASE_LINK_PLACEHOLDER,
    CaseContact,
    CaseEvent,
    CaseLink,
    ClientCase,
    utcnow,
)
from consultancy.staff import audit
from consultancy.staff.staff import StaffIdentity

from .case_file import (
    CaseRefused,
    CaseView,
    ClientView,
    EventView,
    _change,
    _event,
    _find,
    _primary,
    _staff,
    _today,
    _write,
)
from .emails import _queue
from .stages import _approvals

# token_urlsafe(32): 43 characters of the URL-safe alphabet, 256 random bits.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")


LINK_PATH = "/case/"


# A link used again within this long is not written again (a page load is not a write).
USE_NOTED_EVERY = timedelta(minutes=10)


def token_hash(token: str) -> str:
    return keys.keyed_hash(keys.CASE_LINK, token)


@dataclass(frozen=True)
class NewLink:
    token: str  # shown once to staff
    seed: str  # kept with an email that carries it


def _new_link(session: Session, case: ClientCase, contact: CaseContact | None, now: datetime) -> NewLink:
    seed = secrets.token_hex(32)
    token = keys.case_link_token(seed)
    session.add(
        CaseLink(
            case_id=case.id or 0,
            contact_id=contact.id if contact else None,
            token_hash=token_hash(token),
            created_at=now,
            last_used_at=now,
        )
    )
    return NewLink(token, seed)


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
            _queue(session, case, contact.email, _link_letter(case), now, link_seed=link.seed)
        _event(session, case, staff.name, "link", "Link made" + (" and emailed to the contact" if send else ""), now)
        audit.record("case-link", staff.name, f"{case.reference}: link made", address=address, now=now, session=session)
        return link.token

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
            has_email=bool((contact := _primary(session, case)) and contact.email),
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
        _queue(session, case, contact.email, _link_letter(case), now, link_seed=fresh.seed)
        _event(session, case, "client", "link", "Fresh link sent to the contact at their request", now)

    _write(work)


def _link_letter(case: ClientCase) -> tuple[str, str]:
    """The email with a link to the case's page; the link itself goes in at sending."""
    site = content().site
    return (
        f"Your approvals with {site.name}: {case.reference}",
        "\n".join(
            [
                f"This is the private page where you can see how the approvals of {case.organisation} stand:",
                "",
                link_url(CASE_LINK_PLACEHOLDER),
                "",
                f"Anyone with this link can see the page: keep it to yourself. It stops working after "
                f"{content().enquiries.case_link_idle_days} days without use; we can send a fresh one.",
                "",
                f"{site.name}, {site.phone}",
            ]
        ),
    )
