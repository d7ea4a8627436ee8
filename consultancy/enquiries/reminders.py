"""Renewal calendar reminders by email: the subscription, the daily job, and the email.

A visitor who asks for reminders sends their list (approval ids with the date on each
certificate), their email address and their consent. It is stored as an enquiry (the lead in
the staff inbox, with export, erasure and retention as for any other; its message starts
"renewals") together with a `reminder_subscription` row holding the list.

Double opt-in: anyone can type anyone's address, so the subscription starts unconfirmed and
the address gets an email with a signed link (unsubscribe.confirm_url); only once its owner
follows it (`confirm`) are reminders queued. Every ask, a new list or the same address and
list again, counts against the enquiry limits (limits.py), the recipient's asks together
however the address is spelt. Confirmation emails are capped per mailbox across all requests
(recipients.py): one held back waits, and the job below sends it when the cap allows, as it
does for a lead held over a limit once staff release it. Unconfirmed subscriptions are deleted
by `retention` reminder_confirm_days after they were first asked for (maintenance.py), however
often they are asked for again. The lead is kept either way: a person asked for help with
these renewals, as with an enquiry whose address nobody checked; its message says whether the
reminders wait for, or never had, the visitor's confirmation.

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

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, func, select

from consultancy.content import content
from consultancy.content import renewals as rules
from consultancy.content.india import KOLKATA

from . import mail, recipients, store
from .database import transaction, write
from .errors import EnquiryError, FormInvalid, StoreUnavailable
from .form import NOT_SURE, EnquiryForm, consent_given, email_address
from .models import HELD, Enquiry, EnquiryNote, MailQueue, Reminder, ReminderSubscription, utcnow
from .unsubscribe import confirm_url, unsubscribe_url

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
# What the lead's first line says while the reminders wait for the address's owner, and
# once they never came.
AWAITING = "renewals (awaiting the visitor's confirmation):"
NEVER_CONFIRMED = "renewals (not confirmed by the visitor; no reminders sent):"
CONFIRMED = "renewals:"
# For staff, on a lead whose confirmation email the recipient's cap holds back.
WAITING_NOTE = (
    "No confirmation email yet: this mailbox had one from us in the last day, or "
    f"{recipients.CONFIRMATIONS_PER_PERIOD} in {recipients.PERIOD.days} days (a limit against using the form to "
    "mail a stranger). It goes with a later reminders run if the limit allows before the request is deleted."
)


class NothingToRemind(EnquiryError):
    """The list has no date still to come."""


@dataclass(frozen=True)
class RunReport:
    queued: int
    sent: int
    failed: int
    waiting: int
    configured: bool = True
    # Confirmation emails queued by the job (leads released by staff, older subscriptions).
    confirmations: int = 0


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
    head = f"{AWAITING} {first.title.split(': ', 1)[-1]} due {rules.label(date.fromisoformat(first.date))}"
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
    """Store a subscription and its lead, and queue the email asking the address's owner to
    confirm if the recipient's cap allows (else it waits); the receipt as for an enquiry (held
    over a limit: the confirmation email waits until staff release it). The same address and
    list again is the same subscription: its receipt, the ask counted against the limits, and
    another confirmation email only within them and the recipient's cap. Raises FormInvalid
    ({"email"|"consent": ...}), NothingToRemind, TooManyEnquiries, StoreUnavailable."""
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
    contact = recipients.recipient_key(address_given)
    again = _asked_again(lead, chosen, address, contact, today, now)
    if again is not None:
        return again

    def with_subscription(session: Session, enquiry: Enquiry) -> None:
        found = session.exec(select(ReminderSubscription.id).where(ReminderSubscription.enquiry_id == enquiry.id))
        if found.first() is not None:
            return
        subscription = ReminderSubscription(enquiry_id=enquiry.id, held=chosen, created_at=now, ends_on=ends_on)
        session.add(subscription)
        session.flush()
        # Two requests racing past `_asked_again` make two subscriptions; the recipient's cap
        # still lets one email through.
        if enquiry.status != HELD and not _ask_to_confirm(session, subscription.id, now):
            session.add(EnquiryNote(enquiry_id=enquiry.id, author="website", text=WAITING_NOTE, created_at=now))

    return store.receive(lead, address, client_key=client_key, now=now, also=with_subscription, contact_key=contact)


def _same(session: Session, email: str, held: dict, today: date) -> list[ReminderSubscription]:
    """The running subscriptions of `email` (any letter case) with exactly this list."""
    rows = session.exec(
        select(ReminderSubscription)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(
            func.lower(Enquiry.email) == email.lower(),
            ReminderSubscription.unsubscribed_at.is_(None),
            ReminderSubscription.ends_on >= today,
        )
        .order_by(ReminderSubscription.id)
    ).all()
    return [row for row in rows if row.held == held]


def _asked_again(
    lead: EnquiryForm, held: dict, address: str, contact: str, today: date, now: datetime
) -> store.Receipt | None:
    """The receipt of a running subscription with this address and list, or None. The ask is
    counted against the limits as a new request would be; within them, its confirmation email
    is queued again if none is waiting and the recipient's cap allows. Its lead is not
    changed, and its deletion still counts from its first ask."""

    def again(session: Session) -> store.Receipt | None:
        found = _same(session, lead.email, held, today)
        if not found:
            return None
        subscription = found[0]
        enquiry = session.get(Enquiry, subscription.enquiry_id)
        assert enquiry is not None
        verdict = store.count_ask(session, lead, address, now, contact)
        if enquiry.status != HELD and not verdict.held:
            _ask_to_confirm(session, subscription.id, now)
        return store.Receipt(reference=enquiry.reference, held=enquiry.status == HELD)

    try:
        receipt = write(again)
    except SQLAlchemyError as error:
        # As for a new request (store.receive): the page offers the phone instead.
        raise StoreUnavailable(store.unavailable_message()) from error
    if receipt is not None:
        mail.wake_sender()
    return receipt


def _ask_to_confirm(session: Session, subscription_id: int, now: datetime) -> bool:
    """Queue the confirmation email of an unconfirmed, running subscription, unless one is
    waiting to go already or the recipient's cap holds it back. True if queued."""
    waiting = session.exec(
        select(MailQueue.id).where(MailQueue.confirm_subscription_id == subscription_id, MailQueue.sent_at.is_(None))
    ).first()
    if waiting is not None:
        return False
    found = session.exec(
        select(ReminderSubscription, Enquiry)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(ReminderSubscription.id == subscription_id)
    ).first()
    if found is None:
        return False
    subscription, enquiry = found
    if subscription.confirmed_at or subscription.unsubscribed_at or not enquiry.email:
        return False
    # The mailbox's row is locked from here to the commit: two runs, or a run and a second
    # request, queue one email between them.
    if not recipients.take_confirmation(session, enquiry.email, now):
        return False
    subscription.confirmation_sent_at = now
    session.add(subscription)
    session.add(MailQueue(confirm_subscription_id=subscription_id, next_try_at=now))
    return True


