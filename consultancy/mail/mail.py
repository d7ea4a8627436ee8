"""The mail queue and its sender: how the site's emails leave, whatever they say (the letters
themselves are in letters.py).

Storing and sending are separate: `enqueue` writes a row to mail_queue in the enquiry's own
transaction, and `send_due` sends what is due, later, over SMTP. A mail server that is down
costs nothing but time: the row stays, and is tried again after 1, 2, 4 ... minutes (at most
an hour apart) until it goes. Two senders (several backend workers, or a cron job beside
them) never send one row twice: each claims a row with a conditional UPDATE first.

A row names its letter by data, the id of its subject (letters.for_row reads the letter when
the row is claimed). Reminders (reminder_schedule.py), and the emails asking a new subscriber
to confirm their address (subscriptions.py), are rows of the same queue, under the same claims
and retries. They go to people outside the firm, so they have a budget of their own within
the hourly cap, MAIL_TO_VISITORS_PER_HOUR: the firm's notifications are claimed first and may
use the whole cap, visitors' emails never more than their budget (confirmations before
reminders); what waits is sent in a later hour.

The backend runs `run_sender` as a lifespan task (every 30 s, and at once after a new
enquiry in the same worker); `python -m consultancy.office send-mail` does one pass.

Settings, from the environment: SMTP_HOST (no host: nothing is sent, mail waits in the
queue), SMTP_PORT (587 with STARTTLS, 465 with SMTP_SSL, else 25), SMTP_USER,
SMTP_PASSWORD, SMTP_STARTTLS (default on), SMTP_SSL (implicit TLS, default off), MAIL_FROM
(default SMTP_USER, else the firm's address), SMTP_CA_FILE (a CA bundle for a mail server
with a private certificate), MAIL_PER_HOUR (60: the most emails sent in any hour; the rest
wait in the queue, and every enquiry is in the inbox whatever the mail does),
MAIL_TO_VISITORS_PER_HOUR (the part of it visitors' emails may use: a third by default, at
most half). The notifications' recipient is the firm's email in data/site.toml.

A login (SMTP_USER) is only ever sent over TLS: without STARTTLS or SMTP_SSL the sender
refuses to log in rather than send the password in clear.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import smtplib
import ssl
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, func, or_, select, update

from consultancy.content import content
from consultancy.records.database import transaction
from consultancy.records.models import Enquiry, MailQueue, utcnow
from consultancy.records.settings import env_flag

from . import letters

logger = logging.getLogger(__name__)

# A claimed row is free again after this, should its sender die mid-send.
CLAIM_FOR = timedelta(minutes=5)
FIRST_RETRY = timedelta(minutes=1)
LONGEST_WAIT = timedelta(hours=1)
SMTP_TIMEOUT_S = 30
SENDER_INTERVAL_S = 30
HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    user: str
    password: str
    starttls: bool
    implicit_tls: bool
    sender: str
    ca_file: str = ""

    @classmethod
    def from_env(cls) -> SmtpSettings | None:
        """The mail server from the environment, or None when SMTP_HOST is not set."""
        host = os.environ.get("SMTP_HOST", "").strip()
        if not host:
            return None
        implicit_tls = env_flag("SMTP_SSL", False)
        starttls = not implicit_tls and env_flag("SMTP_STARTTLS", True)
        default_port = 465 if implicit_tls else 587 if starttls else 25
        user = os.environ.get("SMTP_USER", "").strip()
        sender = os.environ.get("MAIL_FROM", "").strip() or (user if "@" in user else content().site.email)
        return cls(
            host=host,
            port=int(os.environ.get("SMTP_PORT", "").strip() or default_port),
            user=user,
            password=os.environ.get("SMTP_PASSWORD", ""),
            starttls=starttls,
            implicit_tls=implicit_tls,
            sender=sender,
            ca_file=os.environ.get("SMTP_CA_FILE", "").strip(),
        )

    def tls_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.ca_file or None)


def mails_per_hour() -> int:
    return int(os.environ.get("MAIL_PER_HOUR", "").strip() or 60)


def visitor_mails_per_hour() -> int:
    """The part of the hourly cap that emails to visitors (confirmations, reminders) may use:
    never more than half, so the firm's own notifications always keep the larger share."""
    whole = mails_per_hour()
    given = os.environ.get("MAIL_TO_VISITORS_PER_HOUR", "").strip()
    share = min(int(given) if given else whole // 3, whole // 2)
    # A cap too small to split still lets one through an hour: they wait, never for ever.
    return max(share, 1 if whole > 1 else 0)


class InsecureLogin(smtplib.SMTPException):
    """SMTP_USER is set but the connection would not be encrypted."""


@dataclass(frozen=True)
class SendReport:
    sent: int = 0
    failed: int = 0
    configured: bool = True


def enqueue(session: Session, enquiry: Enquiry, now: datetime) -> None:
    """Queue the firm's email for `enquiry`, inside the caller's transaction."""
    assert enquiry.id is not None
    session.add(MailQueue(enquiry_id=enquiry.id, next_try_at=now))


def retry_delay(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure: 1, 2, 4, 8 ... minutes, at most an hour."""
    return min(FIRST_RETRY * (2 ** max(attempts - 1, 0)), LONGEST_WAIT)


def send_due(*, now: datetime | None = None, limit: int = 50, smtp: SmtpSettings | None = None) -> SendReport:
    """Send the queued emails that are due; what fails is tried again later."""
    smtp = smtp or SmtpSettings.from_env()
    if smtp is None:
        return SendReport(configured=False)
    now = now or utcnow()
    # The site-wide hourly cap, and visitors' budget within it: what is over them waits for a
    # later hour, never dropped.
    limit = min(limit, mails_per_hour() - sent_since(now - HOUR))
    if limit <= 0:
        return SendReport()
    to_visitors = max(visitor_mails_per_hour() - sent_since(now - HOUR, to_visitors=True), 0)
    claimed = _claim(now, limit, to_visitors)
    if not claimed:
        return SendReport()
    results: dict[int, str] = {}
    try:
        with _connect(smtp) as server:
            for queue_id, letter in claimed:
                try:
                    message = letter.compose(smtp.sender)
                except letters.NoKey as error:
                    # A reminder without a working unsubscribe link waits: never sent without one.
                    results[queue_id] = _describe(error)
                    continue
                try:
                    server.send_message(message, smtp.sender, [letter.recipient])
                    results[queue_id] = ""
                except smtplib.SMTPException as error:
                    results[queue_id] = _describe(error)
                    if isinstance(error, smtplib.SMTPServerDisconnected):
                        break
    except (OSError, smtplib.SMTPException) as error:
        logger.warning("enquiry email: mail server %s:%s: %s", smtp.host, smtp.port, error)
        for queue_id, _ in claimed:
            results.setdefault(queue_id, _describe(error))
    # Rows neither sent nor failed (the server hung up on an earlier one) are tried again.
    for queue_id, _ in claimed:
        results.setdefault(queue_id, "not sent: the mail server closed the connection")
    _record(results, now)
    sent = sum(1 for error in results.values() if not error)
    return SendReport(sent=sent, failed=len(results) - sent)


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:500]


def sent_since(moment: datetime, *, to_visitors: bool = False) -> int:
    """Emails sent since `moment`: all of them, or those to visitors only."""
    sent = MailQueue.sent_at >= moment
    if to_visitors:
        sent &= ~_firms_own()
    with transaction() as session:
        return session.exec(select(func.count()).select_from(MailQueue).where(sent)).one()


def _connect(smtp: SmtpSettings) -> smtplib.SMTP:
    if smtp.user and not (smtp.implicit_tls or smtp.starttls):
        raise InsecureLogin("SMTP_USER is set without STARTTLS or SMTP_SSL: refusing to send the password in clear")
    if smtp.implicit_tls:
        server: smtplib.SMTP = smtplib.SMTP_SSL(
            smtp.host, smtp.port, timeout=SMTP_TIMEOUT_S, context=smtp.tls_context()
        )
    else:
        server = smtplib.SMTP(smtp.host, smtp.port, timeout=SMTP_TIMEOUT_S)
    try:
        if smtp.starttls:
            server.starttls(context=smtp.tls_context())
        if smtp.user:
            server.login(smtp.user, smtp.password)
    except BaseException:
        server.close()
        raise
    return server


def _firms_own():
    """The firm's own mail: notifications of enquiries, and notices to staff about their
    accounts (a sign-in from a new place must not wait behind visitors' reminders)."""
    return or_(MailQueue.enquiry_id.is_not(None), MailQueue.staff_notice_id.is_not(None))


def _claim(now: datetime, limit: int, to_visitors: int) -> list[tuple[int, letters.Letter]]:
    """Claim up to `limit` due rows: the firm's notifications first, then up to `to_visitors`
    emails to visitors, confirmations before reminders."""
    free = or_(MailQueue.claimed_until.is_(None), MailQueue.claimed_until < now)
    due_now = (MailQueue.sent_at.is_(None), MailQueue.next_try_at <= now, free)
    with transaction() as session:
        due = session.exec(
            select(MailQueue.id)
            .where(*due_now, _firms_own())
            .order_by(MailQueue.next_try_at, MailQueue.id)
            .limit(limit)
        ).all()
        to_visitors = min(to_visitors, limit - len(due))
        if to_visitors > 0:
            # Confirmations before reminders: a day of many reminders (a return due for
            # everyone on one date) never keeps a visitor waiting for their link.
            due += session.exec(
                select(MailQueue.id)
                .where(*due_now, ~_firms_own())
                .order_by(MailQueue.reminder_id.is_not(None), MailQueue.next_try_at, MailQueue.id)
                .limit(to_visitors)
            ).all()
        claimed: list[tuple[int, letters.Letter]] = []
        for queue_id in due:
            # Another sender may have taken it since the SELECT: only one UPDATE matches.
            taken = session.exec(
                update(MailQueue)
                .where(MailQueue.id == queue_id, MailQueue.sent_at.is_(None), free)
                .values(claimed_until=now + CLAIM_FOR)
            )
            if taken.rowcount != 1:
                continue
            row = session.get(MailQueue, queue_id)
            if row is None:
                continue
            letter = letters.for_row(session, row)
            if letter is None:  # unsubscribed, confirmed or erased since it was queued: it does not go
                session.delete(row)
            else:
                claimed.append((queue_id, letter))
        return claimed


def _record(results: dict[int, str], now: datetime) -> None:
    with transaction() as session:
        for queue_id, error in results.items():
            row = session.get(MailQueue, queue_id)
            if row is None:  # the enquiry was erased meanwhile
                continue
            row.attempts += 1
            row.claimed_until = None
            if error:
                row.last_error = error
                row.next_try_at = now + retry_delay(row.attempts)
            else:
                row.sent_at = now
                row.last_error = ""
            session.add(row)


# --- the backend's sender ---------------------------------------------------------------

_wake: asyncio.Event | None = None
_wake_loop: asyncio.AbstractEventLoop | None = None


def wake_sender() -> None:
    """Ask this worker's sender to run now (after a new enquiry), from any thread."""
    if _wake is not None and _wake_loop is not None and not _wake_loop.is_closed():
        _wake_loop.call_soon_threadsafe(_wake.set)


async def run_sender(interval_s: float = SENDER_INTERVAL_S) -> None:
    """Send due emails every `interval_s` seconds for as long as the backend runs."""
    global _wake, _wake_loop
    _wake, _wake_loop = asyncio.Event(), asyncio.get_running_loop()
    if SmtpSettings.from_env() is None:
        logger.warning("SMTP_HOST is not set: enquiry emails wait in the database until it is")
    while True:
        try:
            report = await asyncio.to_thread(send_due)
            if report.failed:
                logger.warning("enquiry email: %d sent, %d to retry", report.sent, report.failed)
        except SQLAlchemyError as error:
            logger.warning("enquiry email: database unavailable: %s", error)
        except Exception:
            logger.exception("enquiry email sender")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_wake.wait(), interval_s)
        _wake.clear()


def send_notice(subject: str, text: str, *, smtp: SmtpSettings | None = None) -> bool:
    """A notice to the firm's address (a large export), sent at once; False when it could
    not be (the audit table has the event either way)."""
    smtp = smtp or SmtpSettings.from_env()
    if smtp is None:
        logger.warning("notice not sent (SMTP_HOST is not set): %s", subject)
        return False
    recipient = content().site.email
    message = letters.notice(subject, text, smtp.sender)
    try:
        with _connect(smtp) as server:
            server.send_message(message, smtp.sender, [recipient])
    except (OSError, smtplib.SMTPException) as error:
        logger.warning("notice not sent: %s: %s", subject, _describe(error))
        return False
    return True


def pending_count() -> int:
    """Emails not sent yet (for the inbox and the tests)."""
    with transaction() as session:
        return session.exec(select(func.count()).select_from(MailQueue).where(MailQueue.sent_at.is_(None))).one()
