"""Staff accounts and sessions for the inbox at /staff.

Passwords are hashed with scrypt (hashlib) and a random salt, the parameters stored with the
hash. A session is a random token the browser keeps in an HttpOnly cookie
(staff_http.py); the database keeps only its SHA-256, and it ends
after a few hours (STAFF_SESSION_HOURS, 8 by default), after IDLE_FOR without an inbox event,
at sign-out, or when the user is removed or given a new password. `require_session(token)`
is the check every inbox action makes first.

A sign-in takes the name, the password and the second factor (a code from the
authenticator app, or a recovery code: second_factor.py) in one form. A user with no second
factor yet (one added before it existed, or whose second factor was reset) gets an
`enrolling` session from the password alone, which opens the enrolment page (enrolment.py)
and nothing else: `require_session` refuses it.

Every failed sign-in gets the same words after the same work (an unknown name is checked
against a decoy hash), whether the name exists or not, whether the password or the code was
wrong, and whether the try was throttled: nothing tells which names exist. Guessing is
slowed by address and by (name, address), and by a budget per account across all addresses
(account_budget.py), instead of by locking the account, so a stranger cannot lock a member of
staff out of their own browser: a known browser is not held by the account's budget. A held
try from anywhere else is refused without looking at its password or code (a valid code
included: otherwise the hold would answer code guesses for free) and counts as a failure.
At most HASHES_AT_ONCE password checks run at a time in a worker (each costs 128 MiB), the
rest refused at once. A refusal's answer is sent no sooner than a checked one's would be
(`refusal_floor`, waited out by staff_http.py), so its timing does not tell which tries were
checked.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, delete, func, select

from consultancy.records import keys
from consultancy.records.database import transaction
from consultancy.records.errors import EnquiryError, NotSignedIn, SignInRefused, StoreUnavailable
from consultancy.records.models import SignInFailure, StaffRecoveryCode, StaffSession, StaffUser, utcnow

from . import account_budget, audit, known_places, passwords, second_factor, staff_notices

# Failed sign-ins counted over THROTTLE_WINDOW: a name from one address, and one address
# whatever the names (IPv6 by its /64, as the enquiry limit counts).
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES = 5
MAX_FAILURES_PER_ADDRESS = 20
HASHES_AT_ONCE = 2
IDLE_FOR = timedelta(minutes=30)
# last_seen_at is written at most this often, not on every event.
SEEN_EVERY = timedelta(minutes=1)
PASSWORD_MIN_LENGTH = passwords.MIN_LENGTH
# A bulk export needs the password and second factor typed again within this long.
REAUTH_FOR = timedelta(minutes=5)
_CODE_MAX = 64
_AGENT_MAX = 120
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]{1,59}$")
# OWASP's minimum for scrypt (N=2^17, r=8, p=1): 128 MiB and about half a second per hash
# on a small server, slow for a guesser and quick enough for a person signing in.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**17, 8, 1
_SCRYPT_MAXMEM = 256 * 1024 * 1024
_TOKEN_MAX = 200
# Refusals are answered after REFUSAL_MARGIN times the usual length of a checked try (its
# scrypt), so checked and unchecked tries end alike; never sooner than REFUSAL_FLOOR_MIN.
REFUSAL_MARGIN = 1.5
REFUSAL_FLOOR_MIN = 0.25
_CHECK_SECONDS_AT_START = 0.8

REFUSED = "That name and password do not match. Check them and try again."
# The audit's actor for a refused sign-in whose name is no account's: what was typed there
# may be a password typed in the wrong box, so none of it is kept, not even as a hash.
UNKNOWN_NAME = "unknown name"
REAUTH_NEEDED = "Type your password and a code from your app again to download every enquiry."
INBOX_UNAVAILABLE = "The inbox cannot reach its database just now. Please try again in a minute."


class ReauthNeeded(EnquiryError):
    """A bulk export without the password and second factor typed again just before."""


@dataclass(frozen=True)
class StaffTicket:
    """A new session: the page keeps `token` and passes it to every inbox call."""

    token: str
    name: str
    expires_at: datetime
    # Opened by the password alone: only the enrolment of a second factor is open to it.
    enrolling: bool = False
    # The browser's device token to set (again) in its cookie; "" for an enrolling session.
    device: str = ""


@dataclass(frozen=True)
class StaffIdentity:
    user_id: int
    name: str
    expires_at: datetime
    session_id: int = 0
    is_admin: bool = False
    enrolling: bool = False
    reauthenticated_at: datetime | None = None


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


def check_name(name: str) -> str:
    """The normalised name; ValueError with a plain reason when it won't do."""
    name = normalise_name(name)
    if not NAME_PATTERN.match(name):
        raise ValueError(
            "A name is 2 to 60 letters, digits, dots, hyphens or underscores, starting with a letter or digit"
        )
    return name


