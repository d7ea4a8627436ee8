"""Staff accounts and sessions for the inbox at /staff.

Passwords are hashed with scrypt (hashlib) and a random salt, the parameters stored with the
hash. Five wrong passwords in a row lock an account for 15 minutes. A session is a random
token the browser keeps; the database keeps only its SHA-256, and it ends after a few hours
(STAFF_SESSION_HOURS, 8 by default) or at sign-out. `require_session(token)` is the check
every inbox action makes first.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import os
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import delete, select, update

from .database import transaction
from .errors import AccountLocked, NotSignedIn, SignInRefused, StoreUnavailable
from .models import StaffSession, StaffUser, utcnow
from .settings import IST

MAX_FAILURES = 5
LOCK_FOR = timedelta(minutes=15)
PASSWORD_MIN_LENGTH = 12
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]{1,59}$")
# OWASP's minimum for scrypt (N=2^17, r=8, p=1): 128 MiB and about half a second per hash
# on a small server, slow for a guesser and quick enough for a person signing in.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**17, 8, 1
_SCRYPT_MAXMEM = 256 * 1024 * 1024
_TOKEN_MAX = 200

REFUSED = "That name and password do not match. Check them and try again."
INBOX_UNAVAILABLE = "The inbox cannot reach its database just now. Please try again in a minute."


@dataclass(frozen=True)
class StaffTicket:
    """A new session: the page keeps `token` and passes it to every inbox call."""

    token: str
    name: str
    expires_at: datetime


@dataclass(frozen=True)
class StaffIdentity:
    user_id: int
    name: str
    expires_at: datetime


def session_length() -> timedelta:
    return timedelta(hours=float(os.environ.get("STAFF_SESSION_HOURS", "") or 8))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=_SCRYPT_MAXMEM, dklen=32
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=_SCRYPT_MAXMEM,
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


@functools.cache
def _decoy_hash() -> str:
    # Checked against when the name is unknown, so that a wrong name takes as long as a
    # wrong password and the timing does not tell which names exist.
    return hash_password(secrets.token_urlsafe(16))


def normalise_name(name: str) -> str:
    return name.strip().lower()


def check_new_user(name: str, password: str) -> str:
    """The normalised name; ValueError with a plain reason when the name or password won't do."""
    name = normalise_name(name)
    if not NAME_PATTERN.match(name):
        raise ValueError(
            "A name is 2 to 60 letters, digits, dots, hyphens or underscores, starting with a letter or digit"
        )
    if len(password) < PASSWORD_MIN_LENGTH:
        raise ValueError(f"A password needs at least {PASSWORD_MIN_LENGTH} characters")
    if password.strip() != password:
        raise ValueError("A password may not start or end with a space")
    return name


def add_user(name: str, password: str, *, reset: bool = False, now: datetime | None = None) -> str:
    """Create a staff user, or with `reset` give an existing one a new password (and unlock it).
    Returns the stored name; ValueError when the name or password won't do or the name is taken."""
    name = check_new_user(name, password)
    now = now or utcnow()
    hashed = hash_password(password)
    try:
        with transaction() as session:
            user = session.exec(select(StaffUser).where(StaffUser.name == name)).first()
            if user is not None and not reset:
                raise ValueError(f"There is already a user called {name!r}; add --reset to give them a new password")
            if user is None:
                if reset:
                    raise ValueError(f"There is no user called {name!r}")
                session.add(StaffUser(name=name, password_hash=hashed, created_at=now))
            else:
                user.password_hash, user.failed_attempts, user.locked_until = hashed, 0, None
                session.add(user)
                # A new password ends the sessions that the old one opened.
                session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
    except IntegrityError:
        raise ValueError(f"There is already a user called {name!r}") from None
    return name


def remove_user(name: str) -> bool:
    with transaction() as session:
        user = session.exec(select(StaffUser).where(StaffUser.name == normalise_name(name))).first()
        if user is None:
            return False
        session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
        session.delete(user)
        return True


