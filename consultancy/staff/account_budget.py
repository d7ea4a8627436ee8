"""The guessing budget of one account, whatever addresses the guesses come from.

The throttles by address and by (name, address) in staff.py stop one address; an attacker
with many addresses (an IPv6 /64 each is cheap) is stopped here. Failed sign-ins for a name
(counted by its SHA-256, so an unknown name is budgeted exactly like a real one and the
budget tells nothing about which names exist) are counted over WINDOW:

- the first FREE failures in an hour are answered as usual;
- after them each try must wait, after the latest failure, a delay that doubles from
  FIRST_DELAY up to LONGEST_DELAY;
- at MAX_FAILURES in the hour nothing more is checked until the oldest leaves the hour.

A try that must wait is refused before any password is hashed or any code looked at, in the
same words as a wrong password, and counts as a failure itself (against the account and the
address it came from): the hold lasts while the guessing goes on, and an address that keeps
sending is soon stopped by its own throttle. Together at most about 75 guesses an hour reach
the password or the code (ASVS 2.2.1 allows 100), however many addresses send them.

A held account accepts no code, not even a valid one: the only way past its budget is a
browser that signed in to the account with its second factor before (a known browser,
known_places.py), and only while that browser's own failures in the hour stay under
KNOWN_BROWSER_FREE. So the real user keeps their way in from their own browser, and a code
typed from anywhere else while the account is held is never checked, so never confirmed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, func, select

from consultancy.records.models import SignInFailure

WINDOW = timedelta(hours=1)
FREE = 10
FIRST_DELAY = timedelta(seconds=1)
LONGEST_DELAY = timedelta(seconds=60)
MAX_FAILURES = 100
# Failures in the hour from one known browser past which it is held like any other: a stolen
# device cookie buys a few guesses, not an endless run of them.
KNOWN_BROWSER_FREE = 5


def delay_after(failures: int) -> timedelta:
    """How long a try must wait after the latest of `failures` failures in the window."""
    if failures < FREE:
        return timedelta(0)
    return min(FIRST_DELAY * (2 ** min(failures - FREE, 20)), LONGEST_DELAY)


def wait(session: Session, name_key: str, now: datetime) -> timedelta:
    """How long from `now` until the account named by `name_key` may be tried again (zero:
    now)."""
    times = session.exec(
        select(SignInFailure.created_at)
        .where(SignInFailure.name_key == name_key, SignInFailure.created_at > now - WINDOW)
        .order_by(SignInFailure.created_at.desc())
        .limit(MAX_FAILURES)
    ).all()
    if len(times) >= MAX_FAILURES:
        # Until the oldest of the hour's hundred leaves it.
        return max(times[-1] + WINDOW - now, timedelta(0))
    if not times:
        return timedelta(0)
    return max(times[0] + delay_after(len(times)) - now, timedelta(0))


def held(session: Session, name_key: str, now: datetime) -> bool:
    return wait(session, name_key, now) > timedelta(0)


def browser_failures(session: Session, name_key: str, device_key: str, now: datetime) -> int:
    """Failures at the account named by `name_key` from the browser `device_key` in the window."""
    return session.exec(
        select(func.count())
        .select_from(SignInFailure)
        .where(
            SignInFailure.name_key == name_key,
            SignInFailure.device_key == device_key,
            SignInFailure.created_at > now - WINDOW,
        )
    ).one()