def _horizon(today: date) -> date:
    return rules.add_months(today, 12 * YEARS_AHEAD)


# --- the daily job ----------------------------------------------------------------------------


def active(session: Session, today: date) -> list[tuple[int, dict[str, dict[str, str]], date]]:
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
        return sum(_ask_to_confirm(session, subscription_id, now) for subscription_id in waiting)

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


def run(today: date | None = None, *, now: datetime | None = None) -> RunReport:
    """The daily job: queue what is due on `today` (Kolkata), then send the queue once."""
    today = today or rules.today_in_kolkata()
    confirmations = ask_to_confirm_due(today, now=now)
    queued = schedule(today, now=now)
    report = mail.send_due(now=now)
    return RunReport(
        queued=queued,
        sent=report.sent,
        failed=report.failed,
        waiting=mail.pending_count(),
        configured=report.configured,
        confirmations=confirmations,
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
    if subscription.unsubscribed_at is not None or subscription.confirmed_at is None or not enquiry.email:
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


@dataclass(frozen=True)
class ConfirmationLetter:
    """The email asking a new subscriber to confirm their address, read when it is claimed."""

    subscription_id: int
    reference: str
    email: str
    held: dict[str, dict[str, str]]
    ends_on: date
    asked_at: datetime
    # Deleted then if not confirmed: reminder_confirm_days after it was first asked for.
    deleted_on: date


def confirmation_letter(session: Session, subscription_id: int) -> ConfirmationLetter | None:
    """The confirmation email, or None when it must not go (confirmed, stopped or erased since)."""
    found = session.exec(
        select(ReminderSubscription, Enquiry)
        .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
        .where(ReminderSubscription.id == subscription_id)
    ).first()
    if found is None:
        return None
    subscription, enquiry = found
    if subscription.confirmed_at is not None or subscription.unsubscribed_at is not None or not enquiry.email:
        return None
    return ConfirmationLetter(
        subscription_id=subscription_id,
        reference=enquiry.reference,
        email=enquiry.email,
        held=subscription.held or {},
        ends_on=subscription.ends_on,
        asked_at=subscription.confirmation_sent_at or subscription.created_at,
        deleted_on=(subscription.created_at + timedelta(days=content().enquiries.reminder_confirm_days))
        .astimezone(KOLKATA)
        .date(),
    )


def compose_confirmation(item: ConfirmationLetter, sender: str) -> EmailMessage:
    """The one email before any reminder: what was asked for, and the signed link that starts
    them. Raises unsubscribe.NoKey without a signing key (it waits in the queue)."""
    site = content().site
    link = confirm_url(item.subscription_id, item.reference)
    today = rules.today_in_kolkata()
    items = [i for i in upcoming(item.held, today) if date.fromisoformat(i.date) <= item.ends_on]
    message = EmailMessage()
    message["Subject"] = f"Confirm your renewal reminders from {site.name}"
    message["From"] = sender
    message["To"] = item.email
    message["Reply-To"] = site.email
    message["Date"] = formatdate(localtime=False)
    domain = site.site_url.split("//", 1)[-1].split("/", 1)[0]
    # One id per request: a resend of the same one (a sender that died mid-send) shows once.
    message["Message-ID"] = f"<confirm-{item.subscription_id}-{int(item.asked_at.timestamp())}@{domain}>"
    message["Auto-Submitted"] = "auto-generated"
    lines = [
        "Someone, we hope you, asked on our renewal calendar for email reminders to this address",
        "before these dates:",
        "",
        *[f"- {i.title}, by {rules.label(date.fromisoformat(i.date))}" for i in items],
        "",
        'To start the reminders, open this link and press "Confirm reminders":',
        link,
        "",
        "If you did not ask for them, ignore this email: without your confirmation we send no",
        f"reminders, and we delete the request after {rules.label(item.deleted_on)}.",
        "",
        f"{site.name}, {site.phone}, {site.email}. Reference {item.reference}.",
    ]
    message.set_content("\n".join(lines), subtype="plain", charset="utf-8", cte="quoted-printable")
    message.policy = HEADER_POLICY
    return message


def _retitle(enquiry: Enquiry, head: str) -> None:
    """The lead's first line says what became of the confirmation."""
    if enquiry.message.startswith(AWAITING):
        enquiry.message = head + enquiry.message[len(AWAITING) :]


def confirm(subscription_id: int, *, now: datetime | None = None) -> bool:
    """Start a subscription's reminders (its confirmation link was followed and its button
    pressed), with a note for staff. True the first time; False if stopped or gone."""
    now = now or utcnow()
    try:
        with transaction() as session:
            subscription = session.get(ReminderSubscription, subscription_id)
            if subscription is None or subscription.unsubscribed_at is not None or subscription.confirmed_at:
                return False
            subscription.confirmed_at = now
            session.add(subscription)
            enquiry = session.get(Enquiry, subscription.enquiry_id)
            if enquiry is not None:
                _retitle(enquiry, CONFIRMED)
                session.add(enquiry)
            for row in session.exec(
                select(MailQueue).where(
                    MailQueue.confirm_subscription_id == subscription_id, MailQueue.sent_at.is_(None)
                )
            ).all():
                session.delete(row)
            session.add(
                EnquiryNote(
                    enquiry_id=subscription.enquiry_id,
                    author="website",
                    text="Reminders confirmed by the visitor (the link in the confirmation email).",
                    created_at=now,
                )
            )
            return True
    except IntegrityError as error:
        raise StoreUnavailable("The reminders could not be confirmed just now; please try again.") from error


def never_confirmed(session: Session, enquiry_ids: list[int], now: datetime, days: int) -> None:
    """The leads of unconfirmed subscriptions about to be deleted: their first line and a note
    say the reminders never started."""
    for enquiry in session.exec(select(Enquiry).where(Enquiry.id.in_(enquiry_ids))).all():
        _retitle(enquiry, NEVER_CONFIRMED)
        session.add(enquiry)
        session.add(
            EnquiryNote(
                enquiry_id=enquiry.id,
                author="website",
                text=f"The visitor did not confirm the reminders within {days} days: none was sent, and the list "
                "was deleted.",
                created_at=now,
            )
        )


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
