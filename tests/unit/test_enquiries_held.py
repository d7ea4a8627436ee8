"""No valid enquiry is dropped for a limit: over the hourly limit per address or per contact
it is stored as held for staff review, however many are held; only the store's absolute cap
refuses one; held enquiries are bounded in email (the rest in a digest); an enquiry sent
twice under the browser's key is stored once.
On SQLite and PostgreSQL alike (db_url)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from functools import partial

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import alerts, limits, store
from consultancy.enquiries.reply import parse_office_hours, reply_by
from consultancy.records.errors import StoreFull
from consultancy.records.settings import IST
from tests.enquiry_fixtures import at_once, enquiry_form

form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse in Khordha.")


def person(n: int, **fields: object):
    """The n-th real person: their own name, phone and email."""
    return form(name=f"Person {n}", phone=f"94370{n:05d}", email=f"person{n}@example.com", **fields)


def rows(url: str, sql: str, **params: object) -> list[tuple]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(sql), params)]
    finally:
        engine.dispose()


def test_eight_people_behind_one_address_are_all_stored_the_extra_ones_held(db_url: str) -> None:
    limit = content().enquiries.per_address_per_hour
    start = datetime.now(UTC)
    receipts = [store.receive(person(n), "100.64.0.1", now=start + timedelta(minutes=n)) for n in range(8)]
    assert [r.held for r in receipts] == [False] * limit + [True] * (8 - limit)
    stored = rows(db_url, "SELECT name, status FROM enquiry ORDER BY number")
    assert stored == [(f"Person {n}", "new" if n < limit else "held") for n in range(8)]
    # An hour on, the address counts afresh.
    assert not store.receive(person(9), "100.64.0.1", now=start + timedelta(minutes=70)).held


def test_one_contact_over_its_limit_from_many_addresses_is_held(db_url: str) -> None:
    limit = content().enquiries.per_contact_per_hour
    start = datetime.now(UTC)
    same_phone = [
        store.receive(form(email=f"a{n}@example.com"), f"203.0.113.{n}", now=start + timedelta(minutes=n))
        for n in range(limit + 1)
    ]
    assert [r.held for r in same_phone] == [False] * limit + [True]
    only_email = partial(form, phone="", email="solo@example.com")
    same_email = [store.receive(only_email(), f"198.51.100.{n}", now=start) for n in range(limit + 1)]
    assert [r.held for r in same_email] == [False] * limit + [True]


def test_the_visitor_told_it_is_held_is_told_it_is_received_not_thanked() -> None:
    text = limits.held_message("KSC-2026-0042")
    assert "Received" in text and "KSC-2026-0042" in text and "check" in text
    assert "Thank you" not in text and "in touch soon" not in text


def test_held_enquiries_email_staff_once_an_hour_not_once_each(db_url: str) -> None:
    start = datetime.now(UTC)
    for n in range(12):
        store.receive(person(n), "100.64.0.2", now=start + timedelta(minutes=n))
    own = "SELECT e.status FROM mail_queue m JOIN enquiry e ON e.id = m.enquiry_id WHERE m.digest_until IS NULL"
    queued = rows(db_url, own + " ORDER BY e.number")
    limit = content().enquiries.per_address_per_hour
    assert queued == [("new",)] * limit + [("held",)]
    # The other held ones are summed up in one digest for the hour.
    assert rows(db_url, "SELECT count(*) FROM mail_queue WHERE digest_until IS NOT NULL") == [(1,)]
    store.receive(person(20), "100.64.0.2", now=start + timedelta(minutes=65))
    assert rows(db_url, "SELECT count(*) FROM mail_queue WHERE digest_until IS NULL") == [(limit + 1,)]
    # The hour after the first held email, the next held one is mailed again.
    later = start + timedelta(minutes=75)
    for n in range(30, 30 + limit + 1):
        store.receive(person(n), "100.64.0.2", now=later)
    assert rows(
        db_url,
        "SELECT count(*) FROM mail_queue m JOIN enquiry e ON e.id = m.enquiry_id"
        " WHERE e.held_at IS NOT NULL AND m.digest_until IS NULL",
    ) == [(2,)]


def _limits(monkeypatch: pytest.MonkeyPatch, **update: int) -> None:
    """The enquiry settings of data/enquiries.toml with `update`, as storing and the limits read them."""
    settings = content().enquiries.model_copy(update=update)
    monkeypatch.setattr(limits, "content", lambda: content().__class__(**{**vars(content()), "enquiries": settings}))
    monkeypatch.setattr(store, "content", limits.content)


def test_one_address_over_its_limit_is_held_however_many_it_sends(db_url: str) -> None:
    now = datetime.now(UTC)
    limit = content().enquiries.per_address_per_hour
    kept = [store.receive(person(n), "100.64.0.3", now=now) for n in range(limit + 80)]
    assert [r.held for r in kept] == [False] * limit + [True] * 80
    # Another address is not held back by it.
    assert not store.receive(person(1000), "100.64.0.4", now=now).held


def test_beyond_the_stores_cap_nothing_is_received_and_staff_are_alerted(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _limits(monkeypatch, per_address_per_hour=1, store_max_per_day=100)
    alerted: list[str] = []
    monkeypatch.setattr(alerts.mail, "send_notice", lambda subject, text: alerted.append(subject))
    alerts.reset()
    now = datetime.now(UTC)
    kept = [store.receive(person(n), f"100.64.1.{n % 7}", now=now) for n in range(100)]
    assert sum(r.held for r in kept) == 93
    for n in range(3):
        with pytest.raises(StoreFull) as refused:
            store.receive(person(300 + n), "100.64.2.1", now=now + timedelta(minutes=n))
    text = refused.value.message
    assert "Not sent yet" in text and "WhatsApp" in text and "email" in text and "call us" in text
    assert "Received" not in text and "Thank you" not in text
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(100,)]
    # One alert for the three refusals (at most one an hour), sent from its own thread.
    for _ in range(50):
        if alerted:
            break
        __import__("time").sleep(0.02)
    assert alerted == ["Website enquiries refused: the store is full"]
    # A day later the store takes enquiries again.
    assert store.receive(person(400), "100.64.2.2", now=now + timedelta(days=1, minutes=1)).reference


def test_the_limit_holds_when_one_address_sends_many_at_once(db_url: str) -> None:
    receipts: list[store.Receipt] = []

    def send(n: int) -> None:
        receipts.append(store.receive(person(n), "198.51.100.1"))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    limit = content().enquiries.per_address_per_hour
    assert sorted(r.held for r in receipts) == [False] * limit + [True] * (16 - limit)
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(16,)]


def test_an_enquiry_sent_again_under_its_key_is_stored_once(db_url: str) -> None:
    key = "0f3c9a1e-5b7d-4c2a-9e8f-123456789abc"
    first = store.receive(person(1), "10.0.0.1", client_key=key)
    again = store.receive(person(1), "10.9.9.9", client_key=key)
    assert again == first
    assert rows(db_url, "SELECT count(*), min(client_key) FROM enquiry") == [(1, key)]
    assert rows(db_url, "SELECT count(*) FROM mail_queue") == [(1,)]


def test_two_tries_of_one_enquiry_racing_are_stored_once(db_url: str) -> None:
    key = "race-0123456789"
    got = at_once(6, lambda: store.receive(person(7), "10.0.0.7", client_key=key))
    assert len({r.reference for r in got}) == 1 and len(got) == 6
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(1,)]


def test_several_services_are_stored_as_a_list(db_url: str) -> None:
    reference = store.submit(form(service=["peso", "fire-nocs", "not-sure"]), "10.0.0.1")
    [(service, services)] = rows(db_url, "SELECT service, services FROM enquiry WHERE reference = :r", r=reference)
    chosen = services if isinstance(services, list) else __import__("json").loads(services)
    assert service == "not-sure" and set(chosen) == {"peso", "fire-nocs", "not-sure"} and chosen[0] == "not-sure"


def test_only_a_phone_number_is_stored_with_an_empty_email(db_url: str) -> None:
    reference = store.submit(form(email=""), "10.0.0.1")
    assert rows(db_url, "SELECT phone, email FROM enquiry WHERE reference = :r", r=reference) == [("+919876543210", "")]


@pytest.mark.parametrize(
    ("moment", "promise"),
    [
        ("2026-11-25 09:00", "today by 6:30 pm"),  # Wednesday, before opening
        ("2026-11-25 17:29", "today by 6:30 pm"),
        ("2026-11-25 17:31", "tomorrow (Thursday) by 6:30 pm"),  # the last hour
        ("2026-11-28 20:00", "on Monday 30 November by 6:30 pm"),  # Saturday evening
        ("2026-11-29 11:00", "tomorrow (Monday) by 6:30 pm"),  # Sunday
    ],
)
def test_the_reply_time_follows_the_office_hours_in_india(moment: str, promise: str) -> None:
    hours = parse_office_hours("Monday to Saturday, 10:00 am to 6:30 pm")
    assert reply_by(datetime.fromisoformat(moment).replace(tzinfo=IST), hours) == promise
    # The same moment given in UTC: the promise is made in India's time.
    assert reply_by(datetime.fromisoformat(moment).replace(tzinfo=IST).astimezone(UTC), hours) == promise


def test_the_sites_own_office_hours_can_be_read() -> None:
    hours = parse_office_hours(content().site.office_hours)
    assert hours.days and hours.opens < hours.closes
    with pytest.raises(ValueError):
        parse_office_hours("Weekdays, mornings")


def test_the_hourly_bound_on_notifications_counts_the_hour_before_an_enquiry_not_after(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from consultancy.enquiries import notifications

    _limits(monkeypatch, notifications_per_hour=2)
    monkeypatch.setattr(notifications, "content", limits.content)
    now = datetime.now(UTC)
    for n in range(3):
        store.receive(person(n), f"198.51.100.{n + 1}", now=now)
    own = "SELECT count(*) FROM mail_queue WHERE digest_until IS NULL"
    assert rows(db_url, own) == [(2,)]
    # One stored as of two hours back (a restore, an import, a test's backdated one) had an
    # hour of its own before it: the later ones do not count against it.
    store.receive(person(9), "198.51.100.9", now=now - timedelta(hours=2))
    assert rows(db_url, own) == [(3,)]


def test_one_source_cannot_silence_the_form_for_everyone(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack of the security review, scaled down: one address posts far past the store's
    daily cap (at nginx's rate it stored 5,000 in 17 minutes, and every visitor from every
    address was then told "Not sent yet" for a day). Now it fills only its share: the rest is
    counted in one row, not stored, it is told "Not sent yet" itself, and a real visitor from
    elsewhere is stored. A neighbour in its network shares the network's share; an IPv6 attacker
    spreading over /64s of one /48 is bounded alike."""
    _limits(monkeypatch, store_max_per_day=100, share_per_address_per_day=10, share_per_network_per_day=30)
    monkeypatch.setattr(alerts.mail, "send_notice", lambda subject, text: None)
    alerts.reset()
    now = datetime.now(UTC)
    refused = 0
    for n in range(300):
        try:
            store.receive(person(n), "203.0.113.66", now=now + timedelta(seconds=n))
        except StoreFull as full:
            refused += 1
            assert "Not sent yet" in full.message and "Received" not in full.message
    assert refused == 290
    for n in range(200):
        try:
            store.receive(person(1000 + n), f"2001:db8:77:{n:x}::1", now=now + timedelta(seconds=n))
        except StoreFull:
            refused += 1
    assert refused == 290 + 170
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(40,)]
    assert sorted(rows(db_url, "SELECT kind, stored, over FROM source_share WHERE over > 0")) == [
        ("address", 10, 290),
        ("network", 30, 170),
    ]
    # Real visitors from elsewhere are stored, however long the attack goes on.
    for n, address in enumerate(("198.51.100.7", "2001:db8:aa::5", "192.0.2.44")):
        assert store.receive(person(5000 + n), address, now=now + timedelta(minutes=10)).reference
