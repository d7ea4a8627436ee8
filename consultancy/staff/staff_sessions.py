"""The open sessions of the staff inbox: each member of staff sees their own and can end
any of them; an admin (`add-user --admin`) sees everyone's and can end any."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import select

from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, StoreUnavailable
from consultancy.records.models import StaffSession, StaffUser, utcnow
from consultancy.records.settings import IST

from . import audit
from .staff import IDLE_FOR, INBOX_UNAVAILABLE, require_session


class SessionRefused(EnquiryError):
    """Not a session this member of staff may end."""


@dataclass(frozen=True)
class SessionView:
    id: int
    user: str
    started: str
    last_active: str
    address: str
    agent: str
    current: bool


def _when(moment: datetime) -> str:
    return moment.astimezone(IST).strftime("%d %b %Y, %H:%M IST")


def open_sessions(token: object, *, everyone: bool = False, now: datetime | None = None) -> tuple[SessionView, ...]:
    """The caller's open sessions (everyone's for an admin who asks), the latest active
    first."""
    identity = require_session(token, now=now)
    now = now or utcnow()
    query = (
        select(StaffSession, StaffUser.name)
        .join(StaffUser, StaffUser.id == StaffSession.user_id)
        .where(StaffSession.expires_at > now)
    )
    if not (everyone and identity.is_admin):
        query = query.where(StaffSession.user_id == identity.user_id)
    try:
        with transaction() as session:
            rows = session.exec(query).all()
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    found = []
    for row, name in rows:
        seen = row.last_seen_at or row.created_at
        if now - seen >= IDLE_FOR:
            continue
        view = SessionView(
            id=row.id,
            user=name,
            started=_when(row.created_at),
            last_active=_when(seen),
            address=row.address or "unknown",
            agent=row.agent or "unknown browser",
            current=row.id == identity.session_id,
        )
        found.append((not view.current, -seen.timestamp(), view.id, view))
    views = [view for *_, view in sorted(found)]
    return tuple(views)


def end_session(token: object, session_id: object, *, address: str = "", now: datetime | None = None) -> str:
    """End one session: the caller's own, or anyone's for an admin. Returns whose it was."""
    identity = require_session(token, now=now)
    if not isinstance(session_id, int) or isinstance(session_id, bool):
        raise SessionRefused("There is no such session.")
    try:
        with transaction() as session:
            row = session.get(StaffSession, session_id)
            if row is None or (row.user_id != identity.user_id and not identity.is_admin):
                # The same answer for another's session and none at all: ids tell nothing.
                refused = True
            else:
                refused = False
                owner = session.get(StaffUser, row.user_id)
                whose = owner.name if owner is not None else ""
                session.delete(row)
                audit.record(
                    "end-session", identity.name, f"a session of {whose}", address=address, now=now, session=session
                )
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if refused:
        raise SessionRefused("There is no such session.")
    return whose
