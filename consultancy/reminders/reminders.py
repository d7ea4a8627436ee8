"""Renewal calendar reminders by email: the daily job, and the entry points the site calls.

The parts are in modules of their own: the visitor's list and its dates (renewal_list.py),
subscribing, confirming and stopping (subscriptions.py), which reminders are due and queuing
them (reminder_schedule.py), and the emails themselves (letters.py), sent by the mail queue
(mail.py). The pages and the command line call them through here.

`run(today)` (python -m consultancy.office reminders, daily) queues the confirmation emails
and the reminders due on `today`, then sends the mail queue once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from consultancy.content import renewals as rules
from consultancy.mail import mail

from .reminder_schedule import ask_to_confirm_due, schedule

# The pages (renewal calendar, the backend's link pages) and retention call these by this
# module's name.
from .subscriptions import NothingToRemind, confirm, never_confirmed, stop, subscribe

__all__ = ["NothingToRemind", "RunReport", "confirm", "never_confirmed", "run", "stop", "subscribe"]


@dataclass(frozen=True)
class RunReport:
    queued: int
    sent: int
    failed: int
    waiting: int
    configured: bool = True
    # Confirmation emails queued by the job (leads released by staff, older subscriptions).
    confirmations: int = 0


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
