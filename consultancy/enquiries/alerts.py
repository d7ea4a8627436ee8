"""Telling staff at once that the store refused enquiries at its absolute cap: an error in
the log every time, and an email to the firm's address at most once an hour per worker.
The email goes from a thread of its own, so the visitor waiting for the answer never waits
for the mail server, and straight to SMTP rather than through the queue (a full store is
the moment the queue's own bounds may be holding mail back)."""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from consultancy.content import content
from consultancy.mail import mail
from consultancy.records.settings import IST

logger = logging.getLogger(__name__)

ALERT_EVERY = timedelta(hours=1)
_lock = threading.Lock()
_last_alert: datetime | None = None


def store_full(now: datetime) -> bool:
    """Record a refusal at the cap; True when this one sends staff an email."""
    global _last_alert
    cap = content().enquiries.store_max_per_day
    logger.error("enquiry refused: the store's cap of %d enquiries in 24 hours is reached", cap)
    with _lock:
        if _last_alert is not None and now - _last_alert < ALERT_EVERY:
            return False
        _last_alert = now
    when = now.astimezone(IST).strftime("%d %B %Y, %H:%M IST")
    text = (
        f"Since {when} the website refuses new enquiries: {cap} were stored in the last 24 hours "
        "(store_max_per_day in data/enquiries.toml), far more than any real day brings, so the form is "
        "most likely being flooded.\n\nVisitors are told their enquiry is NOT sent and are offered WhatsApp, "
        "email and the phone instead. Look at the inbox (most will be held), and raise the cap only if "
        "these are real enquiries.\n\nThis email is sent at most once an hour."
    )
    threading.Thread(
        target=mail.send_notice, args=("Website enquiries refused: the store is full", text), daemon=True
    ).start()
    return True


_last_over_alert: datetime | None = None


def over_share(now: datetime) -> bool:
    """Record an enquiry counted over its source's share; True when this one emails staff."""
    global _last_over_alert
    logger.warning("enquiry not stored: its source's share of the store is spent for the day")
    with _lock:
        if _last_over_alert is not None and now - _last_over_alert < ALERT_EVERY:
            return False
        _last_over_alert = now
    settings = content().enquiries
    text = (
        "One connection or network has sent more enquiries today than its share of the website's store "
        f"({settings.share_per_address_per_day} an address, {settings.share_per_network_per_day} a network: "
        "data/enquiries.toml). Its further enquiries are counted, not stored, so that it cannot fill the "
        "store and stop everyone else's; every other visitor's enquiries are stored as usual. Those "
        "visitors are told their enquiry is NOT sent and are offered WhatsApp, email and the phone.\n\n"
        "The counts are in the source_share table. This email is sent at most once an hour."
    )
    threading.Thread(
        target=mail.send_notice, args=("Website enquiries: one source over its share", text), daemon=True
    ).start()
    return True


def reset() -> None:
    """Forget the last alert (tests)."""
    global _last_alert, _last_over_alert
    _last_over_alert = None
    with _lock:
        _last_alert = None
