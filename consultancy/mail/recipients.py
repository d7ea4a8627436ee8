"""Mail to people other than the firm, bounded per mailbox: anyone can type anyone's address
into the reminders form, so the site must not become a way to mail a stranger.

A mailbox is its address normalised the way mail providers deliver it: letter case and a
`+tag` make no other mailbox, nor do dots in a Gmail address. It is kept only as a keyed hash
(`recipient_key`), with the mailbox key (keys.MAILBOX: ENQUIRY_KEY_MAILBOX, else derived from
ENQUIRY_ADDRESS_KEY), as the per-address limit keeps visitors' IP addresses.

`take_confirmation` counts the confirmation emails asking a mailbox's owner to confirm
reminders, across every request for that mailbox: at most one a day and
CONFIRMATIONS_PER_PERIOD in PERIOD. A catch-all domain has endless mailboxes for one owner, so
an address at a domain other than the large public providers' (PUBLIC_PROVIDERS) also counts
against its registrable domain (the public suffix list's: a.b.example.co.uk is
example.co.uk's, every subdomain together): DOMAIN_PER_DAY a day and DOMAIN_PER_PERIOD in
PERIOD. And all of them together, to anyone, at most CONFIRMATIONS_PER_DAY a day. Each count is
a row of mail_recipient under a keyed hash (keys.MAILBOX) of what it counts, never an address
or a domain in clear. What it refuses is not lost: the request waits, and the reminders job
sends its email once the caps allow (reminder_schedule.ask_to_confirm_due), within the
request's own life (reminder_confirm_days); the lead is in the staff inbox either way, with a
note that its email waits.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache

from publicsuffixlist import PublicSuffixList
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, delete, update

from consultancy.records import keys
from consultancy.records.models import MailRecipient

CONFIRMATION_EVERY = timedelta(days=1)
CONFIRMATIONS_PER_PERIOD = 3
# Longer than a request lives unconfirmed (reminder_confirm_days), so asking again after one
# is deleted gives a mailbox no new emails.
PERIOD = timedelta(days=30)
# One registrable domain outside the public providers (a catch-all, its subdomains).
DOMAIN_PER_DAY = 3
DOMAIN_PER_PERIOD = 10
# Every confirmation email to anyone, in a day: far above a real day's requests (a handful),
# far below what the mail budget would let an attacker spread over many domains.
CONFIRMATIONS_PER_DAY = 200
DAY = timedelta(days=1)
# Providers that deliver "a.b@" and "ab@" to one mailbox, and their other names.
DOTS_IGNORED = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}
# Providers that deliver "anything@user.domain" to user@domain (Fastmail's subdomain
# addressing).
SUBDOMAIN_ADDRESSING = frozenset({"fastmail.com", "fastmail.fm"})
# Providers where "name-anything@" reaches name@ (Yahoo's disposable addresses). Elsewhere a
# "-" is part of the name (anna-maria@), and a domain of its own is capped as a whole.
DASH_DELIMITER = frozenset({"yahoo.com", "yahoo.co.in", "ymail.com"})
# The large public providers: no catch-all, a mailbox per person, so only the per-mailbox cap
# (and the day's total) applies to their addresses, after the foldings above.
PUBLIC_PROVIDERS = frozenset(
    {
        *DOTS_IGNORED.values(),
        *SUBDOMAIN_ADDRESSING,
        *DASH_DELIMITER,
        "outlook.com",
        "hotmail.com",
        "live.com",
        "msn.com",
        "icloud.com",
        "me.com",
        "mac.com",
        "aol.com",
        "proton.me",
        "protonmail.com",
        "pm.me",
        "zoho.com",
        "zohomail.in",
        "rediffmail.com",
        "yandex.com",
        "gmx.com",
        "mail.com",
    }
)


@cache
def _suffixes() -> PublicSuffixList:
    # The list shipped inside the package (no download); read on first use.
    return PublicSuffixList()


def normalise(email: str) -> str:
    """The mailbox an address reaches: lower case, without a +tag; for Gmail without dots,
    for Yahoo without a -tag, and for Fastmail's user.fastmail.com as user@fastmail.com."""
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    domain = domain.rstrip(".")
    local = local.split("+", 1)[0]
    if domain in DOTS_IGNORED:
        local, domain = local.replace(".", ""), DOTS_IGNORED[domain]
    if domain in DASH_DELIMITER:
        local = local.split("-", 1)[0]
    user, _, parent = domain.partition(".")
    if parent in SUBDOMAIN_ADDRESSING and user:
        local, domain = user, parent
    return f"{local}@{domain}"


