"""The firm's notification emails, bounded: each enquiry gets an email of its own while fewer
than `notifications_per_hour` were queued in the last hour (held ones: only the first in an
hour), and every other one is summed up in a digest, one email for an hour's worth
(letters.Digest), so the mail queue grows by a bounded amount an hour whatever arrives, and
no enquiry goes unmentioned.

A digest is a queue row of the firm's own kind (its `enquiry_id` is the first enquiry it
sums up, so it keeps the firm's priority in mail.py) with `digest_until` set: it is due at
the end of its hour and, when claimed, names every enquiry of that hour that has no email of
its own.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, func, select

from consultancy.content import content
from consultancy.mail import mail
from consultancy.records.models import Enquiry, MailQueue

from . import limits

DIGEST_EVERY = timedelta(hours=1)


def own_emails_since(session: Session, moment: datetime, until: datetime | None = None) -> int:
    """Enquiries from `moment` to `until` (default: all since) given an email of their own."""
    query = (
        select(func.count())
        .select_from(MailQueue)
        .join(Enquiry, MailQueue.enquiry_id == Enquiry.id)
        .where(Enquiry.created_at >= moment, MailQueue.digest_until.is_(None))  # type: ignore[union-attr]
    )
    if until is not None:
        query = query.where(Enquiry.created_at <= until)
    return session.exec(query).one()


def has_email(session: Session, enquiry_id: int) -> bool:
    """An email of its own, or the digest anchored on it, is queued for this enquiry."""
    return session.exec(select(MailQueue.id).where(MailQueue.enquiry_id == enquiry_id)).first() is not None


def notify(session: Session, enquiry: Enquiry, now: datetime, *, held: bool) -> None:
    """Queue the firm's email about `enquiry`, or count it in the hour's digest, inside the
    caller's transaction (the store's, after its counter lock: concurrent ones queue up)."""
    assert enquiry.id is not None
    bound = content().enquiries.notifications_per_hour
    own = (not held or limits.held_mail_due(session, now)) and own_emails_since(
        session, now - DIGEST_EVERY, now
    ) < bound
    if own:
        mail.enqueue(session, enquiry, now)
    else:
        _digest(session, enquiry, now)


def _digest(session: Session, enquiry: Enquiry, now: datetime) -> None:
    open_digest = session.exec(
        select(MailQueue.id).where(
            MailQueue.digest_until.is_not(None),  # type: ignore[union-attr]
            MailQueue.digest_until > now,  # type: ignore[operator]
            MailQueue.sent_at.is_(None),  # type: ignore[union-attr]
        )
    ).first()
    if open_digest is not None:
        return
    until = now + DIGEST_EVERY
    session.add(MailQueue(enquiry_id=enquiry.id, next_try_at=until, digest_until=until))