def check_new_user(name: str, password: str) -> str:
    """The normalised name; ValueError (passwords.WeakPassword for the password) with a plain
    reason when the name or password won't do: too short, spaces at its ends, the name in
    it, or on the list of breached and common passwords."""
    name = check_name(name)
    passwords.check(password, name)
    return name


def add_user(
    name: str,
    password: str,
    *,
    reset: bool = False,
    admin: bool | None = None,
    email: str | None = None,
    now: datetime | None = None,
) -> str:
    """Create a staff user, or with `reset` give an existing one a new password (which ends
    their sessions and is mailed to them). `admin` and `email`, when given, are set too.
    Returns the stored name; ValueError when the name or password won't do or the name is
    taken. A new user sets up their second factor at their first sign-in."""
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
                user = StaffUser(name=name, password_hash=hashed, created_at=now)
            else:
                user.password_hash = hashed
                # A new password ends the sessions that the old one opened.
                session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
                staff_notices.password_changed(session, user, "by an administrator", now)
            if admin is not None:
                user.is_admin = admin
            if email is not None:
                user.email = email.strip()[:254]
            session.add(user)
    except IntegrityError:
        raise ValueError(f"There is already a user called {name!r}") from None
    return name


def reset_second_factor(name: str, *, now: datetime | None = None) -> bool:
    """Forget a user's second factor and recovery codes and end their sessions: their next
    sign-in, with the password, opens the enrolment of a new one. Mailed to them."""
    now = now or utcnow()
    with transaction() as session:
        user = session.exec(select(StaffUser).where(StaffUser.name == normalise_name(name))).first()
        if user is None:
            return False
        user.totp_secret, user.totp_confirmed_at, user.totp_last_step = None, None, 0
        session.add(user)
        session.exec(delete(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user.id))
        session.exec(delete(StaffSession).where(StaffSession.user_id == user.id))
        staff_notices.second_factor_changed(session, user, "reset by an administrator", now)
        return True


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
    # Keyed (the throttle's key, keys.ADDRESS): the name box may hold a mistyped password, and
    # a plain SHA-256 of it in a stolen backup could be guessed offline.
    return keys.keyed_hash(keys.ADDRESS, "staff-name:" + name)


def _throttled(session, name_key: str, address_key: str, now: datetime) -> bool:
    # Failures are kept as long as the longest window that counts them (the account's hour).
    session.exec(
        delete(SignInFailure).where(SignInFailure.created_at < now - max(THROTTLE_WINDOW, account_budget.WINDOW))
    )
    recent = SignInFailure.created_at >= now - THROTTLE_WINDOW
    by_address = session.exec(
        select(func.count()).select_from(SignInFailure).where(SignInFailure.address_key == address_key, recent)
    ).one()
    by_pair = session.exec(
        select(func.count())
        .select_from(SignInFailure)
        .where(SignInFailure.address_key == address_key, SignInFailure.name_key == name_key, recent)
    ).one()
    return by_address >= MAX_FAILURES_PER_ADDRESS or by_pair >= MAX_FAILURES


