"""The staff inbox's second factor: a TOTP authenticator app (RFC 6238 through pyotp: six
digits, 30-second steps, SHA-1, as every authenticator app reads them) and recovery codes.

- Enrolment shows a QR code of the otpauth:// address, drawn here as SVG by segno (no image
  leaves the server for a third-party service) with the secret as text beside it; the secret
  counts only once a code from the app has been typed back (`totp_confirmed_at`).
- A code is taken for the step it belongs to or one either side (a phone's clock may be a
  little off), and never twice: the last step used is kept (`totp_last_step`).
- Recovery codes: RECOVERY_CODES of them, each 20 characters of Crockford's base32 (100
  random bits), shown once and stored as a salted SHA-256; each works once.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime

import pyotp
import segno
from sqlalchemy import update
from sqlmodel import Session, select

from consultancy.records.models import StaffRecoveryCode, StaffUser

ISSUER = "Staff inbox"
STEP_SECONDS = 30
# One step either side of now: what a phone's clock may be off by.
VALID_WINDOW = 1
RECOVERY_CODES = 10
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CODE_LENGTH = 20


def new_secret() -> str:
    """160 random bits in base32, the length RFC 4226 recommends."""
    return pyotp.random_base32(32)


def provisioning_uri(name: str, secret: str, issuer: str = ISSUER) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=name, issuer_name=issuer)


def qr_svg_data_uri(uri: str) -> str:
    """The QR code of `uri` as an SVG data: address for an <img> (the site's policy allows
    data: images; no markup of ours goes into the page)."""
    return segno.make(uri, error="m").svg_data_uri(scale=5, border=2, dark="#111", light="#fff")


def grouped(secret: str) -> str:
    """The secret in groups of four, for typing into an app by hand."""
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def _step(now: datetime) -> int:
    return int(now.timestamp()) // STEP_SECONDS


def matching_step(secret: str, code: str, now: datetime, after: int = 0) -> int | None:
    """The step `code` is valid for (now, or one step either side), if later than `after`."""
    digits = "".join(code.split())
    if len(digits) != 6 or not digits.isascii() or not digits.isdigit():
        return None
    totp = pyotp.TOTP(secret)
    current = _step(now)
    for step in range(current - VALID_WINDOW, current + VALID_WINDOW + 1):
        if step > after and hmac.compare_digest(totp.generate_otp(step), digits):
            return step
    return None


def code_now(secret: str, now: datetime) -> str:
    """The code an authenticator app shows at `now` (for tests and the command line)."""
    return pyotp.TOTP(secret).generate_otp(_step(now))


# --- recovery codes --------------------------------------------------------------------------


def _normalise_recovery(code: str) -> str:
    # Crockford's base32 reads I and L as 1 and O as 0; dashes and spaces are for the eye.
    text = "".join(code.split()).replace("-", "").upper()
    return text.translate(str.maketrans("ILO", "110"))


def new_recovery_codes(count: int = RECOVERY_CODES) -> list[str]:
    codes = []
    for _ in range(count):
        raw = "".join(secrets.choice(_CROCKFORD) for _ in range(_CODE_LENGTH))
        codes.append("-".join(raw[i : i + 5] for i in range(0, _CODE_LENGTH, 5)))
    return codes


def hash_recovery_code(code: str, salt: str | None = None) -> str:
    salt = salt or secrets.token_hex(8)
    digest = hashlib.sha256(f"{salt}${_normalise_recovery(code)}".encode()).hexdigest()
    return f"{salt}${digest}"


def _recovery_matches(code: str, stored: str) -> bool:
    salt, _, _ = stored.partition("$")
    return hmac.compare_digest(hash_recovery_code(code, salt), stored)


def looks_like_recovery_code(code: str) -> bool:
    text = _normalise_recovery(code)
    return len(text) == _CODE_LENGTH and all(ch in _CROCKFORD for ch in text)


def replace_recovery_codes(session: Session, user_id: int, now: datetime) -> list[str]:
    """New recovery codes for a user (the old ones stop working); returned once, to show."""
    for old in session.exec(select(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user_id)).all():
        session.delete(old)
    codes = new_recovery_codes()
    for code in codes:
        session.add(StaffRecoveryCode(user_id=user_id, code_hash=hash_recovery_code(code), created_at=now))
    return codes


def _unused_recovery(session: Session, user_id: int, code: str) -> StaffRecoveryCode | None:
    if not looks_like_recovery_code(code):
        return None
    rows = session.exec(
        select(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user_id, StaffRecoveryCode.used_at.is_(None))
    ).all()
    return next((row for row in rows if _recovery_matches(code, row.code_hash)), None)


def enrolled(user: StaffUser) -> bool:
    return bool(user.totp_secret) and user.totp_confirmed_at is not None


def use(session: Session, user: StaffUser, code: str, now: datetime) -> str | None:
    """Check `code` and use it up: "totp" or "recovery" when it was good, None otherwise.

    Used up by a conditional update, not by writing what was read: two sign-ins sending the
    same code at once (PostgreSQL lets both read the old step) both pass the check, but only
    the one whose update finds the step still older, or the recovery code still unused, gets
    it; the other is refused."""
    if not enrolled(user) or not isinstance(code, str) or not code or len(code) > 64:
        return None
    step = matching_step(user.totp_secret or "", code, now, after=user.totp_last_step)
    if step is not None:
        taken = session.execute(
            update(StaffUser)
            .where(StaffUser.id == user.id, StaffUser.totp_last_step < step)
            .values(totp_last_step=step)
            .execution_options(synchronize_session=False)
        )
        if taken.rowcount != 1:
            return None
        session.expire(user, ["totp_last_step"])
        return "totp"
    row = _unused_recovery(session, user.id, code)
    if row is not None:
        taken = session.execute(
            update(StaffRecoveryCode)
            .where(StaffRecoveryCode.id == row.id, StaffRecoveryCode.used_at.is_(None))
            .values(used_at=now)
            .execution_options(synchronize_session=False)
        )
        if taken.rowcount != 1:
            return None
        session.expire(row, ["used_at"])
        return "recovery"
    return None
