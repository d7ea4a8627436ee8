"""The emails the site writes: the firm's notification of every enquiry (held ones say so), a
renewal reminder to a subscriber, the email asking a new subscriber to confirm their address,
the notice of a large export, and a member of staff's notices about their own account. All
plain text, and the visitor's words only ever in the body.

The mail queue (mail.py) carries letters without knowing them: a queue row holds the id of
its subject in one of its columns, and `for_row` reads the letter that column names when the
row is claimed (`READERS`). A letter is read afresh then, so one whose subscription was
stopped, confirmed or erased since it was queued is None and does not go. `compose` raises
unsubscribe.NoKey when the letter's links cannot be signed: it waits in the queue.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Protocol

from sqlmodel import Session, exists, or_, select

from consultancy.content import content
from consultancy.content import renewals as rules
from consultancy.content.india import KOLKATA
from consultancy.forms.enquiry_form import district_label, service_label, services_label
from consultancy.forms.renewal_list import Held, upcoming
from consultancy.records import keys
from consultancy.records.models import (
    CASE_LINK_PLACEHOLDER,
    HELD,
    CaseMail,
    Enquiry,
    MailQueue,
    Reminder,
    ReminderSubscription,
    StaffNotice,
)
from consultancy.records.settings import IST

from .unsubscribe import NoKey, confirm_url, unsubscribe_url

__all__ = [
    "READERS",
    "ConfirmationLetter",
    "Digest",
    "Letter",
    "NoKey",
    "Notification",
    "ReminderLetter",
    "StaffNoticeLetter",
    "for_row",
    "notice",
]

# Bidirectional controls: they can make a message display as something else than it is
# (a forged footer or link), so they are dropped from the visitor's text in the email.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Headers on one line up to RFC 5322's limit: the default (78) folds a long List-Unsubscribe
# address into encoded words, which mail clients do not read as a link (RFC 2369).
HEADER_POLICY = policy.default.clone(max_line_length=998)


class Letter(Protocol):
    """One email and its one recipient."""

    @property
    def recipient(self) -> str: ...

    def compose(self, sender: str) -> EmailMessage: ...


def _envelope(subject: str, sender: str, recipient: str, message_id: str, reply_to: str = "") -> EmailMessage:
    """The headers every letter has, in the order they have always been written."""
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = sender
    message["To"] = recipient
    if reply_to:
        message["Reply-To"] = reply_to
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id
    return message


def _site_domain() -> str:
    return content().site.site_url.split("//", 1)[-1].split("/", 1)[0]


def _firm_msgid(recipient: str) -> str:
    return make_msgid(domain=recipient.rsplit("@", 1)[-1])


def _clean(text: str) -> str:
    return BIDI_CONTROLS.sub("", text)


def quote(text: str) -> list[str]:
    """The visitor's text as quoted lines ("> "), bidirectional controls removed."""
    return ["> " + line for line in _clean(text).replace("\r\n", "\n").replace("\r", "\n").split("\n")]


# --- to the firm ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Notification:
    """The firm's email about one enquiry."""

    enquiry: Enquiry

    @classmethod
    def read(cls, session: Session, enquiry_id: int) -> Notification | None:
        enquiry = session.get(Enquiry, enquiry_id)
        return cls(enquiry) if enquiry is not None else None

    @property
    def recipient(self) -> str:
        return content().site.email

    def compose(self, sender: str) -> EmailMessage:
        """The notification as plain text only: whatever the visitor typed (HTML, script,
        Odia) arrives as the characters they typed and is never rendered as markup."""
        enquiry, recipient = self.enquiry, self.recipient
        received = enquiry.created_at.astimezone(IST).strftime("%d %B %Y, %H:%M IST")
        # Only the firm's own words in the headers: the visitor's text stays in the body.
        held = enquiry.status == HELD
        subject = f"Website enquiry {enquiry.reference}: {service_label(enquiry.service)}"
        # Checked by the form against the HTML email rule: no spaces, no line breaks. A visitor
        # who gave only a phone number has none: staff call them.
        message = _envelope(
            subject + (" (held for review)" if held else ""),
            sender,
            recipient,
            _firm_msgid(recipient),
            reply_to=enquiry.email,
        )
        # The firm's own lines (the staff link included) come first; the visitor's message is
        # last and quoted line by line, so nothing typed can pass for the email's own footer.
        lines = [
            "A new enquiry came in through the website.",
            *(
                [
                    "It arrived over the hourly limit for its address or contact details and is HELD",
                    "for review: release it in the inbox's Held list. Further held enquiries this",
                    "hour get no email of their own; they wait in that list.",
                ]
                if held
                else []
            ),
            "",
            f"Reference:     {enquiry.reference}",
            f"Received:      {received}",
            f"Name:          {_clean(enquiry.name)}",
            f"Phone:         {enquiry.phone}",
            f"Email:         {enquiry.email}",
            f"Organisation:  {_clean(enquiry.organisation) or '-'}",
            f"Service:       {services_label(enquiry.services or [enquiry.service])}",
            f"District:      {district_label(enquiry.district) or '-'}",
            "",
            f"Record what happens next in the staff inbox: {content().site.site_url}/staff",
            "Reply to this email to write to the visitor.",
            "",
            "The visitor's message:",
            "",
            *quote(enquiry.message),
        ]
        message.set_content("\n".join(lines), subtype="plain", charset="utf-8")
        return message


