"""The enquiry form under a scripted attack from many addresses: 50 addresses send an enquiry
each every two minutes for a simulated hour, each with contact details of its own (so only
the per-address limit sees them), while real people keep writing: one of them from an
office whose address is over its limit. Real databases (SQLite and PostgreSQL), the real
sender every five minutes, a real SMTP server (aiosmtpd).

Nothing valid is dropped: every enquiry is stored, the attack's mostly held; the real people
over a limit are held, never refused; the firm gets its own notifications first, within a
bound, and one digest for what the bound held back."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from functools import partial

import pytest
import sqlalchemy as sa

from consultancy.enquiries import store
from consultancy.mail import mail
from consultancy.records.errors import EnquiryError
from consultancy.reminders import reminders
from consultancy.reminders.subscriptions import CONFIRMATIONS_WAITING_HOURS
from tests.enquiry_fixtures import MailCatcher, enquiry_form

ADDRESSES = 50
EVERY = timedelta(minutes=2)
START = datetime(2027, 2, 3, 4, 0, tzinfo=UTC)  # 09:30 IST, a Wednesday
OFFICE = "100.64.9.9"
CONFIRMATIONS_WAITING = "SELECT count(*) FROM mail_queue WHERE confirm_subscription_id IS NOT NULL AND sent_at IS NULL"

form = partial(enquiry_form, service="fire-nocs", message="Fire NOC for a warehouse.")


def attacker_form(address: int, n: int):
    return form(name=f"Bot {address}-{n}", phone=f"9{address:03d}{n:06d}", email=f"bot{address}x{n}@example.net")


def person_form(n: int):
    return form(name=f"Real person {n}", phone=f"80000{n:05d}", email=f"real{n}@example.com")


def count(url: str, sql: str) -> int:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(sa.text(sql)).scalar_one())
    finally:
        engine.dispose()


@pytest.mark.soak
def test_an_hour_of_attack_from_fifty_addresses_drops_nothing_and_bounds_the_mail(
    db_url: str, mail_server: MailCatcher, capsys: pytest.CaptureFixture[str]
) -> None:
    sent_by_attack = refused_attack = 0
    people: list[str] = []
    refused_people = 0
    moment, n = START, 0
    while moment < START + timedelta(hours=1):
        for address in range(ADDRESSES):
            sent_by_attack += 1
            try:
                store.receive(attacker_form(address, n), f"198.18.{address}.1", now=moment)
            except EnquiryError:
                refused_attack += 1
        # A real person every 4 minutes, each from their own phone.
        if n % 2 == 0:
            try:
                people.append(store.receive(person_form(n), f"100.64.1.{n}", now=moment).reference)
            except EnquiryError:
                refused_people += 1
        # In the hour's last 14 minutes, seven colleagues behind one office address: the last
        # two are over the per-address limit.
        if moment >= START + timedelta(minutes=46):
            try:
                people.append(store.receive(person_form(1000 + n), OFFICE, now=moment).reference)
            except EnquiryError:
                refused_people += 1
        if n % 3 == 0:
            mail.send_due(now=moment)
        moment += EVERY
        n += 1
    # The hour after: the sender keeps going every five minutes.
    for minutes in range(0, 61, 5):
        mail.send_due(now=moment + timedelta(minutes=minutes))
    firm = [m for m in mail_server.messages]
    stored = count(db_url, "SELECT count(*) FROM enquiry")
    held = count(db_url, "SELECT count(*) FROM enquiry WHERE status = 'held'")
    queued = count(db_url, "SELECT count(*) FROM mail_queue")
    waiting = count(db_url, "SELECT count(*) FROM mail_queue WHERE sent_at IS NULL")
    digests = sum(1 for m in firm if b"digest" in m.content.lower())
    print(
        f"\nattack: {sent_by_attack} sent, {refused_attack} refused; real people: {len(people) + refused_people} sent, "
        f"{refused_people} refused; stored {stored}, held {held}; mail rows queued {queued}, still waiting "
        f"{waiting} an hour later; emails to the firm {len(firm)} (digests {digests})"
    )
    assert refused_attack == 0 and refused_people == 0
    assert stored == sent_by_attack + len(people)
    # The firm's mail is bounded: its notifications within the hourly cap, plus digests.
    assert queued <= mail.mails_per_hour() + 2
    assert waiting == 0
    assert digests >= 1
    # Every enquiry without an email of its own is counted in a digest: none unmentioned.
    own = count(db_url, "SELECT count(*) FROM mail_queue WHERE digest_until IS NULL")
    summed = sum(int(re.search(rb"digest of (\d+)", m.content).group(1)) for m in firm if b"digest of" in m.content)
    assert own + summed == stored


@pytest.mark.soak
def test_reminders_asked_from_many_addresses_for_many_mailboxes_keep_the_queue_bounded(
    db_url: str, mail_server: MailCatcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty minutes of asks from every address, each for a new mailbox at a domain of its
    own, so neither the cap per mailbox nor the one per domain bites: the confirmations waiting
    in the queue stay within two hours of visitors' share of the mail, the rest wait for later
    reminders runs, and every request is stored as a lead."""
    monkeypatch.setenv("ENQUIRY_ADDRESS_KEY", "k" * 40)

    bound = CONFIRMATIONS_WAITING_HOURS * mail.visitor_mails_per_hour()
    today = date(2027, 2, 3)
    a_list = {"cto": {"date": "2027-09-01", "kind": "expiry"}}
    moment, asked = START, 0
    for minute in range(0, 20, 2):
        moment = START + timedelta(minutes=minute)
        for address in range(ADDRESSES):
            # A domain of its own too: the cap per domain must not bite either.
            mailbox = f"victim@victim{address}x{minute}.org"
            reminders.subscribe(mailbox, a_list, "on", f"198.18.{address}.2", today=today, now=moment)
            asked += 1
        waiting = count(
            db_url, "SELECT count(*) FROM mail_queue WHERE confirm_subscription_id IS NOT NULL AND sent_at IS NULL"
        )
        assert waiting <= bound
    assert count(db_url, "SELECT count(*) FROM reminder_subscription") == asked
    # Later runs queue more as the queue drains: none is forgotten while its request lasts.
    mail.send_due(now=moment + timedelta(minutes=1))
    reminders.run(today, now=moment + timedelta(hours=2))
    assert count(db_url, "SELECT count(*) FROM mail_queue WHERE confirm_subscription_id IS NOT NULL") > bound
