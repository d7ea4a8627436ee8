"""Setting up a member of staff's second factor, from an enrolling session (a sign-in with
the password alone by a user who has none yet: staff.sign_in).

`begin` gives the QR code and the secret to type by hand (the same pending secret on every
call, so a reload does not spoil a code already scanned); `finish` takes a code from the app,
makes the secret count, gives the recovery codes (shown once, stored hashed), turns the
session into a full one and mails the user. Until then the inbox refuses the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import delete

from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, NotSignedIn, StoreUnavailable
from consultancy.records.models import StaffSession, StaffUser, utcnow

from . import audit, second_factor, staff_notices
from .staff import INBOX_UNAVAILABLE, session_identity


class EnrolmentRefused(EnquiryError):
    """The code typed does not match the app's."""


WRONG_CODE = "That code does not match. Type the six digits your app shows now."


@dataclass(frozen=True)
class Enrolment:
    name: str
    secret: str  # in groups of four, to type by hand
    uri: str  # otpauth://, what the QR code holds
    qr: str  # the QR code as an SVG data: address


def _enrolling(token: object, now: datetime | None):
    identity = session_identity(token, now=now)
    if not identity.enrolling:
        raise NotSignedIn()
    return identity


def begin(token: object, *, now: datetime | None = None) -> Enrolment:
    identity = _enrolling(token, now)
    try:
        with transaction() as session:
            user = session.get(StaffUser, identity.user_id)
            if user is None:
                raise NotSignedIn()
            if not user.totp_secret or user.totp_confirmed_at is not None:
                user.totp_secret, user.totp_confirmed_at, user.totp_last_step = second_factor.new_secret(), None, 0
                session.add(user)
            secret = user.totp_secret
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    uri = second_factor.provisioning_uri(identity.name, secret)
    return Enrolment(
        name=identity.name, secret=second_factor.grouped(secret), uri=uri, qr=second_factor.qr_svg_data_uri(uri)
    )


def finish(token: object, code: object, *, address: str = "", now: datetime | None = None) -> list[str]:
    """The recovery codes, once the code from the app matches the pending secret."""
    identity = _enrolling(token, now)
    now = now or utcnow()
    if not isinstance(code, str) or len(code) > 64:
        raise EnrolmentRefused(WRONG_CODE)
    try:
        with transaction() as session:
            user = session.get(StaffUser, identity.user_id)
            if user is None or not user.totp_secret:
                raise NotSignedIn()
            step = second_factor.matching_step(user.totp_secret, code, now)
            if step is None:
                audit.record("enrol-refused", user.name, address=address, now=now, session=session)
                refused = True
            else:
                refused = False
                user.totp_confirmed_at, user.totp_last_step = now, step
                session.add(user)
                codes = second_factor.replace_recovery_codes(session, user.id, now)
                # Other enrolling sessions (another tab, or someone else with the password) end.
                session.exec(
                    delete(StaffSession).where(
                        StaffSession.user_id == user.id,
                        StaffSession.enrolling.is_(True),
                        StaffSession.id != identity.session_id,
                    )
                )
                row = session.get(StaffSession, identity.session_id)
                if row is not None:
                    row.enrolling = False
                    session.add(row)
                staff_notices.second_factor_changed(session, user, "set up", now)
                audit.record("enrolled", user.name, address=address, now=now, session=session)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if refused:
        raise EnrolmentRefused(WRONG_CODE)
    return codes