# The references a digest lists; the count covers them all, and the inbox has every one.
DIGEST_LISTS = 200


@dataclass(frozen=True)
class Digest:
    """One email for an hour's enquiries that had none of their own (notifications.py): held
    ones after the first, and those over `notifications_per_hour`."""

    since: datetime
    until: datetime
    # (reference, status) of each, oldest first.
    enquiries: tuple[tuple[str, str], ...]

    @classmethod
    def read(cls, session: Session, row: MailQueue) -> Digest | None:
        assert row.digest_until is not None
        since = row.digest_until - timedelta(hours=1)
        own = exists().where(MailQueue.enquiry_id == Enquiry.id, MailQueue.digest_until.is_(None))
        found = session.exec(
            select(Enquiry.reference, Enquiry.status)
            .where(
                Enquiry.created_at >= since,
                Enquiry.created_at < row.digest_until,
                or_(Enquiry.id == row.enquiry_id, ~own),
            )
            .order_by(Enquiry.created_at, Enquiry.id)
        ).all()
        # All erased since: nothing left to tell.
        return cls(since, row.digest_until, tuple((r, s) for r, s in found)) if found else None

    @property
    def recipient(self) -> str:
        return content().site.email

    def compose(self, sender: str) -> EmailMessage:
        recipient, count = self.recipient, len(self.enquiries)
        span = f"{self.since.astimezone(IST):%d %B %Y, %H:%M}-{self.until.astimezone(IST):%H:%M} IST"
        held = sum(1 for _, status in self.enquiries if status == HELD)
        message = _envelope(f"Website enquiries: digest of {count}, {span}", sender, recipient, _firm_msgid(recipient))
        bound = content().enquiries.notifications_per_hour
        listed = [f"{reference}  ({status})" for reference, status in self.enquiries[:DIGEST_LISTS]]
        more = count - len(listed)
        lines = [
            f"{count} enquiries came in through the website between {span} without an email of their own:",
            f"{held} of them held for review (over a limit), the rest new. Each enquiry gets an email of its own",
            f"up to {bound} an hour, and held ones only the first in an hour; this digest sums up the others, so",
            "the mail stays bounded whatever arrives.",
            "",
            f"Every one is in the staff inbox: {content().site.site_url}/staff",
            "",
            *listed,
            *([f"... and {more} more (see the inbox)."] if more > 0 else []),
        ]
        message.set_content("\n".join(lines), subtype="plain", charset="utf-8")
        return message


def notice(subject: str, text: str, sender: str) -> EmailMessage:
    """A notice to the firm's address (a large export), in the firm's own words."""
    recipient = content().site.email
    message = _envelope(subject, sender, recipient, _firm_msgid(recipient))
    message.set_content(text, subtype="plain", charset="utf-8")
    return message


# --- to subscribers -----------------------------------------------------------------------------


def _to_subscriber(subject: str, sender: str, email: str, message_id: str) -> EmailMessage:
    """A letter to a subscriber: its id in the site's domain, and replies go to the firm."""
    return _envelope(subject, sender, email, f"<{message_id}@{_site_domain()}>", reply_to=content().site.email)


def _finish(message: EmailMessage, lines: list[str]) -> EmailMessage:
    # The text wrapped as quoted-printable at 76 (the default policy), the headers then written
    # unfolded up to 998.
    message.set_content("\n".join(lines), subtype="plain", charset="utf-8", cte="quoted-printable")
    message.policy = HEADER_POLICY
    return message


@dataclass(frozen=True)
class ReminderLetter:
    """One reminder email, read from the database when its queue row is claimed."""

    reminder_id: int
    subscription_id: int
    reference: str
    email: str
    title: str
    detail: str
    due_on: date
    days_before: int

    @classmethod
    def read(cls, session: Session, reminder_id: int) -> ReminderLetter | None:
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
        return cls(
            reminder_id=reminder_id,
            subscription_id=subscription.id,
            reference=enquiry.reference,
            email=enquiry.email,
            title=reminder.title,
            detail=reminder.detail,
            due_on=reminder.due_on,
            days_before=reminder.days_before,
        )

    @property
    def recipient(self) -> str:
        return self.email

    def compose(self, sender: str) -> EmailMessage:
        """The reminder as plain text, with a one-click unsubscribe (RFC 8058) in its headers and
        the same link in its text. Raises NoKey without a signing key: no reminder leaves
        without a working way to stop them."""
        site = content().site
        link = unsubscribe_url(self.subscription_id, self.reference)
        when = rules.label(self.due_on)
        # The same id on a second send of the same reminder (a sender that died after the mail
        # server took it), so mailboxes that compare ids show it once.
        subject = f"Reminder: {self.title}, by {when}"
        message = _to_subscriber(subject, sender, self.email, f"reminder-{self.reminder_id}")
        message["List-Unsubscribe"] = f"<{link}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message["Auto-Submitted"] = "auto-generated"
        return _finish(
            message,
            [
                # The date, not a count of days: a reminder sent late (the mail server was down)
                # stays right.
                f"{self.title}: by {when}.",
                "",
                self.detail,
                "",
                "This is a reminder you asked for on our renewal calendar. Check the date against your own",
                "certificate and any later order, which prevail.",
                "",
                f"Help with the renewal or the return: {site.name}, {site.phone}, {site.email}.",
                f"Your calendar: {site.site_url}/renewal-calendar",
                "",
                f"To stop these reminders (one click, no sign-in): {link}",
            ],
        )


