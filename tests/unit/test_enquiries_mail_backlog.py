"""The inbox's warning about emails waiting too long: read from the mail queue alone, counting
what is unsent and older than `mail_waiting_warn_minutes`, with the oldest one's age. On
SQLite and PostgreSQL alike (db_url)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import partial

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import inbox, store
from consultancy.mail import mail_backlog
from consultancy.records.errors import NotSignedIn
from consultancy.reminders import reminders
from consultancy.staff import staff
from tests.enquiry_fixtures import enquiry_form, staff_token

PASSWORD = "correct horse battery staple"
form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse.")
START = datetime(2026, 3, 5, 8, 0, tzinfo=UTC)


def person(n: int):
    return form(name=f"Person {n}", phone=f"94371{n:05d}", email=f"waiting{n}@example.com")


def test_the_setting_is_thirty_minutes() -> None:
    assert content().enquiries.mail_waiting_warn_minutes == 30


def test_nothing_waiting_long_no_warning(db_url: str) -> None:
    store.submit(person(1), "10.0.0.1", now=START)
    backlog = mail_backlog.waiting(now=START + timedelta(minutes=29))
    assert backlog.count == 0 and backlog.oldest is None
    assert mail_backlog.warning(backlog) == ""


def test_emails_waiting_longer_are_counted_with_the_oldest(db_url: str, clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", "k" * 40)
    store.submit(person(1), "10.0.0.1", now=START)
    store.submit(person(2), "10.0.0.2", now=START + timedelta(minutes=20))
    # A reminders request queues its lead's notification and the visitor's confirmation email.
    reminders.subscribe(
        "plant@example.com",
        {"cto": {"date": "2027-05-13", "kind": "expiry"}},
        "on",
        "10.0.0.3",
        today=date(2027, 1, 10),
        now=START + timedelta(minutes=10),
    )
    store.submit(person(3), "10.0.0.4", now=START + timedelta(minutes=60))  # young: not counted
    now = START + timedelta(minutes=65)
    backlog = mail_backlog.waiting(now=now)
    assert backlog.count == 4 and backlog.oldest == START
    text = mail_backlog.warning(backlog, now=now)
    assert text.startswith("4 emails have been waiting to be sent for more than 30 minutes.")
    assert "The oldest has waited 1 hour 5 minutes (queued 05 Mar 2026, 13:30 IST)." in text


def test_sent_ones_are_not_waiting_and_the_last_error_is_told(db_url: str) -> None:
    first = store.submit(person(1), "10.0.0.1", now=START)
    store.submit(person(2), "10.0.0.2", now=START + timedelta(minutes=5))
    engine = sa.create_engine(db_url, poolclass=sa.pool.NullPool)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "UPDATE mail_queue SET sent_at = :now WHERE enquiry_id = (SELECT id FROM enquiry WHERE reference = :r)"
            ),
            {"now": START.replace(tzinfo=None), "r": first},
        )
        connection.execute(sa.text("UPDATE mail_queue SET attempts = 3, last_error = 'Connection refused'"))
    backlog = mail_backlog.waiting(now=START + timedelta(hours=2, minutes=6))
    assert backlog.count == 1 and backlog.oldest == START + timedelta(minutes=5)
    text = mail_backlog.warning(backlog, now=START + timedelta(hours=2, minutes=6))
    assert text.startswith("1 email has been waiting") and "waited 2 hours 1 minute" in text
    assert text.endswith("Last error: Connection refused")


def test_the_inbox_reads_it_only_with_a_session(db_url: str) -> None:
    store.submit(person(1), "10.0.0.1", now=datetime.now(UTC) - timedelta(minutes=45))
    with pytest.raises(NotSignedIn):
        inbox.mail_waiting("not a token")
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    assert inbox.mail_waiting(token).count == 1