def _owner_browser(session, user: StaffUser | None, device: object, name_key: str, now: datetime) -> bool:
    """Whether a try at a held account may still be checked: only from a browser that signed
    in to the account with its second factor before, and while that browser's own failures in
    the hour are few. Never on the strength of the code it carries: a held try checks none."""
    if user is None or not known_places.known_browser(session, user.id, device):
        return False
    key = known_places.device_key(device) or ""
    return account_budget.browser_failures(session, name_key, key, now) < account_budget.KNOWN_BROWSER_FREE


def _held(session, user: StaffUser | None, device: object, name_key: str, now: datetime) -> bool:
    return account_budget.held(session, name_key, now) and not _owner_browser(session, user, device, name_key, now)


def _failure(address_key: str, name_key: str, device: object, now: datetime) -> SignInFailure:
    return SignInFailure(
        address_key=address_key, name_key=name_key, created_at=now, device_key=known_places.device_key(device)
    )


_BROWSERS = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Version/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iOS"), ("Windows", "Windows"), ("Mac OS X", "macOS"))


def _agent(agent: object) -> str:
    """A short, printable description of the browser for the list of sessions ("Chrome 156
    on Linux"), or the start of what it sent when it is none of the usual ones."""
    text = "".join(ch for ch in str(agent or "") if ch.isprintable())
    system = next((label for marker, label in _SYSTEMS if marker in text), "Linux" if "Linux" in text else "")
    for marker, label in _BROWSERS:
        found = re.search(re.escape(marker) + r"(\d+)", text)
        if found and system:
            return f"{label} {found.group(1)} on {system}"
    return text[:_AGENT_MAX]


def sign_in(
    name: str,
    password: str,
    code: str = "",
    *,
    address: str = "",
    device: str = "",
    agent: str = "",
    now: datetime | None = None,
) -> StaffTicket:
    """A new session for `name`, signing in from `address` with the browser whose device
    cookie is `device`. `code` is the second factor (a code from the app or a recovery code);
    a user with none yet gets an enrolling session. Raises SignInRefused, in the same words,
    for an unknown name, a wrong password or code, a throttled address or name, an account
    whose guessing budget is spent, and when too many passwords are being checked at once;
    StoreUnavailable when the database is down."""
    from consultancy.records.addresses import address_key

    now = now or utcnow()
    if (
        not isinstance(name, str)
        or not isinstance(password, str)
        or not isinstance(code, str)
        or len(password) > 1024
        or len(name) > 200
        or len(code) > _CODE_MAX
    ):
        raise SignInRefused(REFUSED)
    name = normalise_name(name)
    name_key, where = _name_key(name), address_key(address)
    try:
        with transaction() as session:
            user = session.exec(select(StaffUser).where(StaffUser.name == name)).first()
            # A refusal names the account only when there is one.
            actor = user.name if user is not None else UNKNOWN_NAME
            if _throttled(session, name_key, where, now):
                refusal = "throttled"
            elif _held(session, user, device, name_key, now):
                refusal = "held"
                # Nothing was checked, but the try counts: the hold lasts while guessing goes
                # on, and the sending address meets its own throttle.
                session.add(_failure(where, name_key, device, now))
            else:
                refusal = ""
                user_id, stored = (user.id, user.password_hash) if user else (None, None)
            if refusal:
                audit.record(refusal, actor, address=address, now=now, session=session)
        if refusal:
            raise SignInRefused(REFUSED)
        matches = _verify_outside(password, stored or _decoy_hash())
        if matches is None:
            audit.record("busy", actor, address=address, now=now)
            raise SignInRefused(REFUSED)
        return _after_check(
            user_id if matches else None,
            actor,
            name_key,
            where,
            address,
            now,
            code=code,
            device=device,
            agent=agent,
        )
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error


