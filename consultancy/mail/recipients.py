"""Mail to people other than the firm, bounded per mailbox: anyone can type anyone's address
into the reminders form, so the site must not become a way to mail a stranger.

A mailbox is its address normalised the way mail providers deliver it: letter case and a
`+tag` make no other mailbox, nor do dots in a Gmail address. It is kept only as a keyed hash
(`recipient_key`), with the mailbox key (keys.MAILBOX: ENQUIRY_KEY_MAILBOX, else derived from
ENQUIRY_ADDRESS_KEY), as the per-address limit keeps visitors' IP addresses.

`take_confirmation` counts the confirmation emails asking a mailbox's owner to confirm
reminders, across every request for that mailbox: at most one a day and
CONFIRMATIONS_PER_PERIOD in PERIOD. What it refuses is not lost: the request waits, and the
reminders job sends its email once the cap allows (reminder_schedule.ask_to_confirm_due),
within the request's own life (reminder_confirm_days); the lead is in the staff inbox either
way.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, delete, update

from consultancy.records import keys
from consultancy.records.models import MailRecipient

CONFIRMATION_EVERY = timedelta(days=1)
CONFIRMATIONS_PER_PERIOD = 3
# Longer than a request lives unconfirmed (reminder_confirm_days), so asking again after one
# is deleted gives a mailbox no new emails.
PERIOD = timedelta(days=30)
# Providers that deliver "a.b@" and "ab@" to one mailbox, and their other names.
DOTS_IGNORED = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def normalise(email: str) -> str:
    """The mailbox an address reaches: lower case, without a +tag, and for Gmail without dots."""
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    domain = domain.rstrip(".")
    local = local.split("+", 1)[0]
    if domain in DOTS_IGNORED:
        local, domain = local.replace(".", ""), DOTS_IGNORED[domain]
    return f"{local}@{domain}"


def recipient_key(email: str) -> str:
    """A keyed hash of the mailbox `email` reaches: what the caps count, never the address."""
    # A key of its own: this hash matches no other hash the site keeps of anything.
    return keys.keyed_hash(keys.MAILBOX, normalise(email))


def take_confirmation(session: Session, email: str, now: datetime) -> bool:
    """Count one confirmation email to `email`'s mailbox, inside the caller's transaction, if
    its cap allows it: True if so (queue it), False if it must wait."""
    key = recipient_key(email)
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    # The mailbox's row, made once: two requests at once both find it, and the conditional
    # updates below then take their turns on its lock.
    session.exec(
        dialect.insert(MailRecipient)
        .values(recipient_key=key, period_started_at=now, sent_in_period=0, last_sent_at=now - CONFIRMATION_EVERY)
        .on_conflict_do_nothing(index_elements=["recipient_key"])
    )
    session.exec(
        update(MailRecipient)
        .where(MailRecipient.recipient_key == key, MailRecipient.period_started_at <= now - PERIOD)
        .values(period_started_at=now, sent_in_period=0)
    )
    taken = session.exec(
        update(MailRecipient)
        .where(
            MailRecipient.recipient_key == key,
            MailRecipient.sent_in_period < CONFIRMATIONS_PER_PERIOD,
            MailRecipient.last_sent_at <= now - CONFIRMATION_EVERY,
        )
        .values(sent_in_period=MailRecipient.sent_in_period + 1, last_sent_at=now)
    )
    return taken.rowcount == 1


def delete_expired(session: Session, now: datetime) -> int:
    """Forget mailboxes whose period and last day are both over (`retention`)."""
    over = (MailRecipient.period_started_at <= now - PERIOD) & (MailRecipient.last_sent_at <= now - CONFIRMATION_EVERY)
    return session.exec(delete(MailRecipient).where(over)).rowcount
