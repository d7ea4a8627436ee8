"""Renewal reminder subscriptions: subscribing, confirming the address, and stopping.

A visitor who asks for reminders sends their list (approval ids with the date on each
certificate), their email address and their consent. It is stored as an enquiry (the lead in
the staff inbox, with export, erasure and retention as for any other; its message starts
"renewals") together with a `reminder_subscription` row holding the list.

Double opt-in: anyone can type anyone's address, so the subscription starts unconfirmed and
the address gets an email with a signed link (unsubscribe.confirm_url); only once its owner
follows it (`confirm`) are reminders queued. Every ask, a new list or the same address and
list again, counts against the enquiry limits (limits.py), the recipient's asks together
however the address is spelt. Confirmation emails are capped per mailbox across all requests
(recipients.py): one held back waits, and the daily job sends it when the cap allows
(reminder_schedule.ask_to_confirm_due), as it does for a lead held over a limit once staff
release it. Unconfirmed subscriptions are deleted by `retention` reminder_confirm_days after
they were first asked for (maintenance.py), however often they are asked for again. The lead
is kept either way: a person asked for help with these renewals, as with an enquiry whose
address nobody checked; its message says whether the reminders wait for, or never had, the
visitor's confirmation.

`stop` follows the unsubscribe link in every reminder; both links are checked by the
backend's pages (unsubscribe.py) before these are called.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from typing import Any, Literal

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, func, select

from consultancy.content import content
from consultancy.content import renewals as rules
from consultancy.enquiries import store
from consultancy.forms.enquiry_form import NOT_SURE, EnquiryForm, consent_given, email_address
from consultancy.forms.renewal_list import Held, horizon, read_held, upcoming
from consultancy.mail import mail, recipients
from consultancy.mail.letters import ConfirmationLetter
from consultancy.records.database import transaction, write
from consultancy.records.errors import EnquiryError, FormInvalid, StoreUnavailable
from consultancy.records.models import HELD, Enquiry, EnquiryNote, MailQueue, Reminder, ReminderSubscription, utcnow

EMAIL_MESSAGE = "Enter your email address, for example name@example.com"
CONSENT_MESSAGE = "Tick the consent box so that we may send you these reminders"
NOTHING_MESSAGE = (
    "Nothing in your list has a date still to come: give the date on a certificate, or tick an approval "
    "with a yearly return, first"
)
# What the lead's first line says while the reminders wait for the address's owner, and
# once they never came.
AWAITING = "renewals (awaiting the visitor's confirmation):"
NEVER_CONFIRMED = "renewals (not confirmed by the visitor; no reminders sent):"
CONFIRMED = "renewals:"
# Confirmation emails waiting in the queue at most: this many hours of visitors' share of the mail.
CONFIRMATIONS_WAITING_HOURS = 2
# For staff, on a lead whose confirmation email the recipient's cap holds back.
WAITING_NOTE = (
    "No confirmation email yet: this mailbox had one from us in the last day, or "
    f"{recipients.CONFIRMATIONS_PER_PERIOD} in {recipients.PERIOD.days} days; or its domain (not a public "
    f"provider's) had {recipients.DOMAIN_PER_DAY} today or {recipients.DOMAIN_PER_PERIOD} in "
    f"{recipients.PERIOD.days} days; or {recipients.CONFIRMATIONS_PER_DAY} went to visitors today (limits against "
    "using the form to mail a stranger); or many confirmation emails to others are already waiting to go. It "
    "goes with a later reminders run if the limits allow before the request is deleted."
)


class NothingToRemind(EnquiryError):
    """The list has no date still to come."""


# --- subscribing ----------------------------------------------------------------------------


def _lead(items: list[rules.Item]) -> str:
    """The enquiry's message: what staff read in the inbox and the CSV."""
    first, rest = items[0], len(items) - 1
    head = f"{AWAITING} {first.title.split(': ', 1)[-1]} due {rules.label(date.fromisoformat(first.date))}"
    head += f" (and {rest} more)" if rest else ""
    lines = [f"- {item.title}, by {rules.label(date.fromisoformat(item.date))}" for item in items]
    return "\n".join([head, "Email reminders asked for from the renewal calendar, for:", *lines])


