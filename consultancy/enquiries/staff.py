"""Staff accounts and sessions for the inbox at /staff.

Passwords are hashed with scrypt (hashlib) and a random salt, the parameters stored with the
hash. A session is a random token the browser keeps in an HttpOnly cookie
(staff_http.py); the database keeps only its SHA-256, and it ends
after a few hours (STAFF_SESSION_HOURS, 8 by default), after IDLE_FOR without an inbox event,
at sign-out, or when the user is removed or given a new password. `require_session(token)`
is the check every inbox action makes first.

Every failed sign-in gets the same words after the same work (an unknown name is checked
against a decoy hash), whether the name exists or not, and whether the try was throttled:
nothing tells which names exist. Guessing is slowed by address and by (name, address)
instead of by locking the account, so a stranger cannot lock a member of staff out; and at
most HASHES_AT_ONCE password checks run at a time in a worker (each costs 128 MiB), the rest
refused at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import delete, func, select

from . import audit
from .database import transaction
from .errors import NotSignedIn, SignInRefused, StoreUnavailable
from .models import SignInFailure, StaffSession, StaffUser, utcnow

# Failed sign-ins counted over THROTTLE_WINDOW: a name from one address, and one address
# whatever the names (IPv6 by its /64, as the enquiry limit counts).
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES = 5
MAX_FAILURES_PER_ADDRESS = 20
HASHES_AT_ONCE = 2
IDLE_FOR = timedelta(minutes=30)
# last_seen_at is written at most this often, not on every event.
SEEN_EVERY = timedelta(minutes=1)
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


def _decoy_hash() -> str:
    """Checked against when the name is unknown, so that a wrong name takes as long as a
    wrong password and the timing does not tell which names exist. Random bytes in the
    stored form at the current cost: making it hashes nothing (were it hashed on first use,
    the first unknown name on each worker would take two hashes), and no password matches
    it."""
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(secrets.token_bytes(16))}${_b64(secrets.token_bytes(32))}"


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
                user.password_hash = hashed
                session.add(user)
                # A new password ends the sessions that the old one opened.
                session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
    except IntegrityError:
        raise ValueError(f"There is already a user called {name!r}") from None
    return name


def remove_user(name: str) -> bool:
    """Remove a member of staff and end their sessions (their open tabs lose the enquiries
    they show at their next event)."""
    with transaction() as session:
        user = session.exec(select(StaffUser).where(StaffUser.name == normalise_name(name))).first()
        if user is None:
            return False
        session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
        session.delete(user)
        return True


_hashing = threading.BoundedSemaphore(HASHES_AT_ONCE)


def _name_key(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()


def _throttled(session, name_key: str, address_key: str, now: datetime) -> bool:
    session.exec(delete(SignInFailure).where(SignInFailure.created_at < now - THROTTLE_WINDOW))
    by_address = session.exec(
        select(func.count()).select_from(SignInFailure).where(SignInFailure.address_key == address_key)
    ).one()
    by_pair = session.exec(
        select(func.count())
        .select_from(SignInFailure)
        .where(SignInFailure.address_key == address_key, SignInFailure.name_key == name_key)
    ).one()
    return by_address >= MAX_FAILURES_PER_ADDRESS or by_pair >= MAX_FAILURES


def sign_in(name: str, password: str, *, address: str = "", now: datetime | None = None) -> StaffTicket:
    """A new session for `name`, signing in from `address`. Raises SignInRefused, in the
    same words, for an unknown name, a wrong password, a throttled address or name, and
    when too many passwords are being checked at once; StoreUnavailable when the database
    is down."""
    from .store import address_key

    now = now or utcnow()
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024 or len(name) > 200:
        raise SignInRefused(REFUSED)
    name = normalise_name(name)
    name_key, where = _name_key(name), address_key(address)
    try:
        with transaction() as session:
            if _throttled(session, name_key, where, now):
                audit.record("throttled", name, address=address, now=now, session=session)
                throttled = True
            else:
                throttled = False
                user = session.exec(select(StaffUser).where(StaffUser.name == name)).first()
                user_id, stored = (user.id, user.password_hash) if user else (None, None)
        if throttled:
            raise SignInRefused(REFUSED)
        if not _hashing.acquire(blocking=False):
            audit.record("busy", name, address=address, now=now)
            raise SignInRefused(REFUSED)
        try:
            # The slow hash runs outside any transaction: it must not hold up enquiries.
            matches = verify_password(password, stored or _decoy_hash())
        finally:
            _hashing.release()
        return _after_check(user_id if matches else None, name, name_key, where, address, now)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def _after_check(
    user_id: int | None, name: str, name_key: str, address_key: str, address: str, now: datetime
) -> StaffTicket:
    with transaction() as session:
        session.exec(delete(StaffSession).where(StaffSession.expires_at <= now))
        if user_id is not None and session.get(StaffUser, user_id) is not None:
            session.exec(
                delete(SignInFailure).where(
                    SignInFailure.address_key == address_key, SignInFailure.name_key == name_key
                )
            )
            token = secrets.token_urlsafe(32)
            expires_at = now + session_length()
            session.add(
                StaffSession(
                    token_hash=_token_hash(token),
                    user_id=user_id,
                    created_at=now,
                    expires_at=expires_at,
                    last_seen_at=now,
                )
            )
            audit.record("sign-in", name, address=address, now=now, session=session)
            return StaffTicket(token=token, name=name, expires_at=expires_at)
        # The same rows for a known and an unknown name: the database's work tells nothing either.
        session.add(SignInFailure(address_key=address_key, name_key=name_key, created_at=now))
        audit.record("refused", name, address=address, now=now, session=session)
    raise SignInRefused(REFUSED)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def require_session(token: object, *, now: datetime | None = None) -> StaffIdentity:
    """The signed-in member of staff that `token` belongs to. Raises NotSignedIn when the
    token is missing, malformed, unknown, expired or idle for IDLE_FOR, StoreUnavailable when the database is
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
            seen = staff_session.last_seen_at or staff_session.created_at
            if staff_session.expires_at <= now or now - seen >= IDLE_FOR:
                session.delete(staff_session)
                expired = True
            else:
                expired = False
                identity = StaffIdentity(user_id=user.id, name=user.name, expires_at=staff_session.expires_at)
                if now - seen >= SEEN_EVERY:
                    staff_session.last_seen_at = now
                    session.add(staff_session)
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