def _after_check(
    user_id: int | None,
    actor: str,
    name_key: str,
    address_key: str,
    address: str,
    now: datetime,
    *,
    code: str = "",
    device: object = "",
    agent: object = "",
) -> StaffTicket:
    with transaction() as session:
        session.exec(delete(StaffSession).where(StaffSession.expires_at <= now))
        user = session.get(StaffUser, user_id) if user_id is not None else None
        enrolling = user is not None and not second_factor.enrolled(user)
        if user is not None and (enrolling or second_factor.use(session, user, code, now)):
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
                    user_id=user.id,
                    created_at=now,
                    expires_at=expires_at,
                    last_seen_at=now,
                    enrolling=enrolling,
                    address=str(address or "")[:64],
                    agent=_agent(agent),
                )
            )
            device_token = ""
            if not enrolling:
                visit = known_places.remember(session, user.id, device, address_key, now)
                device_token = visit.device
                if visit.new_place:
                    staff_notices.new_place(session, user, address, _agent(agent), now)
            audit.record(
                "enrol-start" if enrolling else "sign-in", user.name, address=address, now=now, session=session
            )
            return StaffTicket(
                token=token, name=user.name, expires_at=expires_at, enrolling=enrolling, device=device_token
            )
        # The same rows for a known and an unknown name: the database's work tells nothing either.
        session.add(_failure(address_key, name_key, device, now))
        audit.record("refused", actor, address=address, now=now, session=session)
    raise SignInRefused(REFUSED)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def session_identity(token: object, *, now: datetime | None = None) -> StaffIdentity:
    """The member of staff that `token` belongs to, enrolling or not. Raises NotSignedIn when
    the token is missing, malformed, unknown, expired or idle for IDLE_FOR, StoreUnavailable
    when the database is down."""
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
                identity = StaffIdentity(
                    user_id=user.id,
                    name=user.name,
                    expires_at=staff_session.expires_at,
                    session_id=staff_session.id,
                    is_admin=user.is_admin,
                    enrolling=staff_session.enrolling,
                    reauthenticated_at=staff_session.reauthenticated_at,
                )
                if now - seen >= SEEN_EVERY:
                    staff_session.last_seen_at = now
                    session.add(staff_session)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if expired:
        raise NotSignedIn("Your session has ended. Please sign in again.")
    return identity


def require_session(token: object, *, now: datetime | None = None) -> StaffIdentity:
    """The signed-in member of staff that `token` belongs to, signed in with their second
    factor. Raises NotSignedIn as `session_identity` does, and for a session that may only
    enrol a second factor. Every inbox action calls this before it reads or changes anything."""
    identity = session_identity(token, now=now)
    if identity.enrolling:
        raise NotSignedIn()
    return identity


def _may_check_again(session: Session, user: StaffUser, device: object, address: str, now: datetime) -> bool:
    """False when the throttles or the account's budget hold a signed-in member of staff's
    password typed again (as they hold a sign-in: only their known browser passes a hold)."""
    from consultancy.records.addresses import address_key

    name_key, where = _name_key(user.name), address_key(address)
    return not (_throttled(session, name_key, where, now) or _held(session, user, device, name_key, now))


# How long a checked try usually takes in this worker (an average of its recent hashes).
_check_seconds = _CHECK_SECONDS_AT_START


def refusal_floor() -> float:
    """Seconds a refused try's answer waits for, counted from when it arrived: longer than a
    checked try usually takes, so a held, throttled or busy refusal looks like a checked one."""
    return max(REFUSAL_FLOOR_MIN, REFUSAL_MARGIN * _check_seconds)


def _verify_outside(password: str, stored: str) -> bool | None:
    """The slow hash, run by the caller outside any transaction so that it never holds up
    enquiries (SQLite's writer lock); None when this worker's hash slots are all busy."""
    global _check_seconds
    if not _hashing.acquire(blocking=False):
        return None
    try:
        started = time.monotonic()
        matches = verify_password(password, stored)
        _check_seconds = 0.8 * _check_seconds + 0.2 * (time.monotonic() - started)
        return matches
    finally:
        _hashing.release()


