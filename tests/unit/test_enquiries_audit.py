"""The record of staff access: what staff did in the inbox and at the command line, with
who, when and from where; `audit` prints it; a large export mails a notice to the firm."""

from __future__ import annotations

import io
import time
from datetime import UTC, datetime, timedelta
from functools import partial

import pytest

from consultancy.content import content
from consultancy.enquiries import audit, inbox, staff, store
from consultancy.enquiries.__main__ import main as cli
from consultancy.enquiries.errors import SignInRefused
from tests.enquiry_fixtures import MailCatcher, enquiry_form, reauthenticate, staff_token

PASSWORD = "correct horse battery staple"
form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse.")


def actions() -> list[tuple[str, str, str, str]]:
    return [(entry.actor, entry.action, entry.address, entry.detail) for entry in audit.entries()]


def test_sign_ins_refusals_and_every_inbox_access_are_recorded(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    with pytest.raises(SignInRefused):
        staff.sign_in("anita", "wrong", address="203.0.113.5")
    token = staff_token("anita", PASSWORD, address="198.51.100.7")
    reference = store.submit(form(), "10.0.0.1")
    inbox.list_enquiries(token, address="198.51.100.7")  # a plain listing is not a search
    inbox.list_enquiries(token, search="warehouse", address="198.51.100.7")
    inbox.get_enquiry(token, reference, address="198.51.100.7")
    inbox.set_status(token, reference, "contacted", address="198.51.100.7")
    reauthenticate(token, "anita", PASSWORD, address="198.51.100.7")
    inbox.export_csv(token, address="198.51.100.7")
    assert actions() == [
        ("anita", "refused", "203.0.113.5", ""),
        ("anita", "sign-in", "198.51.100.7", ""),
        ("anita", "search", "198.51.100.7", "'warehouse': 1 found"),
        ("anita", "open", "198.51.100.7", reference),
        ("anita", "status", "198.51.100.7", f"{reference}: new -> contacted"),
        ("anita", "reauth", "198.51.100.7", ""),
        ("anita", "export", "198.51.100.7", "1 rows (download)"),
    ]


def test_throttled_tries_are_recorded_too(sqlite_url: str) -> None:
    start = datetime.now(UTC)
    for _ in range(staff.MAX_FAILURES + 1):
        with pytest.raises(SignInRefused):
            staff.sign_in("nobody", "guess", address="203.0.113.5", now=start)
    assert [entry.action for entry in audit.entries()] == ["refused"] * staff.MAX_FAILURES + ["throttled"]


def test_the_audit_command_prints_it_and_retention_keeps_a_year(sqlite_url: str) -> None:
    old = datetime.now(UTC) - timedelta(days=400)
    audit.record("sign-in", "anita", address="198.51.100.7", now=old)
    audit.record("search", "anita", "line\nbreak\tand tab", address="198.51.100.7")
    out, err = io.StringIO(), io.StringIO()
    assert cli(["audit"], out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[1].endswith("\tanita\tsearch\t198.51.100.7\tline break and tab")
    out = io.StringIO()
    assert cli(["audit", "--since", (datetime.now(UTC) - timedelta(days=1)).date().isoformat()], out=out) == 0
    assert len(out.getvalue().splitlines()) == 1
    assert cli(["retention"], out=io.StringIO(), err=(err := io.StringIO())) == 0
    assert "deleted 1 staff audit entries" in err.getvalue()
    assert [entry.action for entry in audit.entries()] == ["search"]


def test_a_large_export_mails_a_notice_to_the_firm(sqlite_url: str, mail_server: MailCatcher, clean_env) -> None:
    clean_env.setenv("EXPORT_NOTICE_ROWS", "2")
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD, address="198.51.100.7")
    for number in range(2):
        store.submit(form(), f"10.0.2.{number}")
    reauthenticate(token, "anita", PASSWORD)
    inbox.export_csv(token, address="198.51.100.7")
    time.sleep(0.5)
    assert mail_server.messages == []  # two rows: not more than the threshold
    store.submit(form(), "10.0.2.9")
    inbox.export_csv(token, address="198.51.100.7")
    for _ in range(100):
        if mail_server.messages:
            break
        time.sleep(0.05)
    [envelope] = mail_server.messages
    assert envelope.rcpt_tos == [content().site.email]
    text = envelope.content.decode()
    assert "Enquiries exported: 3 rows by anita" in text and "198.51.100.7" in text
    # The command line's export counts as well.
    assert cli(["export"], out=io.StringIO(), err=io.StringIO()) == 0
    assert len(mail_server.messages) == 2
    assert [entry.action for entry in audit.entries()].count("export") == 3
