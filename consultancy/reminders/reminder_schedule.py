"""Which renewal reminders are due, and queuing them: the work of the daily job (reminders.run).

For each confirmed, running subscription the list's dates come from the calendar's own rules
(renewal_list.py) and, for each date whose reminder is due (data/enquiries.toml:
reminder_days_before), a `reminder` row and its email in the mail queue are inserted in one
transaction. The row's unique key (subscription, item, days before) makes a second run, or
two at once, insert nothing more; the mail queue's claims make each email go once, and a mail
server that is down leaves it queued for the next pass (mail.py). Only the nearest reminder
due is mailed: a job that first runs late sends one email for a date, not two.

The job also queues the confirmation emails that are due: leads staff released from Held,
requests the recipient's cap held back, and subscriptions stored before double opt-in.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from consultancy.content import content
from consultancy.forms.renewal_list import Held, upcoming
from consultancy.records.database import transaction, write
from consultancy.records.models import HELD, Enquiry, MailQueue, Reminder, ReminderSubscription, utcnow

from .subscriptions import ask_to_confirm


def active(session: Session, today: date) -> list[tuple[int, Held, date]]:
    """(id, list, last date) of every confirmed subscription still running whose lead is not held."""
    rows = session.exec(
        select(ReminderSubscription.id, ReminderSubscription.held, ReminderSubscription.ends_on)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(
            ReminderSubscription.confirmed_at.is_not(None),
            ReminderSubscription.unsubscribed_at.is_(None),
            ReminderSubscription.ends_on >= today,
            Enquiry.status != HELD,
        )
        .order_by(ReminderSubscription.id)
    ).all()
    return [(row[0], row[1] or {}, row[2]) for row in rows]


def _queue_for(session: Session, subscription_id: int, held: Held, ends_on: date, today: date, now: datetime) -> int:
    days = content().enquiries.reminder_days_before
    queued = 0
    for item in upcoming(held, today):
        due = date.fromisoformat(item.date)
        if due > ends_on:
            continue
        now_due = [d for d in days if due - timedelta(days=d) <= today]
        if not now_due:
            continue
        done = set(
            session.exec(
                select(Reminder.days_before).where(
                    Reminder.subscription_id == subscription_id, Reminder.item_uid == item.uid
                )
            ).all()
        )
        nearest = min(now_due)
        for before in sorted(set(now_due) - done, reverse=True):
            mailed = before == nearest
            reminder = Reminder(
                subscription_id=subscription_id,
                item_uid=item.uid,
                title=item.title[:300],
                detail=f"{item.rule}\nSource: {item.source}.",
                due_on=due,
                days_before=before,
                created_at=now,
                mailed=mailed,
            )
            session.add(reminder)
            session.flush()
            if mailed:
                session.add(MailQueue(reminder_id=reminder.id, next_try_at=now))
                queued += 1
    return queued


def ask_to_confirm_due(today: date, *, now: datetime | None = None) -> int:
    """Queue the confirmation email of every unconfirmed subscription that never had one and
    whose lead is not held (released by staff since, held back by its recipient's cap, or
    stored before double opt-in), as far as the recipients' caps allow."""
    now = now or utcnow()
    # Not one about to be deleted by `retention` (its deletion counts from its first ask).
    since = now - timedelta(days=content().enquiries.reminder_confirm_days)

    def ask(session: Session) -> int:
        waiting = session.exec(
            select(ReminderSubscription.id)
            .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
            .where(
                ReminderSubscription.confirmed_at.is_(None),
                ReminderSubscription.confirmation_sent_at.is_(None),
                ReminderSubscription.unsubscribed_at.is_(None),
                ReminderSubscription.ends_on >= today,
                ReminderSubscription.created_at > since,
                Enquiry.status != HELD,
            )
            .order_by(ReminderSubscription.id)
        ).all()
        return sum(ask_to_confirm(session, subscription_id, now) for subscription_id in waiting)

    return write(ask)


def schedule(today: date, *, now: datetime | None = None) -> int:
    """Queue every reminder due on `today`, once; the number queued by this call."""
    now = now or utcnow()
    with transaction() as session:
        subscriptions = active(session, today)
    queued = 0
    for subscription_id, held, ends_on in subscriptions:
        for attempt in range(3):
            try:
                # One transaction per subscription: its reminder rows and emails go in together.
                queued += write(lambda s, i=subscription_id, h=held, e=ends_on: _queue_for(s, i, h, e, today, now))
                break
            except IntegrityError:
                # Another run inserted the same reminder first: this one starts the subscription
                # again and finds it there.
                if attempt == 2:
                    raise
    return queued