def _check_again(
    password: str,
    code: str | None,
    address: str,
    now: datetime,
    user_id: int,
    decide: Callable[[Session, StaffUser, bool], None],
    device: object = "",
) -> None:
    """The password (and, unless `code` is None, the second factor) typed again by a signed-in
    member of staff: the throttles read in one transaction, the hash outside any, then
    `decide(session, user, ok)` in a second transaction; a failure counts against the same
    throttles and budget as a sign-in's."""
    from consultancy.records.addresses import address_key

    with transaction() as session:
        user = session.get(StaffUser, user_id)
        if user is None:
            raise NotSignedIn()
        allowed = _may_check_again(session, user, device, address, now)
        stored = user.password_hash
    matches = _verify_outside(password, stored) if allowed else None
    with transaction() as session:
        user = session.get(StaffUser, user_id)
        if user is None:
            raise NotSignedIn()
        # A password changed meanwhile is not the one just checked.
        ok = bool(matches) and user.password_hash == stored
        ok = ok and (code is None or second_factor.use(session, user, code, now))
        # A held or throttled try counts too, as at sign-in; only a busy worker's does not.
        if not ok and (matches is not None or not allowed):
            session.add(_failure(address_key(address), _name_key(user.name), device, now))
        decide(session, user, ok)


def reauthenticate(
    token: object,
    password: object,
    code: object,
    *,
    address: str = "",
    device: object = "",
    now: datetime | None = None,
) -> StaffIdentity:
    """The password and second factor typed again before a bulk export: the session notes
    when (`reauthenticated_at`). Raises SignInRefused when either is wrong (counted as a
    failed sign-in), NotSignedIn without a session."""
    identity = require_session(token, now=now)
    now = now or utcnow()
    if not isinstance(password, str) or not isinstance(code, str) or len(password) > 1024 or len(code) > _CODE_MAX:
        raise SignInRefused(REFUSED)
    refused = True

    def decide(session: Session, user: StaffUser, ok: bool) -> None:
        nonlocal refused
        if not ok:
            audit.record("reauth-refused", user.name, address=address, now=now, session=session)
            return
        refused = False
        row = session.get(StaffSession, identity.session_id)
        if row is not None:
            row.reauthenticated_at = now
            session.add(row)
        audit.record("reauth", user.name, address=address, now=now, session=session)

    try:
        _check_again(password, code, address, now, identity.user_id, decide, device)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if refused:
        raise SignInRefused(REFUSED)
    return identity


def require_recent_reauth(token: object, *, now: datetime | None = None) -> StaffIdentity:
    """The session, if its user typed their password and second factor again in the last
    REAUTH_FOR; ReauthNeeded otherwise (a bulk export asks for them first)."""
    identity = require_session(token, now=now)
    at = identity.reauthenticated_at
    if at is None or (now or utcnow()) - at > REAUTH_FOR:
        raise ReauthNeeded(REAUTH_NEEDED)
    return identity


def change_password(
    token: object,
    current: object,
    new: object,
    *,
    address: str = "",
    device: object = "",
    now: datetime | None = None,
) -> None:
    """A member of staff's own new password, after typing the current one. Ends their other
    sessions and mails them. Raises SignInRefused when `current` is wrong (counted as a failed
    sign-in), passwords.WeakPassword when `new` won't do."""
    identity = require_session(token, now=now)
    now = now or utcnow()
    if not isinstance(current, str) or not isinstance(new, str) or len(current) > 1024:
        raise SignInRefused(REFUSED)
    passwords.check(new, identity.name)
    hashed = hash_password(new)
    refused = True

    def decide(session: Session, user: StaffUser, ok: bool) -> None:
        nonlocal refused
        if not ok:
            audit.record("password-refused", user.name, address=address, now=now, session=session)
            return
        refused = False
        user.password_hash = hashed
        session.add(user)
        session.exec(
            delete(StaffSession).where(StaffSession.user_id == user.id, StaffSession.id != identity.session_id)
        )
        staff_notices.password_changed(session, user, "by you, in the inbox", now)
        audit.record("password", user.name, address=address, now=now, session=session)

    try:
        _check_again(current, None, address, now, identity.user_id, decide, device)
    except SQLAlchemyError as error:
        raise StoreUnavailable(INBOX_UNAVAILABLE) from error
    if refused:
        raise SignInRefused(REFUSED)


def sign_out(token: object) -> None:
    if not isinstance(token, str) or not token or len(token) > _TOKEN_MAX:
        return
    with transaction() as session:
        session.exec(delete(StaffSession).where(StaffSession.token_hash == _token_hash(token)))