def _locked_message(until: datetime) -> str:
    return (
        "Too many wrong passwords: this account is locked until "
        f"{until.astimezone(IST).strftime('%H:%M IST')}. Try again then, or ask a colleague to reset it."
    )


def sign_in(name: str, password: str, *, now: datetime | None = None) -> StaffTicket:
    """A new session for `name`. Raises SignInRefused (unknown name or wrong password, in the
    same words), AccountLocked (after MAX_FAILURES wrong passwords, for LOCK_FOR) and
    StoreUnavailable."""
    now = now or utcnow()
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024:
        raise SignInRefused(REFUSED)
    name = normalise_name(name)
    try:
        with transaction() as session:
            user = session.exec(select(StaffUser).where(StaffUser.name == name)).first()
            stored = user.password_hash if user else None
            locked_until = user.locked_until if user else None
        if locked_until is not None and locked_until > now:
            raise AccountLocked(_locked_message(locked_until), locked_until)
        # The slow hash runs outside any transaction: it must not hold up enquiries.
        matches = verify_password(password, stored or _decoy_hash())
        if user is None:
            raise SignInRefused(REFUSED)
        return _after_check(user.id, name, matches, now)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def _after_check(user_id: int | None, name: str, matches: bool, now: datetime) -> StaffTicket:
    locked: datetime | None = None
    with transaction() as session:
        session.exec(delete(StaffSession).where(StaffSession.expires_at <= now))
        if matches:
            user = session.get(StaffUser, user_id)
            if user is None:
                raise SignInRefused(REFUSED)
            # A guesser may have locked the account while this password was being checked.
            if user.locked_until is not None and user.locked_until > now:
                locked = user.locked_until
            else:
                user.failed_attempts, user.locked_until = 0, None
                session.add(user)
                token = secrets.token_urlsafe(32)
                expires_at = now + session_length()
                session.add(
                    StaffSession(token_hash=_token_hash(token), user_id=user_id, created_at=now, expires_at=expires_at)
                )
                return StaffTicket(token=token, name=name, expires_at=expires_at)
        else:
            # Counted in the database, so parallel guesses cannot slip past the limit.
            session.exec(
                update(StaffUser).where(StaffUser.id == user_id).values(failed_attempts=StaffUser.failed_attempts + 1)
            )
            user = session.get(StaffUser, user_id)
            if user is not None and user.failed_attempts >= MAX_FAILURES:
                user.failed_attempts, user.locked_until = 0, now + LOCK_FOR
                session.add(user)
                locked = user.locked_until
    if locked is not None:
        raise AccountLocked(_locked_message(locked), locked)
    raise SignInRefused(REFUSED)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def require_session(token: object, *, now: datetime | None = None) -> StaffIdentity:
    """The signed-in member of staff that `token` belongs to. Raises NotSignedIn when the
    token is missing, malformed, unknown or expired, StoreUnavailable when the database is
    down. Every inbox action calls this before it reads or changes anything."""
    if not isinstance(token, str) or not token or len(token) > _TOKEN_MAX:
        raise NotSignedIn()
    now = now or utcnow()
    try:
        with transaction() as session:
            found = session.exec(
                select(StaffSession, StaffUser)
                .join(StaffUser, StaffUser.id == StaffSession.user_id)
                .where(StaffSession.token_hash == _token_hash(token))
            ).first()
            if found is None:
                raise NotSignedIn()
            staff_session, user = found
            if staff_session.expires_at <= now:
                session.delete(staff_session)
                expired = True
            else:
                expired = False
                identity = StaffIdentity(user_id=user.id, name=user.name, expires_at=staff_session.expires_at)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if expired:
        raise NotSignedIn("Your session has ended. Please sign in again.")
    return identity


def sign_out(token: object) -> None:
    if not isinstance(token, str) or not token or len(token) > _TOKEN_MAX:
        return
    with transaction() as session:
        session.exec(delete(StaffSession).where(StaffSession.token_hash == _token_hash(token)))
