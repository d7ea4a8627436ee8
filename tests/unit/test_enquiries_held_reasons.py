"""A held enquiry records which limit it was over, and names the enquiries from the same
address in the hour before it; the inbox explains the reason in words and shows the same
caller's other enquiries (same phone, same email, same connection). On SQLite and
PostgreSQL alike (db_url)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from functools import partial

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import inbox, limits, store
from consultancy.office import maintenance
from consultancy.staff import staff
from tests.enquiry_fixtures import enquiry_form, staff_token

PASSWORD = "correct horse battery staple"
form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse.")


def person(n: int, **fields: object):
    return form(**{"name": f"Person {n}", "phone": f"94370{n:05d}", "email": f"person{n}@example.com", **fields})


def held_rows(url: str) -> dict[str, tuple[str, str, list[str]]]:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT reference, status, held_reason, same_address FROM enquiry")).all()
    # SQLite gives the JSON column back as text.
    return {
        ref: (status, reason, addr if isinstance(addr, list) else json.loads(addr))
        for ref, status, reason, addr in rows
    }


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff_token("anita", PASSWORD)


def test_over_the_address_limit_it_records_why_and_the_others_from_that_address(db_url: str) -> None:
    limit = content().enquiries.per_address_per_hour
    start = datetime.now(UTC) - timedelta(minutes=30)
    refs = [store.submit(person(n), "100.64.0.7", now=start + timedelta(minutes=n)) for n in range(limit + 2)]
    store.submit(person(99), "100.64.0.8", now=start)  # another address: never named
    rows = held_rows(db_url)
    assert all(rows[ref][:2] == ("new", "") and rows[ref][2] == [] for ref in refs[:limit])
    assert rows[refs[limit]] == ("held", "address", refs[:limit])
    # The next one names the held one too: everything from that address in the hour.
    assert rows[refs[limit + 1]] == ("held", "address", refs[: limit + 1])


def test_over_the_contact_limit_it_records_contact_and_both_when_both(db_url: str) -> None:
    settings = content().enquiries
    start = datetime.now(UTC) - timedelta(minutes=30)
    same_phone = [
        store.submit(form(email=f"a{n}@example.com"), f"203.0.113.{n}", now=start + timedelta(minutes=n))
        for n in range(settings.per_contact_per_hour + 1)
    ]
    assert held_rows(db_url)[same_phone[-1]] == ("held", "contact", [])
    # One address and one contact, both over.
    both = [
        store.submit(form(phone="9000000001", email="b@example.com"), "100.64.0.9", now=start + timedelta(minutes=n))
        for n in range(max(settings.per_address_per_hour, settings.per_contact_per_hour) + 1)
    ]
    assert held_rows(db_url)[both[-1]][:2] == ("held", "address contact")


def test_the_reason_in_words() -> None:
    settings = content().enquiries
    address = limits.held_explanation("address", settings)
    assert "per-address limit" in address and f"{settings.per_address_per_hour} enquiries an hour" in address
    assert "per-contact" not in address
    contact = limits.held_explanation("contact", settings)
    assert "per-contact limit" in contact and "phone number or email address" in contact
    both = limits.held_explanation("address contact", settings)
    assert "per-address limit" in both and "per-contact limit" in both
    assert "before the reason was recorded" in limits.held_explanation("", settings)
    summaries = [limits.held_summary(r) for r in ("address", "contact", "address contact", "")]
    assert summaries == [
        "per-address limit",
        "per-contact limit",
        "per-address and per-contact limits",
        "limit not recorded",
    ]


def test_the_inbox_explains_a_held_one_and_links_the_same_callers_others(db_url: str, token: str) -> None:
    limit = content().enquiries.per_address_per_hour
    start = datetime.now(UTC) - timedelta(minutes=20)
    from_office = [store.submit(person(n), "100.64.0.10", now=start + timedelta(minutes=n)) for n in range(limit)]
    # The held one shares its phone with an enquiry sent long ago from elsewhere.
    earlier = store.submit(person(1, email="other@example.com"), "198.51.100.1", now=start - timedelta(days=40))
    held = store.submit(person(1, email="new@example.com"), "100.64.0.10", now=start + timedelta(minutes=limit))
    unrelated = store.submit(person(50), "198.51.100.2", now=start)

    view = inbox.get_enquiry(token, held)
    assert view.status == "held" and view.held_reason == "address"
    assert view.held_summary == "per-address limit" and "per-address limit" in view.held_explanation
    related = {r.reference: r.shared for r in view.related}
    assert held not in related and unrelated not in related
    assert related[from_office[1]] == "same phone, same connection"
    assert related[earlier] == "same phone"
    assert all(related[ref] == "same connection" for ref in from_office if ref != from_office[1])
    # Newest first.
    assert [r.reference for r in view.related][-1] == earlier

    # The list says it too, in a few words; a released one no longer shows a reason.
    listed = {v.reference: v for v in inbox.list_enquiries(token, status="held").enquiries}
    assert listed[held].held_summary == "per-address limit"
    inbox.set_status(token, held, "new")
    assert inbox.get_enquiry(token, held).held_explanation == ""
    # An ordinary enquiry from a new caller has no others.
    assert inbox.get_enquiry(token, unrelated).related == ()


def test_erasing_an_enquiry_keeps_its_address_count_for_the_hour(db_url: str) -> None:
    limit = content().enquiries.per_address_per_hour
    start = datetime.now(UTC) - timedelta(minutes=10)
    for n in range(limit):
        store.submit(person(n), "100.64.0.11", now=start + timedelta(minutes=n))
    assert maintenance.erase_email("person0@example.com") == 1
    receipt = store.receive(person(77), "100.64.0.11", now=start + timedelta(minutes=limit))
    assert receipt.held
