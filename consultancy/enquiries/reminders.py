"""Renewal calendar reminders by email: the subscription, the daily job, and the email.

A visitor who asks for reminders sends their list (approval ids with the date on each
certificate), their email address and their consent. It is stored as an enquiry (the lead in
the staff inbox, with export, erasure and retention as for any other; its message starts
"renewals:") together with a `reminder_subscription` row holding the list.

`run(today)` (python -m consultancy.enquiries reminders, daily) works out each subscription's
dates from the list with the calendar's own rules (consultancy/content/renewals.py) and, for
each date whose reminder is due (data/enquiries.toml: reminder_days_before), inserts a
`reminder` row and its email in the mail queue in one transaction. The row's unique key
(subscription, item, days before) makes a second run, or two at once, insert nothing more;
the mail queue's claims make each email go once, and a mail server that is down leaves it
queued for the next pass (mail.py). Only the nearest reminder due is mailed: a job that first
runs late sends one email for a date, not two.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from consultancy.content import content
from consultancy.content import renewals as rules

from . import mail, store
from .database import transaction, write
from .errors import EnquiryError, FormInvalid, StoreUnavailable
from .form import NOT_SURE, EnquiryForm, consent_given, email_address
from .models import HELD, Enquiry, EnquiryNote, MailQueue, Reminder, ReminderSubscription, utcnow
from .unsubscribe import unsubscribe_url

EMAIL_MESSAGE = "Enter your email address, for example name@example.com"
CONSENT_MESSAGE = "Tick the consent box so that we may send you these reminders"
NOTHING_MESSAGE = (
    "Nothing in your list has a date still to come: give the date on a certificate, or tick an approval "
    "with a yearly return, first"
)
# The list as the page sends it (a JSON text): far more than every approval with its date.
HELD_MAX_CHARS = 8000
# Headers on one line up to RFC 5322's limit: the default (78) folds a long List-Unsubscribe
# address into encoded words, which mail clients do not read as a link (RFC 2369).
HEADER_POLICY = policy.default.clone(max_line_length=998)
# Reminders are sent at most this many years ahead of a subscription's start: a certificate
# far in the future is renewed long after the visitor has moved on or subscribed again.
YEARS_AHEAD = 15


class NothingToRemind(EnquiryError):
    """The list has no date still to come."""


@dataclass(frozen=True)
class RunReport:
    queued: int
    sent: int
    failed: int
    waiting: int
    configured: bool = True


# --- subscribing ----------------------------------------------------------------------------


def read_held(value: Any) -> dict[str, dict[str, str]]:
    """The list the page sent, with unknown approvals, unreadable dates and anything else
    dropped: {approval id: {"date": "YYYY-MM-DD" or "", "kind": "issue" | "expiry"}}."""
    if isinstance(value, str):
        if len(value) > HELD_MAX_CHARS:
            return {}
        try:
            value = json.loads(value or "{}")
        except ValueError:
            return {}
    if not isinstance(value, Mapping):
        return {}
    known = content().validity
    held: dict[str, dict[str, str]] = {}
    for approval_id, choice in value.items():
        if approval_id not in known or not isinstance(choice, Mapping):
            continue
        day = choice.get("date")
        day = day if isinstance(day, str) and rules._parse(day) is not None else ""
        held[approval_id] = {"date": day, "kind": "issue" if choice.get("kind") == "issue" else "expiry"}
    return held


def upcoming(held: dict[str, dict[str, str]], today: date) -> list[rules.Item]:
    """The list's dates from `today` on (overdue ones have nothing left to remind of)."""
    dated, _ = rules.items(content().validity, held, today)
    return [item for item in dated if not item.overdue]


def _lead(items: list[rules.Item]) -> str:
    """The enquiry's message: what staff read in the inbox and the CSV."""
    first, rest = items[0], len(items) - 1
    head = f"renewals: {first.title.split(': ', 1)[-1]} due {rules.label(date.fromisoformat(first.date))}"
    head += f" (and {rest} more)" if rest else ""
    lines = [f"- {item.title}, by {rules.label(date.fromisoformat(item.date))}" for item in items]
    return "\n".join([head, "Email reminders asked for from the renewal calendar, for:", *lines])


def _services(held: dict[str, dict[str, str]]) -> list[str]:
    """The service pages of the approvals in the list, in menu order (Not sure without any)."""
    routes = [s.route for s in content().services if any(a in held for a in s.glance.validity)]
    return routes or [NOT_SURE]


def subscribe(
    email: Any,
    held: Any,
    consent: Any,
    address: str,
    *,
    client_key: str = "",
    today: date | None = None,
    now: datetime | None = None,
) -> store.Receipt:
    """Store a subscription and its lead; the receipt as for an enquiry (held over a limit:
    no reminder goes until staff release it). Raises FormInvalid ({"email"|"consent": ...}),
    NothingToRemind, TooManyEnquiries, StoreUnavailable."""
    errors: dict[str, str] = {}
    address_given = email_address(email)
    if address_given is None:
        errors["email"] = EMAIL_MESSAGE
    if not consent_given(consent):
        errors["consent"] = CONSENT_MESSAGE
    if errors:
        raise FormInvalid(errors)
    now = now or utcnow()
    today = today or rules.today_in_kolkata()
    chosen = read_held(held)
    items = [i for i in upcoming(chosen, today) if date.fromisoformat(i.date) <= _horizon(today)]
    if not items:
        raise NothingToRemind(NOTHING_MESSAGE)
    services = _services(chosen)
    lead = EnquiryForm.model_construct(
        name="",
        phone="",
        email=address_given,
        organisation="",
        services=tuple(services),
        district="",
        message=_lead(items),
        consent=True,
    )
    ends_on = max(date.fromisoformat(i.date) for i in items)

    def with_subscription(session: Session, enquiry: Enquiry) -> None:
        found = session.exec(select(ReminderSubscription.id).where(ReminderSubscription.enquiry_id == enquiry.id))
        if found.first() is None:
            session.add(ReminderSubscription(enquiry_id=enquiry.id, held=chosen, created_at=now, ends_on=ends_on))

    return store.receive(lead, address, client_key=client_key, now=now, also=with_subscription)


