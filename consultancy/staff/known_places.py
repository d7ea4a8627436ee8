"""The browsers and networks a member of staff has signed in from with their second factor.

A browser is known by a random device token in a long-lived HttpOnly cookie (staff_http.py);
the database keeps only its SHA-256, one row per account that signed in with it (two staff
sharing a computer share the token). A network is the keyed hash of the address (IPv6 by its
/64) that the per-address limits use. A known browser is not held by the account's guessing
budget (account_budget.py) while its own failures are few; a sign-in from neither a known browser nor a known network is
mailed to the account's owner (staff_notices.py).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from consultancy.records.models import StaffKnownPlace

BROWSER, NETWORK = "browser", "network"
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,64}$")


def new_device_token() -> str:
    return secrets.token_urlsafe(32)


def _key(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def well_formed(token: object) -> bool:
    return isinstance(token, str) and bool(_TOKEN.match(token))


def device_key(device: object) -> str | None:
    """The stored form of a browser's device token, None when it sent none (or a malformed one)."""
    return _key(str(device)) if well_formed(device) else None


def _find(session: Session, user_id: int, kind: str, key: str) -> StaffKnownPlace | None:
    return session.exec(
        select(StaffKnownPlace).where(
            StaffKnownPlace.user_id == user_id, StaffKnownPlace.kind == kind, StaffKnownPlace.place_key == key
        )
    ).first()


def known_browser(session: Session, user_id: int | None, device: object) -> bool:
    if user_id is None or not well_formed(device):
        return False
    return _find(session, user_id, BROWSER, _key(str(device))) is not None


@dataclass(frozen=True)
class Visit:
    device: str  # the browser's token, to set (again) in its cookie
    new_place: bool  # neither the browser nor the network was known (and others were)


def remember(session: Session, user_id: int, device: object, network_key: str, now: datetime) -> Visit:
    """Note a sign-in with the second factor from this browser and network."""
    token = str(device) if well_formed(device) else new_device_token()
    had_any = session.exec(select(StaffKnownPlace.id).where(StaffKnownPlace.user_id == user_id)).first() is not None
    seen = []
    for kind, key in ((BROWSER, _key(token)), (NETWORK, network_key)):
        row = _find(session, user_id, kind, key)
        seen.append(row is not None)
        if row is None:
            row = StaffKnownPlace(user_id=user_id, kind=kind, place_key=key, first_seen_at=now, last_seen_at=now)
        row.last_seen_at = now
        session.add(row)
    # The very first sign-in after enrolment is not news: the enrolment was mailed.
    return Visit(device=token, new_place=had_any and not any(seen))
