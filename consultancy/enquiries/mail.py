"""The email to the firm for every enquiry.

Storing and sending are separate: `enqueue` writes a row to mail_queue in the enquiry's own
transaction, and `send_due` sends what is due, later, over SMTP. A mail server that is down
costs nothing but time: the row stays, and is tried again after 1, 2, 4 ... minutes (at most
an hour apart) until it goes. Two senders (several backend workers, or a cron job beside
them) never send one row twice: each claims a row with a conditional UPDATE first.

The backend runs `run_sender` as a lifespan task (every 30 s, and at once after a new
enquiry in the same worker); `python -m consultancy.enquiries send-mail` does one pass.

Settings, from the environment: SMTP_HOST (no host: nothing is sent, mail waits in the
queue), SMTP_PORT (587 with STARTTLS, 465 with SMTP_SSL, else 25), SMTP_USER,
SMTP_PASSWORD, SMTP_STARTTLS (default on), SMTP_SSL (implicit TLS, default off), MAIL_FROM
(default SMTP_USER, else the firm's address). The recipient is the firm's email in
data/site.toml.
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
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, func, or_, select, update

from consultancy.content import content

from .database import transaction
from .models import Enquiry, MailQueue, utcnow
from .settings import IST, env_flag

logger = logging.getLogger(__name__)

# A claimed row is free again after this, should its sender die mid-send.
CLAIM_FOR = timedelta(minutes=5)
FIRST_RETRY = timedelta(minutes=1)
LONGEST_WAIT = timedelta(hours=1)
SMTP_TIMEOUT_S = 30
SENDER_INTERVAL_S = 30


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    user: str
    password: str
    starttls: bool
    implicit_tls: bool
    sender: str

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
        )


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


def compose(enquiry: Enquiry, sender: str, recipient: str) -> EmailMessage:
    """The notification as plain text only: whatever the visitor typed (HTML, script,
    Odia) arrives as the characters they typed and is never rendered as markup."""
    from .form import district_label, service_label

    site = content().site
    received = enquiry.created_at.astimezone(IST).strftime("%d %B %Y, %H:%M IST")
    message = EmailMessage()
    # Only the firm's own words in the headers: the visitor's text stays in the body.
    message["Subject"] = f"Website enquiry {enquiry.reference}: {service_label(enquiry.service)}"
    message["From"] = sender
    message["To"] = recipient
    # Checked by the form against the HTML email rule: no spaces, no line breaks.
    message["Reply-To"] = enquiry.email
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=recipient.rsplit("@", 1)[-1])
    lines = [
        "A new enquiry came in through the website.",
        "",
        f"Reference:     {enquiry.reference}",
        f"Received:      {received}",
        f"Name:          {enquiry.name}",
        f"Phone:         {enquiry.phone}",
        f"Email:         {enquiry.email}",
        f"Organisation:  {enquiry.organisation or '-'}",
        f"Service:       {service_label(enquiry.service)}",
        f"District:      {district_label(enquiry.district) or '-'}",
        "",
        "Message:",
        enquiry.message,
        "",
        "--",
        f"Record what happens next in the staff inbox: {site.site_url}/staff",
        "Reply to this email to write to the visitor.",
    ]
    message.set_content("\n".join(lines), subtype="plain", charset="utf-8")
    return message


def send_due(*, now: datetime | None = None, limit: int = 50, smtp: SmtpSettings | None = None) -> SendReport:
    """Send the queued emails that are due; what fails is tried again later."""
    smtp = smtp or SmtpSettings.from_env()
    if smtp is None:
        return SendReport(configured=False)
    now = now or utcnow()
    claimed = _claim(now, limit)
    if not claimed:
        return SendReport()
    recipient = content().site.email
    results: dict[int, str] = {}
    try:
        with _connect(smtp) as server:
            for queue_id, enquiry in claimed:
                try:
                    server.send_message(compose(enquiry, smtp.sender, recipient), smtp.sender, [recipient])
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


def _connect(smtp: SmtpSettings) -> smtplib.SMTP:
    if smtp.implicit_tls:
        server: smtplib.SMTP = smtplib.SMTP_SSL(
            smtp.host, smtp.port, timeout=SMTP_TIMEOUT_S, context=ssl.create_default_context()
        )
    else:
        server = smtplib.SMTP(smtp.host, smtp.port, timeout=SMTP_TIMEOUT_S)
    try:
        if smtp.starttls:
            server.starttls(context=ssl.create_default_context())
        if smtp.user:
            server.login(smtp.user, smtp.password)
    except BaseException:
        server.close()
        raise
    return server


def _claim(now: datetime, limit: int) -> list[tuple[int, Enquiry]]:
    free = or_(MailQueue.claimed_until.is_(None), MailQueue.claimed_until < now)
    with transaction() as session:
        due = session.exec(
            select(MailQueue.id)
            .where(MailQueue.sent_at.is_(None), MailQueue.next_try_at <= now, free)
            .order_by(MailQueue.next_try_at, MailQueue.id)
            .limit(limit)
        ).all()
        claimed: list[tuple[int, Enquiry]] = []
        for queue_id in due:
            # Another sender may have taken it since the SELECT: only one UPDATE matches.
            taken = session.exec(
                update(MailQueue)
                .where(MailQueue.id == queue_id, MailQueue.sent_at.is_(None), free)
                .values(claimed_until=now + CLAIM_FOR)
            )
            if taken.rowcount == 1:
                row = session.get(MailQueue, queue_id)
                enquiry = session.get(Enquiry, row.enquiry_id) if row else None
                if enquiry is not None:
                    claimed.append((queue_id, enquiry))
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


def pending_count() -> int:
    """Emails not sent yet (for the inbox and the tests)."""
    with transaction() as session:
        return session.exec(select(func.count()).select_from(MailQueue).where(MailQueue.sent_at.is_(None))).one()