def _horizon(today: date) -> date:
    return rules.add_months(today, 12 * YEARS_AHEAD)


# --- the daily job ----------------------------------------------------------------------------


def active(session: Session, today: date) -> list[tuple[int, dict[str, dict[str, str]], date]]:
    """(id, list, last date) of every subscription still running whose lead is not held."""
    rows = session.exec(
        select(ReminderSubscription.id, ReminderSubscription.held, ReminderSubscription.ends_on)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(
            ReminderSubscription.unsubscribed_at.is_(None),
            ReminderSubscription.ends_on >= today,
            Enquiry.status != HELD,
        )
        .order_by(ReminderSubscription.id)
    ).all()
    return [(row[0], row[1] or {}, row[2]) for row in rows]


def _queue_for(session: Session, subscription_id: int, held: dict, ends_on: date, today: date, now: datetime) -> int:
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


def run(today: date | None = None, *, now: datetime | None = None) -> RunReport:
    """The daily job: queue what is due on `today` (Kolkata), then send the queue once."""
    today = today or rules.today_in_kolkata()
    queued = schedule(today, now=now)
    report = mail.send_due(now=now)
    return RunReport(
        queued=queued,
        sent=report.sent,
        failed=report.failed,
        waiting=mail.pending_count(),
        configured=report.configured,
    )


# --- the email --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Letter:
    """One reminder email, read from the database when its queue row is claimed."""

    reminder_id: int
    subscription_id: int
    reference: str
    email: str
    title: str
    detail: str
    due_on: date
    days_before: int


def letter(session: Session, reminder_id: int) -> Letter | None:
    """The reminder's email, or None when it must not go (unsubscribed or erased since)."""
    found = session.exec(
        select(Reminder, ReminderSubscription, Enquiry)
        .join(ReminderSubscription, ReminderSubscription.id == Reminder.subscription_id)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(Reminder.id == reminder_id)
    ).first()
    if found is None:
        return None
    reminder, subscription, enquiry = found
    if subscription.unsubscribed_at is not None or not enquiry.email:
        return None
    return Letter(
        reminder_id=reminder_id,
        subscription_id=subscription.id,
        reference=enquiry.reference,
        email=enquiry.email,
        title=reminder.title,
        detail=reminder.detail,
        due_on=reminder.due_on,
        days_before=reminder.days_before,
    )


def compose(item: Letter, sender: str) -> EmailMessage:
    """The reminder as plain text, with a one-click unsubscribe (RFC 8058) in its headers and
    the same link in its text. Raises unsubscribe.NoKey without a signing key: no reminder
    leaves without a working way to stop them."""
    site = content().site
    link = unsubscribe_url(item.subscription_id, item.reference)
    when = rules.label(item.due_on)
    message = EmailMessage()
    message["Subject"] = f"Reminder: {item.title}, by {when}"
    message["From"] = sender
    message["To"] = item.email
    message["Reply-To"] = site.email
    message["Date"] = formatdate(localtime=False)
    domain = site.site_url.split("//", 1)[-1].split("/", 1)[0]
    # The same id on a second send of the same reminder (a sender that died after the mail
    # server took it), so mailboxes that compare ids show it once.
    message["Message-ID"] = f"<reminder-{item.reminder_id}@{domain}>"
    message["List-Unsubscribe"] = f"<{link}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    lines = [
        # The date, not a count of days: a reminder sent late (the mail server was down) stays right.
        f"{item.title}: by {when}.",
        "",
        item.detail,
        "",
        "This is a reminder you asked for on our renewal calendar. Check the date against your own",
        "certificate and any later order, which prevail.",
        "",
        f"Help with the renewal or the return: {site.name}, {site.phone}, {site.email}.",
        f"Your calendar: {site.site_url}/renewal-calendar",
        "",
        f"To stop these reminders (one click, no sign-in): {link}",
    ]
    # The text wrapped as quoted-printable at 76 (the default policy), the headers then written
    # unfolded up to 998.
    message.set_content("\n".join(lines), subtype="plain", charset="utf-8", cte="quoted-printable")
    message.policy = HEADER_POLICY
    return message


# --- stopping ---------------------------------------------------------------------------------


def stop(subscription_id: int, *, now: datetime | None = None) -> bool:
    """End a subscription (the unsubscribe link was followed): no reminder is sent after it,
    queued ones are dropped, and staff see a note on the lead. True the first time."""
    now = now or utcnow()
    try:
        with transaction() as session:
            subscription = session.get(ReminderSubscription, subscription_id)
            if subscription is None or subscription.unsubscribed_at is not None:
                return False
            subscription.unsubscribed_at = now
            session.add(subscription)
            reminders = select(Reminder.id).where(Reminder.subscription_id == subscription_id)
            for row in session.exec(
                select(MailQueue).where(MailQueue.reminder_id.in_(reminders), MailQueue.sent_at.is_(None))
            ).all():
                session.delete(row)
            session.add(
                EnquiryNote(
                    enquiry_id=subscription.enquiry_id,
                    author="website",
                    text="Reminders stopped by the visitor (the unsubscribe link in a reminder).",
                    created_at=now,
                )
            )
            return True
    except IntegrityError as error:
        raise StoreUnavailable("The reminders could not be stopped just now; please try again.") from error
