"""Storing a visitor's enquiry: `receive(form, address)` returns its receipt (reference, and
whether it was held for review) only once the enquiry and its notification email are
committed to the database together. The limits and holding are in limits.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, select, update

from consultancy.content import content
from consultancy.content.models import EnquirySettings
from consultancy.forms.enquiry_form import EnquiryForm
from consultancy.mail import mail
from consultancy.records.addresses import address_key, network_key
from consultancy.records.database import write
from consultancy.records.errors import OverShare, StoreFull, StoreUnavailable
from consultancy.records.models import HELD, Enquiry, RecentSubmission, ReferenceCounter, utcnow
from consultancy.records.settings import IST

from . import alerts, limits, notifications

logger = logging.getLogger(__name__)

RATE_WINDOW = limits.RATE_WINDOW
# Two submissions taking the first number of a new year at the same moment on PostgreSQL:
# one of them starts again.
_ATTEMPTS = 3


def reference(prefix: str, year: int, number: int) -> str:
    return f"{prefix}-{year}-{number:04d}"


def unavailable_message() -> str:
    site = content().site
    return (
        "Sorry, we could not save your enquiry just now. Please call us on "
        f"{site.phone} or write to us on WhatsApp; what you typed is still in the form."
    )


@dataclass(frozen=True)
class Receipt:
    reference: str
    # Over a limit: kept for staff to check before it counts as new.
    held: bool = False
    # A reminders request whose confirmation email waits for a cap (recipients.py).
    waiting: bool = False


def submit(form: EnquiryForm, address: str, *, now: datetime | None = None) -> str:
    """Store `form` and return its reference (see `receive`)."""
    return receive(form, address, now=now).reference


def receive(
    form: EnquiryForm,
    address: str,
    *,
    client_key: str = "",
    now: datetime | None = None,
    also: Callable[[Session, Enquiry], None] | None = None,
    contact_key: str = "",
    hold: bool = False,
) -> Receipt:
    """Store `form` and return its receipt (reference KSC-2026-0042) once it is committed.

    Over the hourly limit per address or per contact it is stored all the same, as held.
    `client_key`, made by the visitor's browser, makes sending again safe: an enquiry already
    stored under it is answered with its receipt and not stored twice.

    Raises StoreFull at the store's absolute cap (staff are alerted), and StoreUnavailable
    when the database cannot be reached or fails: nothing is stored then, and the visitor
    should be offered WhatsApp, email and the phone. Other writers holding SQLite are waited
    for (database.write), not reported as a failure.

    `also(session, enquiry)` stores what belongs with the enquiry (a reminder subscription)
    in the same transaction; it is also called for an enquiry found under `client_key`.
    `contact_key` counts a reminders request against its recipient's asks (limits.judge).
    `hold` stores it as held whatever the limits (a post without JavaScript).
    """
    settings = content().enquiries
    # No moment given: the clock is read again once the transaction holds its lock (_store).
    clock = now is None
    now = now or utcnow()
    key, network = address_key(address), network_key(address)
    client_key = client_key if isinstance(client_key, str) and 8 <= len(client_key) <= 64 else ""
    for attempt in range(_ATTEMPTS):
        try:
            enquiry = write(
                lambda session: _store(
                    session, form, key, now, settings, client_key, also, contact_key, hold, clock, network
                )
            )
            if enquiry is None:
                # Counted (committed) against its source's spent share, not stored.
                raise OverShare(limits.store_full_message())
            # Committed: the sender in this worker (if any) sends the firm's email now.
            mail.wake_sender()
            return Receipt(reference=enquiry.reference, held=enquiry.status == HELD)
        except OverShare:
            alerts.over_share(now)
            raise
        except StoreFull:
            alerts.store_full(now)
            raise
        except IntegrityError as error:
            if attempt + 1 == _ATTEMPTS:
                logger.exception("enquiry not stored: the reference kept colliding")
                raise StoreUnavailable(unavailable_message()) from error
        except SQLAlchemyError as error:
            logger.error("enquiry not stored, database unavailable: %s", error)
            raise StoreUnavailable(unavailable_message()) from error
    raise AssertionError("unreachable")


def _store(
    session: Session,
    form: EnquiryForm,
    key: str,
    now: datetime,
    settings: EnquirySettings,
    client_key: str = "",
    also: Callable[[Session, Enquiry], None] | None = None,
    contact_key: str = "",
    hold: bool = False,
    clock: bool = False,
    network: str = "",
) -> Enquiry | None:
    """The enquiry stored; None when its source's share of the day is spent (counted instead)."""
    if client_key:
        # Sent before (a second try after the backend was away): the same enquiry, once. Two
        # tries racing past this both reach the insert; the unique key refuses the second,
        # which starts again (submit's retry) and finds the first here.
        stored = session.exec(select(Enquiry).where(Enquiry.client_key == client_key)).first()
        if stored is not None:
            if also is not None:
                also(session, stored)
            return stored
    year = now.astimezone(IST).year
    # Locking the year's counter first puts concurrent submissions in a queue: the counts
    # in limits.judge then see every enquiry committed before this one.
    number = _next_number(session, year)
    if clock:
        # In the order the lock gives: an enquiry stored after another is never dated before
        # it, so the hour's digest (notifications.py) finds every one in its window.
        now = max(now, utcnow())
    limits.check_store_cap(session, now, settings)
    if not limits.take_share(session, key, network or key, now, settings):
        # Its number goes back (the lock is still ours): references keep no gap for it.
        session.exec(update(ReferenceCounter).where(ReferenceCounter.year == year).values(last=number - 1))
        return None
    verdict = limits.judge(session, form, key, now, settings, contact_key, hold=hold)
    enquiry = Enquiry(
        reference=reference(settings.reference_prefix, year, number),
        year=year,
        number=number,
        created_at=now,
        name=form.name,
        phone=form.phone,
        email=form.email,
        organisation=form.organisation,
        service=form.service,
        services=list(form.services),
        district=form.district,
        message=form.message,
        consent_at=now,
        notice_version=settings.notice_version.isoformat(),
        status=HELD if verdict.held else "new",
        status_changed_at=now,
        held_at=now if verdict.held else None,
        held_reason=verdict.reason,
        same_address=list(verdict.same_address),
        client_key=client_key or None,
    )
    session.add(enquiry)
    session.flush()
    session.add(
        RecentSubmission(address_key=key, contact_key=contact_key or None, enquiry_id=enquiry.id, created_at=now)
    )
    # An email of its own within the hourly bound, else a line in the hour's digest.
    notifications.notify(session, enquiry, now, held=verdict.held)
    if also is not None:
        also(session, enquiry)
    return enquiry


def count_ask(session: Session, form: EnquiryForm, address: str, now: datetime, contact_key: str) -> limits.Verdict:
    """Judge and count an ask that stores no new enquiry (a reminders request asked for
    again), as `receive` does a new one, inside the caller's transaction."""
    key = address_key(address)
    # The same queue as new enquiries (the year's counter row, locked and left as it is), so
    # concurrent asks are counted one after another.
    year = now.astimezone(IST).year
    session.exec(update(ReferenceCounter).where(ReferenceCounter.year == year).values(last=ReferenceCounter.last))
    verdict = limits.judge(session, form, key, now, content().enquiries, contact_key)
    session.add(RecentSubmission(address_key=key, contact_key=contact_key or None, created_at=now))
    return verdict


def _next_number(session: Session, year: int) -> int:
    bumped = session.exec(
        update(ReferenceCounter).where(ReferenceCounter.year == year).values(last=ReferenceCounter.last + 1)
    )
    if bumped.rowcount == 0:
        # The year's first enquiry. A second one racing it fails on the primary key and retries.
        session.exec(sa.insert(ReferenceCounter).values(year=year, last=1))
        return 1
    return session.exec(select(ReferenceCounter.last).where(ReferenceCounter.year == year)).one()
