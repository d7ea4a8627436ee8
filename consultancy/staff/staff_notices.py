"""Emails to a member of staff about their own account, through the mail queue (mail.py,
letters.StaffNoticeLetter): a sign-in from a browser and network not seen before, a new
password, a second factor set up or reset. They go to the address set with `add-user
--email`, or to the firm's address when none is set, so that someone always reads them.
They carry no code, link or password: only what happened, when, from where, and what to do
if it was not you.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from consultancy.content import content
from consultancy.records.models import MailQueue, StaffNotice, StaffUser
from consultancy.records.settings import IST

IF_NOT_YOU = (
    "If this was not you, tell the firm's administrator at once: they can give you a new\n"
    "password and second factor (python -m consultancy.office add-user NAME --reset and\n"
    "reset-second-factor NAME), and `audit` shows what was done."
)


def queue(session: Session, user: StaffUser, subject: str, lines: list[str], now: datetime) -> None:
    """Queue one notice to `user`, in the caller's transaction."""
    site = content().site
    recipient = user.email or site.email
    when = now.astimezone(IST).strftime("%d %B %Y, %H:%M IST")
    body = "\n".join([f"{user.name},", "", *lines, f"When: {when}.", "", IF_NOT_YOU, "", f"{site.name} staff inbox"])
    notice = StaffNotice(user_id=user.id, recipient=recipient, subject=subject, body=body, created_at=now)
    session.add(notice)
    session.flush()
    session.add(MailQueue(staff_notice_id=notice.id, next_try_at=now))


def new_place(session: Session, user: StaffUser, address: str, agent: str, now: datetime) -> None:
    queue(
        session,
        user,
        "Staff inbox: a sign-in from a new place",
        [
            "Your staff inbox account was signed in to from a browser and network it had not",
            "been used from before.",
            "",
            f"From: {address or 'an unknown address'}",
            f"Browser: {agent or 'unknown'}",
        ],
        now,
    )


def password_changed(session: Session, user: StaffUser, how: str, now: datetime) -> None:
    queue(
        session,
        user,
        "Staff inbox: your password was changed",
        [f"The password of your staff inbox account was changed ({how}); its other sessions were ended.", ""],
        now,
    )


def second_factor_changed(session: Session, user: StaffUser, what: str, now: datetime) -> None:
    queue(
        session, user, f"Staff inbox: second factor {what}", [f"The second factor of your account was {what}.", ""], now
    )
