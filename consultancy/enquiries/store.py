"""Storing a visitor's enquiry: `submit(form, address)` returns its reference only once the
enquiry and its notification email are committed to the database together.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import os
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, delete, func, select, update

from consultancy.content import content
from consultancy.content.models import EnquirySettings

from . import mail
from .database import write
from .errors import StoreUnavailable, TooManyEnquiries
from .form import EnquiryForm
from .models import Enquiry, RecentSubmission, ReferenceCounter, utcnow
from .settings import IST

logger = logging.getLogger(__name__)

RATE_WINDOW = timedelta(hours=1)
# Two submissions taking the first number of a new year at the same moment on PostgreSQL:
# one of them starts again.
_ATTEMPTS = 3


def reference(prefix: str, year: int, number: int) -> str:
    return f"{prefix}-{year}-{number:04d}"


def address_key(address: str) -> str:
    """What the per-address limit counts: a keyed hash of the visitor's IP address (IPv6
    by its /64, which one household or phone usually holds whole), never the address."""
    text = str(address or "").strip()[:100]
    try:
        ip = ipaddress.ip_address(text)
        if ip.version == 6 and ip.ipv4_mapped:
            ip = ip.ipv4_mapped
        text = str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
    except ValueError:
        text = text or "unknown"
    key = os.environ.get("ENQUIRY_ADDRESS_KEY", "consultancy-enquiries").encode()
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def unavailable_message() -> str:
    site = content().site
    return (
        "Sorry, we could not save your enquiry just now. Please call us on "
        f"{site.phone} or write to us on WhatsApp; what you typed is still in the form."
    )


def too_many_message(limit: int) -> str:
    return (
        f"Thank you: we have received {limit} enquiries from your connection in the last hour, "
        f"which is as many as we accept in an hour. We will be in touch soon; for anything urgent, "
        f"please call us on {content().site.phone}."
    )


def submit(form: EnquiryForm, address: str, *, now: datetime | None = None) -> str:
    """Store `form` and return its reference (KSC-2026-0042) once it is committed.

    Raises TooManyEnquiries when `address` has sent the hourly limit already, and
    StoreUnavailable when the database cannot be reached or fails: nothing is stored
    then, and the visitor should be offered the phone and WhatsApp. Other writers holding
    SQLite are waited for (database.write), not reported as a failure.
    """
    settings = content().enquiries
    now = now or utcnow()
    key = address_key(address)
    for attempt in range(_ATTEMPTS):
        try:
            enquiry = write(lambda session: _store(session, form, key, now, settings))
            # Committed: the sender in this worker (if any) sends the firm's email now.
            mail.wake_sender()
            return enquiry.reference
        except IntegrityError as error:
            if attempt + 1 == _ATTEMPTS:
                logger.exception("enquiry not stored: the reference kept colliding")
                raise StoreUnavailable(unavailable_message()) from error
        except SQLAlchemyError as error:
            logger.error("enquiry not stored, database unavailable: %s", error)
            raise StoreUnavailable(unavailable_message()) from error
    raise AssertionError("unreachable")


def _store(session: Session, form: EnquiryForm, key: str, now: datetime, settings: EnquirySettings) -> Enquiry:
    year = now.astimezone(IST).year
    # Locking the year's counter first puts concurrent submissions in a queue: the count
    # below then sees every enquiry committed before this one.
    number = _next_number(session, year)
    session.exec(delete(RecentSubmission).where(RecentSubmission.created_at < now - RATE_WINDOW))
    recent = session.exec(
        select(func.count()).select_from(RecentSubmission).where(RecentSubmission.address_key == key)
    ).one()
    if recent >= settings.per_address_per_hour:
        raise TooManyEnquiries(too_many_message(settings.per_address_per_hour))
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
        district=form.district,
        message=form.message,
        consent_at=now,
        notice_version=settings.notice_version.isoformat(),
        status="new",
        status_changed_at=now,
    )
    session.add(enquiry)
    session.flush()
    session.add(RecentSubmission(address_key=key, created_at=now))
    mail.enqueue(session, enquiry, now)
    return enquiry


def _next_number(session: Session, year: int) -> int:
    bumped = session.exec(
        update(ReferenceCounter).where(ReferenceCounter.year == year).values(last=ReferenceCounter.last + 1)
    )
    if bumped.rowcount == 0:
        # The year's first enquiry. A second one racing it fails on the primary key and retries.
        session.exec(sa.insert(ReferenceCounter).values(year=year, last=1))
        return 1
    return session.exec(select(ReferenceCounter.last).where(ReferenceCounter.year == year)).one()