def _services(held: Held) -> list[str]:
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
    ({"email"|"consent": ...}), NothingToRemind, StoreUnavailable (StoreFull)."""
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
    items = [i for i in upcoming(chosen, today) if date.fromisoformat(i.date) <= horizon(today)]
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
        if enquiry.status != HELD and not ask_to_confirm(session, subscription.id, now):
            session.add(EnquiryNote(enquiry_id=enquiry.id, author="website", text=WAITING_NOTE, created_at=now))
            waiting.append(True)

    # Whether the confirmation email waits for a cap: the visitor is told so.
    waiting: list[bool] = []
    receipt = store.receive(lead, address, client_key=client_key, now=now, also=with_subscription, contact_key=contact)
    return replace(receipt, waiting=bool(waiting))


def _same(session: Session, email: str, held: Held, today: date) -> list[ReminderSubscription]:
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
    lead: EnquiryForm, held: Held, address: str, contact: str, today: date, now: datetime
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
            ask_to_confirm(session, subscription.id, now)
        return store.Receipt(reference=enquiry.reference, held=enquiry.status == HELD)

    try:
        receipt = write(again)
    except SQLAlchemyError as error:
        # As for a new request (store.receive): the page offers the phone instead.
        raise StoreUnavailable(store.unavailable_message()) from error
    if receipt is not None:
        mail.wake_sender()
    return receipt


def ask_to_confirm(session: Session, subscription_id: int, now: datetime) -> bool:
    """Queue the confirmation email of an unconfirmed, running subscription, unless one is
    waiting to go already or the recipient's cap holds it back. True if queued."""
    waiting = session.exec(
        select(MailQueue.id).where(MailQueue.confirm_subscription_id == subscription_id, MailQueue.sent_at.is_(None))
    ).first()
    if waiting is not None:
        return False
    # The queue of confirmations is bounded: at most two hours' share of visitors' mail waits
    # (many addresses asking for many mailboxes); the rest are queued by later reminders runs.
    backlog = session.exec(
        select(func.count())
        .select_from(MailQueue)
        .where(MailQueue.confirm_subscription_id.is_not(None), MailQueue.sent_at.is_(None))
    ).one()
    if backlog >= CONFIRMATIONS_WAITING_HOURS * mail.visitor_mails_per_hour():
        return False
    # The email it would be: none for a subscription confirmed, stopped or erased.
    letter = ConfirmationLetter.read(session, subscription_id)
    if letter is None:
        return False
    # The mailbox's row is locked from here to the commit: two runs, or a run and a second
    # request, queue one email between them.
    if not recipients.take_confirmation(session, letter.email, now):
        return False
    subscription = session.get(ReminderSubscription, subscription_id)
    assert subscription is not None
    subscription.confirmation_sent_at = now
    session.add(subscription)
    session.add(MailQueue(confirm_subscription_id=subscription_id, next_try_at=now))
    return True


# --- the visitor's answers: confirming and stopping -----------------------------------------------


def _retitle(enquiry: Enquiry, head: str) -> None:
    """The lead's first line says what became of the confirmation."""
    if enquiry.message.startswith(AWAITING):
        enquiry.message = head + enquiry.message[len(AWAITING) :]


def _answer(
    subscription_id: int,
    now: datetime | None,
    *,
    stamp: Literal["confirmed_at", "unsubscribed_at"],
    dropped: Callable[[int], ColumnElement[bool]],
    note: str,
    done: str,
    retitle: str = "",
) -> bool:
    """What confirming and stopping share: once only (never after a stop), stamp the
    subscription, drop its queued emails that must not go any more, and note it on the lead
    (retitled if asked). True the first time; False if stopped, already done or gone."""
    now = now or utcnow()
    try:
        with transaction() as session:
            subscription = session.get(ReminderSubscription, subscription_id)
            if subscription is None or subscription.unsubscribed_at is not None or getattr(subscription, stamp):
                return False
            setattr(subscription, stamp, now)
            session.add(subscription)
            if retitle and (enquiry := session.get(Enquiry, subscription.enquiry_id)) is not None:
                _retitle(enquiry, retitle)
                session.add(enquiry)
            unsent = select(MailQueue).where(dropped(subscription_id), MailQueue.sent_at.is_(None))
            for row in session.exec(unsent).all():
                session.delete(row)
            session.add(EnquiryNote(enquiry_id=subscription.enquiry_id, author="website", text=note, created_at=now))
            return True
    except IntegrityError as error:
        raise StoreUnavailable(f"The reminders could not be {done} just now; please try again.") from error


def confirm(subscription_id: int, *, now: datetime | None = None) -> bool:
    """Start a subscription's reminders (its confirmation link was followed and its button
    pressed), with a note for staff. True the first time; False if stopped or gone."""
    return _answer(
        subscription_id,
        now,
        stamp="confirmed_at",
        # A confirmation email still queued has nothing left to ask.
        dropped=lambda i: MailQueue.confirm_subscription_id == i,
        note="Reminders confirmed by the visitor (the link in the confirmation email).",
        done="confirmed",
        retitle=CONFIRMED,
    )


def stop(subscription_id: int, *, now: datetime | None = None) -> bool:
    """End a subscription (the unsubscribe link was followed): no reminder is sent after it,
    queued ones are dropped, and staff see a note on the lead. True the first time."""
    return _answer(
        subscription_id,
        now,
        stamp="unsubscribed_at",
        dropped=lambda i: MailQueue.reminder_id.in_(select(Reminder.id).where(Reminder.subscription_id == i)),
        note="Reminders stopped by the visitor (the unsubscribe link in a reminder).",
        done="stopped",
    )


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
