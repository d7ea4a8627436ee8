"""How long emails have been waiting in the queue, for the warning at the top of the staff
inbox. Read-only: it looks at the `mail_queue` table and never takes part in sending
(mail.py does that).

The queue keeps no time of its own for when a row was queued; each row is queued in the
same transaction as its subject, so that subject's time is used: the enquiry's arrival, the
reminder's creation, or the confirmation email's `confirmation_sent_at`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import func, select

from consultancy.content import content
from consultancy.records.database import transaction
from consultancy.records.models import Enquiry, MailQueue, Reminder, ReminderSubscription, UTCDateTime, utcnow
from consultancy.records.settings import IST


@dataclass(frozen=True)
class MailBacklog:
    """The unsent emails queued longer ago than `after`."""

    count: int
    oldest: datetime | None
    after: timedelta
    # The mail server's last answer for the oldest one ("" when none was tried).
    last_error: str = ""


def _queued_at():
    # A digest is due only at the end of its hour (notifications.py): it waits from then.
    return func.coalesce(
        MailQueue.digest_until,
        Enquiry.created_at,
        Reminder.created_at,
        ReminderSubscription.confirmation_sent_at,
        type_=UTCDateTime(),
    )


def waiting(*, now: datetime | None = None, after: timedelta | None = None) -> MailBacklog:
    """Unsent emails queued more than `after` ago (default: `mail_waiting_warn_minutes`)."""
    now = now or utcnow()
    after = after if after is not None else timedelta(minutes=content().enquiries.mail_waiting_warn_minutes)
    queued_at = _queued_at().label("queued_at")
    rows = (
        select(queued_at, MailQueue.last_error)
        .select_from(MailQueue)
        .join(Enquiry, MailQueue.enquiry_id == Enquiry.id, isouter=True)
        .join(Reminder, MailQueue.reminder_id == Reminder.id, isouter=True)
        .join(ReminderSubscription, MailQueue.confirm_subscription_id == ReminderSubscription.id, isouter=True)
        .where(MailQueue.sent_at.is_(None), _queued_at() <= now - after)
        .subquery()
    )
    with transaction() as session:
        count = session.exec(select(func.count()).select_from(rows)).one()
        oldest = session.exec(select(rows.c.queued_at, rows.c.last_error).order_by(rows.c.queued_at).limit(1)).first()
    if not count or oldest is None:
        return MailBacklog(count=0, oldest=None, after=after)
    return MailBacklog(count=count, oldest=oldest[0], after=after, last_error=oldest[1] or "")


def _duration(span: timedelta) -> str:
    minutes = max(int(span.total_seconds() // 60), 0)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [(days, "day"), (hours, "hour"), (minutes, "minute")]
    words = [f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in parts if n]
    return " ".join(words[:2]) or "less than a minute"


def warning(backlog: MailBacklog, *, now: datetime | None = None) -> str:
    """The inbox's warning in words, or "" when nothing has waited too long."""
    if not backlog.count or backlog.oldest is None:
        return ""
    now = now or utcnow()
    emails = "1 email has" if backlog.count == 1 else f"{backlog.count} emails have"
    since = backlog.oldest.astimezone(IST).strftime("%d %b %Y, %H:%M IST")
    text = (
        f"{emails} been waiting to be sent for more than {_duration(backlog.after)}. "
        f"The oldest has waited {_duration(now - backlog.oldest)} (queued {since}). "
        "The mail server is down or not set up (SMTP_HOST), or more than MAIL_PER_HOUR were due this hour."
    )
    if backlog.last_error:
        text += f" Last error: {backlog.last_error[:200]}"
    return text
