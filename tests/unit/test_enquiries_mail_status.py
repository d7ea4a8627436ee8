"""What a confirmation may promise (mail_status.py): "we are emailing you" only with a mail
server set up and a queue that moves; without SMTP, or with mail waiting longer than the
inbox's warning time, the page says the request is saved. With a real SMTP server
(aiosmtpd) the email is then actually sent."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from sqlmodel import select

from consultancy.mail import mail, mail_status, unsubscribe
from consultancy.records.database import transaction
from consultancy.records.models import Enquiry, ReminderSubscription
from consultancy.reminders import reminders
from tests.enquiry_fixtures import MailCatcher
from tests.enquiry_fixtures import serve_reminder_pages as serve

KEY = "k" * 40


@pytest.fixture(autouse=True)
def signing_key(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)


def a_list() -> dict[str, dict[str, str]]:
    return {"cto": {"date": (date.today() + timedelta(days=200)).isoformat(), "kind": "expiry"}}


def test_without_a_mail_server_nothing_claims_the_email_went(db_url: str) -> None:
    reminders.subscribe("someone@example.com", a_list(), "on", "10.0.0.1")
    assert not mail_status.mail_moving()


def test_with_a_mail_server_the_email_is_sent_and_the_page_may_say_so(db_url: str, mail_server: MailCatcher) -> None:
    assert mail_status.mail_moving()
    reminders.subscribe("someone@example.com", a_list(), "on", "10.0.0.1")
    mail.send_due()
    # The firm's notification and the visitor's confirmation both went.
    assert ["someone@example.com"] in [m.rcpt_tos for m in mail_server.messages]
    assert mail_status.mail_moving()


def test_mail_waiting_longer_than_the_warning_time_is_not_moving(db_url: str, mail_server: MailCatcher) -> None:
    # Queued an hour ago and not sent (the server was down): the queue is not moving.
    reminders.subscribe("late@example.com", a_list(), "on", "10.0.0.1", now=datetime.now(UTC) - timedelta(hours=1))
    assert not mail_status.mail_moving()
    mail.send_due()
    assert mail_status.mail_moving()


def _confirm(reference: str) -> str:
    """POST the confirmation link's button; the page's text."""
    with transaction() as session:
        subscription_id = session.exec(
            select(ReminderSubscription.id)
            .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
            .where(Enquiry.reference == reference)
        ).one()
    link = urlsplit(unsubscribe.confirm_url(subscription_id, reference))
    return serve("POST", f"{link.path}?{link.query}").text


def test_the_confirm_page_says_when_mail_is_delayed(db_url: str) -> None:
    receipt = reminders.subscribe("later@example.com", a_list(), "on", "10.0.0.2")
    assert "Your reminders are confirmed" in (page := _confirm(receipt.reference))
    assert "Our mail is delayed just now" in page


def test_the_confirm_page_promises_nothing_more_when_mail_moves(db_url: str, mail_server: MailCatcher) -> None:
    receipt = reminders.subscribe("prompt@example.com", a_list(), "on", "10.0.0.3")
    mail.send_due()
    page = _confirm(receipt.reference)
    assert "Your reminders are confirmed" in page and "delayed" not in page
