"""A held enquiry moved into the inbox by its browser's check (release.py): a valid proof of
work releases it once, its email is queued, and an address releases only its share an hour;
without a proof (a post without JavaScript, an automatic resend) it stays held. SQLite and
PostgreSQL (db_url)."""

from __future__ import annotations

import hashlib
import itertools
from datetime import UTC, datetime, timedelta
from functools import partial

import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import release, store
from tests.enquiry_fixtures import enquiry_form

form = partial(enquiry_form, service="fire-nocs", message="A fire NOC.")


def person(n: int):
    return form(name=f"Person {n}", phone=f"94371{n:05d}", email=f"p{n}@example.com")


def solve(challenge: str, bits: int = release.PROOF_BITS) -> str:
    for nonce in itertools.count():
        digest = hashlib.sha256(f"{challenge}:{nonce}".encode()).digest()
        if int.from_bytes(digest, "big") >> (256 - bits) == 0:
            return str(nonce)
    raise AssertionError("unreachable")


def one(url: str, sql: str, **params: object) -> object:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text(sql), params).scalar_one()
    finally:
        engine.dispose()


def test_a_proof_is_checked_against_its_own_challenge() -> None:
    challenge = release.new_challenge()
    nonce = solve(challenge)
    assert release.proof_valid(challenge, nonce)
    for wrong in ("", "12a", "1" * 13, None, 5, "١٢"):
        assert not release.proof_valid(challenge, wrong)
    # A nonce that happens to fail: some number below the one found does.
    assert not all(release.proof_valid(challenge, str(n)) for n in range(int(nonce) + 1))


def test_a_released_enquiry_is_new_with_a_note_and_its_email(db_url: str) -> None:
    now = datetime.now(UTC)
    limit = content().enquiries.per_address_per_hour
    receipts = [store.receive(person(n), "100.64.5.1", now=now) for n in range(limit + 1)]
    held = receipts[-1]
    assert held.held
    assert release.release(held.reference, "100.64.5.1", now=now + timedelta(seconds=3))
    assert one(db_url, "SELECT status FROM enquiry WHERE reference = :r", r=held.reference) == "new"
    assert one(
        db_url,
        "SELECT count(*) FROM enquiry_note n JOIN enquiry e ON e.id = n.enquiry_id WHERE e.reference = :r",
        r=held.reference,
    )
    assert one(
        db_url,
        "SELECT count(*) FROM mail_queue m JOIN enquiry e ON e.id = m.enquiry_id WHERE e.reference = :r",
        r=held.reference,
    )
    # Once only.
    assert not release.release(held.reference, "100.64.5.1", now=now + timedelta(seconds=4))
    # A new enquiry is not "released".
    assert not release.release(receipts[0].reference, "100.64.5.1", now=now)


def test_an_address_releases_only_its_share_an_hour_the_rest_stay_held(db_url: str) -> None:
    now = datetime.now(UTC)
    limit = content().enquiries.per_address_per_hour
    share = release.RELEASED_PER_ADDRESS_PER_HOUR
    receipts = [store.receive(person(n), "100.64.6.1", now=now) for n in range(limit + share + 5)]
    outcomes = [release.release(r.reference, "100.64.6.1", now=now) for r in receipts[limit:]]
    assert outcomes == [True] * share + [False] * 5
    assert one(db_url, "SELECT count(*) FROM enquiry WHERE status = 'held'") == 5
    assert one(db_url, "SELECT count(*) FROM enquiry") == limit + share + 5