@dataclass(frozen=True)
class ConfirmationLetter:
    """The email asking a new subscriber to confirm their address, read when it is claimed."""

    subscription_id: int
    reference: str
    email: str
    held: Held
    ends_on: date
    asked_at: datetime
    # Deleted then if not confirmed: reminder_confirm_days after it was first asked for.
    deleted_on: date

    @classmethod
    def read(cls, session: Session, subscription_id: int) -> ConfirmationLetter | None:
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
        return cls(
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

    @property
    def recipient(self) -> str:
        return self.email

    def compose(self, sender: str) -> EmailMessage:
        """The one email before any reminder: what was asked for, and the signed link that
        starts them. Raises NoKey without a signing key (it waits in the queue)."""
        site = content().site
        link = confirm_url(self.subscription_id, self.reference)
        today = rules.today_in_kolkata()
        items = [i for i in upcoming(self.held, today) if date.fromisoformat(i.date) <= self.ends_on]
        # One id per request: a resend of the same one (a sender that died mid-send) shows once.
        message_id = f"confirm-{self.subscription_id}-{int(self.asked_at.timestamp())}"
        message = _to_subscriber(f"Confirm your renewal reminders from {site.name}", sender, self.email, message_id)
        message["Auto-Submitted"] = "auto-generated"
        return _finish(
            message,
            [
                "Someone, we hope you, asked on our renewal calendar for email reminders to this address",
                "before these dates:",
                "",
                *[f"- {i.title}, by {rules.label(date.fromisoformat(i.date))}" for i in items],
                "",
                'To start the reminders, open this link and press "Confirm reminders":',
                link,
                "",
                "If you did not ask for them, ignore this email: without your confirmation we send no",
                f"reminders, and we delete the request after {rules.label(self.deleted_on)}.",
                "",
                f"{site.name}, {site.phone}, {site.email}. Reference {self.reference}.",
            ],
        )


# --- to staff ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _WrittenLetter:
    """A letter whose subject and body were written when it was queued (its row holds them),
    sent as the site's own automatic mail."""

    recipient: str
    subject: str
    body: str

    def compose(self, sender: str) -> EmailMessage:
        message = _envelope(self.subject, sender, self.recipient, _firm_msgid(self.recipient))
        message["Auto-Submitted"] = "auto-generated"
        message.set_content(self.body, subtype="plain", charset="utf-8")
        return message


@dataclass(frozen=True)
class StaffNoticeLetter(_WrittenLetter):
    """A notice to a member of staff about their own account (a sign-in from a new place, a
    new password, a second factor set up or reset), in the site's own words only."""

    @classmethod
    def read(cls, session: Session, notice_id: int) -> StaffNoticeLetter | None:
        row = session.get(StaffNotice, notice_id)
        return cls(row.recipient, row.subject, row.body) if row is not None else None


@dataclass(frozen=True)
class CaseLetter(_WrittenLetter):
    """An email to a case's contact: a stage change they agreed to hear of, or a link to their
    case page (consultancy/cases/links.py), in the site's own words and the case's facts."""

    @classmethod
    def read(cls, session: Session, mail_id: int) -> CaseLetter | None:
        row = session.get(CaseMail, mail_id)
        if row is None:
            return None
        body = row.body
        if row.link_seed:
            body = body.replace(CASE_LINK_PLACEHOLDER, keys.case_link_token(row.link_seed))
        return cls(row.recipient, row.subject, body)


# --- what a queue row carries -------------------------------------------------------------------

# Each queue row holds exactly one of these ids (models.MailQueue): the column is the letter's
# kind, its value the letter's subject.
READERS: dict[str, Callable[[Session, int], Letter | None]] = {
    "enquiry_id": Notification.read,
    "reminder_id": ReminderLetter.read,
    "confirm_subscription_id": ConfirmationLetter.read,
    "staff_notice_id": StaffNoticeLetter.read,
    "case_mail_id": CaseLetter.read,
}


def for_row(session: Session, row: MailQueue) -> Letter | None:
    """The letter a claimed queue row carries, or None when it must not go any more."""
    if row.digest_until is not None:
        return Digest.read(session, row)
    for column, read in READERS.items():
        subject_id = getattr(row, column)
        if subject_id is not None:
            return read(session, subject_id)
    return None