def domain_owner(email: str) -> str:
    """The registrable domain a catch-all's mailboxes share ("" for the public providers'
    own mailboxes, capped one by one): every subdomain counts with its domain."""
    domain = normalise(email).rpartition("@")[2]
    if not domain or domain in PUBLIC_PROVIDERS:
        return ""
    return _suffixes().privatesuffix(domain) or domain


def recipient_key(email: str) -> str:
    """A keyed hash of the mailbox `email` reaches: what the caps count, never the address."""
    # A key of its own: this hash matches no other hash the site keeps of anything.
    return keys.keyed_hash(keys.MAILBOX, normalise(email))


def take_confirmation(session: Session, email: str, now: datetime) -> bool:
    """Count one confirmation email to `email`, inside the caller's transaction, if every cap
    allows it: True if so (queue it), False if it must wait (and then none is counted)."""
    owner = domain_owner(email)
    counts = [
        # The day's total first: every caller takes the rows in this order, so two
        # transactions never wait on each other's rows.
        (_key("all"), CONFIRMATIONS_PER_DAY, DAY, None),
        (recipient_key(email), CONFIRMATIONS_PER_PERIOD, PERIOD, CONFIRMATION_EVERY),
    ]
    if owner:
        counts += [
            (_key(f"domain-day {owner}"), DOMAIN_PER_DAY, DAY, None),
            (_key(f"domain {owner}"), DOMAIN_PER_PERIOD, PERIOD, None),
        ]
    savepoint = session.begin_nested()
    for key, cap, period, every in counts:
        if not _take(session, key, cap, period, every, now):
            savepoint.rollback()
            return False
    savepoint.commit()
    return True


def _key(what: str) -> str:
    # Never an address (no "@"): no mailbox's hash matches it.
    return keys.keyed_hash(keys.MAILBOX, what)


def _take(session: Session, key: str, cap: int, period: timedelta, every: timedelta | None, now: datetime) -> bool:
    """One more under `key` if fewer than `cap` in its `period` (counted from the period's
    first), and none in the last `every` when given."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    # The row, made once: two requests at once both find it, and the conditional updates
    # below then take their turns on its lock.
    session.exec(
        dialect.insert(MailRecipient)
        .values(recipient_key=key, period_started_at=now, sent_in_period=0, last_sent_at=now - (every or DAY))
        .on_conflict_do_nothing(index_elements=["recipient_key"])
    )
    session.exec(
        update(MailRecipient)
        .where(MailRecipient.recipient_key == key, MailRecipient.period_started_at <= now - period)
        .values(period_started_at=now, sent_in_period=0)
    )
    allowed = [MailRecipient.recipient_key == key, MailRecipient.sent_in_period < cap]
    if every is not None:
        allowed.append(MailRecipient.last_sent_at <= now - every)
    taken = session.exec(
        update(MailRecipient).where(*allowed).values(sent_in_period=MailRecipient.sent_in_period + 1, last_sent_at=now)
    )
    return taken.rowcount == 1


def delete_expired(session: Session, now: datetime) -> int:
    """Forget mailboxes whose period and last day are both over (`retention`)."""
    over = (MailRecipient.period_started_at <= now - PERIOD) & (MailRecipient.last_sent_at <= now - CONFIRMATION_EVERY)
    return session.exec(delete(MailRecipient).where(over)).rowcount
