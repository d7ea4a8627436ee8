"""Malformed reminder links: whatever a link's query holds (non-ASCII, superscript digits,
huge numbers, nothing, a field twice, a very long one), the backend answers with the same
plain refusal as a wrong signature, never an error page or a traceback in the log."""

from __future__ import annotations

import logging
from urllib.parse import quote

import pytest

from consultancy.mail import unsubscribe
from consultancy.reminders import reminders
from tests.enquiry_fixtures import MailCatcher, serve_reminder_pages

KEY = "k" * 40
HELD = {"cto": {"date": "2027-05-13", "kind": "expiry"}}
# A valid signature's length, in characters that are not hex, or not ASCII at all.
NON_ASCII_SIGNATURE = "é" * unsubscribe.SIGNATURE_CHARS
MALFORMED = {
    "non-ASCII signature": f"s=1&t={quote(NON_ASCII_SIGNATURE)}",
    "non-ASCII signature, raw bytes": "s=1&t=" + "%FF" * unsubscribe.SIGNATURE_CHARS,
    "superscript id": "s=%C2%B2&t=" + "0" * 32,
    "Arabic-Indic id": "s=%D9%A1&t=" + "0" * 32,
    "huge id": "s=" + "9" * 40 + "&t=" + "0" * 32,
    "id past 32 bits": "s=99999999999&t=" + "0" * 32,
    "negative id": "s=-1&t=" + "0" * 32,
    "empty": "",
    "empty values": "s=&t=",
    "id twice": "s=1&s=2&t=" + "0" * 32,
    "signature twice": "s=1&t=" + "0" * 32 + "&t=" + "1" * 32,
    "very long": "s=1&t=" + "a" * 60_000,
    "upper-case hex": "s=1&t=" + "A" * 32,
    "NUL in the signature": "s=1&t=" + "%00" * 32,
    "a newline after the id": "s=1%0A&t=" + "0" * 32,
    "bad percent-escapes": "s=%&t=%zz",
}


@pytest.fixture(autouse=True)
def signing_key(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)


@pytest.mark.parametrize("path", [unsubscribe.PATH, unsubscribe.CONFIRM_PATH])
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_every_malformed_link_gets_the_same_plain_refusal(
    db_url: str, mail_server: MailCatcher, path: str, method: str, caplog: pytest.LogCaptureFixture
) -> None:
    reminders.subscribe("plant@example.com", HELD, "on", "10.0.0.1")
    # The refusal a well-formed link with a wrong signature gets.
    wrong = serve_reminder_pages(method, f"{path}?s=1&t={'0' * 32}", b"List-Unsubscribe=One-Click")
    assert wrong.status_code in {400, 403} and "This link does not work" in wrong.text
    caplog.set_level(logging.DEBUG)
    for name, query in MALFORMED.items():
        answer = serve_reminder_pages(method, f"{path}?{query}", b"List-Unsubscribe=One-Click")
        assert (answer.status_code, answer.text) == (wrong.status_code, wrong.text), name
        assert answer.headers["content-type"] == "text/html; charset=utf-8", name
    logged = [record for record in caplog.records if record.levelno >= logging.WARNING or record.exc_info]
    assert logged == [] and "Traceback" not in caplog.text


def test_a_signature_that_is_not_hex_is_refused_without_comparing() -> None:
    assert unsubscribe.valid(1, "KSC-2026-0001", NON_ASCII_SIGNATURE) is False
    assert unsubscribe.valid(1, "KSC-2026-0001", "²" * 32) is False
    good = unsubscribe.signature(1, "KSC-2026-0001")
    assert unsubscribe.valid(1, "KSC-2026-0001", good) is True
