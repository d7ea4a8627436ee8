"""The enquiry form posted without JavaScript (form_post.py), called as the ASGI app calls it:
a valid enquiry is stored as held and answered with its reference; a wrong one with what to
put right and nothing stored; another site's post refused; a full store answered "Not sent
yet" with the other ways to reach the firm. SQLite and PostgreSQL (db_url)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import alerts, form_post, limits, store
from tests.enquiry_fixtures import enquiry_form

FIELDS = [
    ("name", "Asha Mohanty"),
    ("phone", "98765 43210"),
    ("email", ""),
    ("service", "fire-nocs"),
    ("service", "peso"),
    ("message", "ଓଡ଼ିଆ: a fire NOC for a warehouse."),
    ("consent", "on"),
    ("website", ""),
]


def post(fields: list[tuple[str, str]], *, origin: str = "http://127.0.0.1:3000", method: str = "POST"):
    body = urlencode(fields).encode()
    scope = {
        "type": "http",
        "method": method,
        "path": form_post.PATH,
        "headers": [(b"host", b"127.0.0.1:3000"), (b"origin", origin.encode())],
        "client": ("127.0.0.1", 5555),
        "query_string": b"",
    }
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(form_post.send_enquiry(scope, receive, send))
    return sent[0]["status"], sent[1]["body"].decode()


def rows(url: str, sql: str) -> list[tuple]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(sql))]
    finally:
        engine.dispose()


def test_a_valid_post_is_stored_as_held_and_answered_with_its_reference(db_url: str) -> None:
    status, page = post(FIELDS)
    assert status == 200
    [(reference, state, reason, services)] = rows(
        db_url, "SELECT reference, status, held_reason, services FROM enquiry"
    )
    assert reference in page and state == "held" and reason == limits.NO_SCRIPT
    assert "peso" in str(services) and "fire-nocs" in str(services)
    assert "Received" in page and "check it" in page


def test_a_wrong_post_says_what_to_put_right_and_stores_nothing(db_url: str) -> None:
    status, page = post([(k, v) for k, v in FIELDS if k not in {"phone", "consent"}])
    assert status == 400 and "Nothing was saved" in page and "Consent" in page and "phone number" in page
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(0,)]
    status, page = post([*FIELDS[:-1], ("website", "http://spam.example")])
    assert status == 400 and rows(db_url, "SELECT count(*) FROM enquiry") == [(0,)]


def test_another_sites_post_and_a_get_are_refused(db_url: str) -> None:
    assert post(FIELDS, origin="https://evil.example")[0] == 403
    assert post(FIELDS, method="GET")[0] == 405
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(0,)]


def test_a_full_store_answers_not_sent_yet_with_the_other_ways(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = content().enquiries.model_copy(update={"store_max_per_day": 100})
    monkeypatch.setattr(store, "content", lambda: content().__class__(**{**vars(content()), "enquiries": settings}))
    monkeypatch.setattr(alerts.mail, "send_notice", lambda subject, text: True)
    alerts.reset()
    now = datetime.now(UTC) - timedelta(minutes=1)
    for n in range(100):
        store.receive(enquiry_form(phone=f"94370{n:05d}", service="peso"), f"10.1.0.{n}", now=now)
    status, page = post(FIELDS)
    assert status == 503 and "Not sent yet" in page and "WhatsApp" in page and "mailto:" in page
    assert "Received" not in page
