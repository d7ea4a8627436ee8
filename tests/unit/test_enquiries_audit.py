"""The record of staff access: what staff did in the inbox and at the command line, with
who, when and from where; `audit` prints it; a large export mails a notice to the firm. No
search text or note text in it; refused inbox events recorded without filling it; every
administrative command recorded; `erase` reaches what it holds of a person."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import inspect
import io
import logging
import time
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import inbox, store
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records.errors import NotSignedIn, SignInRefused
from consultancy.staff import audit, second_factor, staff
from tests.enquiry_fixtures import MailCatcher, enquiry_form, enrol, reauthenticate, staff_token

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
    inbox.list_enquiries(token, address="198.51.100.7")
    inbox.list_enquiries(token, search="warehouse", address="198.51.100.7")
    inbox.get_enquiry(token, reference, address="198.51.100.7")
    inbox.add_note(token, reference, "Called Mr Sahu on 98765 43210.", address="198.51.100.7")
    inbox.set_status(token, reference, "contacted", address="198.51.100.7")
    reauthenticate(token, "anita", PASSWORD, address="198.51.100.7")
    inbox.export_csv(token, address="198.51.100.7")
    inbox.sign_out(token, address="198.51.100.7")
    assert actions() == [
        ("anita", "refused", "203.0.113.5", ""),
        ("anita", "sign-in", "198.51.100.7", ""),
        ("anita", "list", "198.51.100.7", "status all, page 1: 1 found"),
        (
            "anita",
            "search",
            "198.51.100.7",
            f"9 characters #{audit.search_hash('warehouse')}; status all, page 1: 1 found",
        ),
        ("anita", "open", "198.51.100.7", reference),
        # A note by its length: its text may hold anything about anyone.
        ("anita", "note", "198.51.100.7", f"{reference}: 30 characters"),
        ("anita", "status", "198.51.100.7", f"{reference}: new -> contacted"),
        ("anita", "reauth", "198.51.100.7", ""),
        ("anita", "export", "198.51.100.7", "1 rows (download)"),
        ("anita", "sign-out", "198.51.100.7", ""),
    ]


def test_a_search_is_kept_as_its_length_and_a_keyed_hash_never_its_text(
    sqlite_url: str, clean_env: pytest.MonkeyPatch
) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    store.submit(form(name="Asha Sahu", email="asha@example.com"), "10.0.0.1")
    for search in ("asha@example.com", "Asha Sahu", "98765"):
        inbox.list_enquiries(token, search=search)
    details = " ".join(entry.detail + entry.actor for entry in audit.entries()).lower()
    assert "asha" not in details and "sahu" not in details and "98765" not in details
    assert f"#{audit.search_hash('ASHA@example.com ')}" in details  # as the search reads it
    # The hash is keyed with the audit's own key: another key, another hash.
    before = audit.search_hash("asha@example.com")
    clean_env.setenv("ENQUIRY_KEY_AUDIT", "a" * 40)
    assert audit.search_hash("asha@example.com") != before


def test_refused_inbox_events_are_recorded_without_filling_the_table(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, fresh in (("_refused_last", {}), ("_refused_folded", {}), ("_refused_minute", [None, 0])):
        monkeypatch.setattr(audit, name, fresh)
    start = datetime(2030, 1, 1, 9, 0, 5, tzinfo=UTC)
    for second in range(0, 50, 5):
        with pytest.raises(NotSignedIn):
            inbox.check_session("forged-token", address="203.0.113.9", now=start + timedelta(seconds=second))
    with pytest.raises(NotSignedIn):
        inbox.check_session("", address="198.51.100.3", now=start)
    with pytest.raises(NotSignedIn):
        inbox.check_session("forged-token", address="203.0.113.9", now=start + timedelta(minutes=2))
    assert actions() == [
        ("-", "refused-event", "203.0.113.9", "session ended or unknown"),
        ("-", "refused-event", "198.51.100.3", "no session"),
        ("-", "refused-event", "203.0.113.9", "session ended or unknown (and 9 more before it)"),
    ]
    # Many addresses at once: at most REFUSED_PER_MINUTE entries in a minute.
    later = start + timedelta(hours=1)
    for number in range(200):
        with pytest.raises(NotSignedIn):
            inbox.check_session("x", address=f"2001:db8:{number}::1", now=later)
    assert len(actions()) == 3 + audit.REFUSED_PER_MINUTE


def test_a_signed_in_event_is_not_a_refusal_and_the_inbox_page_checks_through_the_audit(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    assert inbox.check_session(token, address="198.51.100.7").name == "anita"
    assert [entry.action for entry in audit.entries()] == ["sign-in"]
    # The page's own check is this one (every inbox event passes through it).
    from consultancy.components.staff_inbox import state

    assert "inbox.check_session(" in inspect.getsource(state.InboxState._staff)


def test_the_sign_out_post_is_recorded(sqlite_url: str) -> None:
    from consultancy.enquiries.staff_http import SIGN_OUT_PATH, staff_routes

    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)

    async def fallback(scope, receive, send) -> None:
        raise AssertionError(scope["path"])

    async def post() -> httpx.Response:
        transport = httpx.ASGITransport(app=staff_routes(fallback), client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            headers = {"origin": "http://127.0.0.1", "cookie": f"staff={token}"}
            return await client.post(SIGN_OUT_PATH, headers=headers, content=b"")

    assert asyncio.run(post()).status_code == 303
    assert [(entry.actor, entry.action) for entry in audit.entries()][-1] == ("anita", "sign-out")
    with pytest.raises(NotSignedIn):
        staff.require_session(token)


def test_the_export_post_is_recorded_and_writes_phones_as_written(db_url: str) -> None:
    """The inbox's CSV comes from the post behind the password and a code (/_staff/export): it
    is the command line's file, phones as "91 94370 12345", and it is in the audit."""
    from consultancy.enquiries.staff_http import EXPORT_PATH, staff_routes

    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    reference = store.submit(form(phone="9437012345"), "10.0.0.1")

    async def fallback(scope, receive, send) -> None:
        raise AssertionError(scope["path"])

    async def post(code: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=staff_routes(fallback), client=("198.51.100.7", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            headers = {"origin": "http://127.0.0.1", "cookie": f"staff={token}"}
            return await client.post(EXPORT_PATH, headers=headers, data={"password": PASSWORD, "code": code})

    refused = asyncio.run(post("000000"))
    assert refused.status_code == 303 and "export=refused" in refused.headers["location"]
    assert "export" not in [entry.action for entry in audit.entries()]
    answer = asyncio.run(post(second_factor.code_now(enrol("anita"), datetime.now(UTC))))
    assert answer.status_code == 200, answer.headers
    rows = {row["reference"]: row for row in csv.DictReader(io.StringIO(answer.content.decode("utf-8")))}
    assert rows[reference]["phone"] == "91 94370 12345"
    out = io.StringIO()
    assert cli(["export"], out=out, err=io.StringIO()) == 0
    assert answer.content.decode("utf-8") == out.getvalue()
    exports = [(entry.actor, entry.detail) for entry in audit.entries() if entry.action == "export"]
    assert exports[0] == ("anita", "1 rows (download)")


def test_throttled_tries_are_recorded_too(sqlite_url: str) -> None:
    start = datetime.now(UTC)
    for _ in range(staff.MAX_FAILURES + 1):
        with pytest.raises(SignInRefused):
            staff.sign_in("nobody", "guess", address="203.0.113.5", now=start)
    # Counted, not written one by one (anyone can send them): one row per kind from the address.
    assert [(entry.action, entry.count) for entry in audit.entries()] == [
        ("refused", staff.MAX_FAILURES),
        ("throttled", 1),
    ]


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
    assert [entry.action for entry in audit.entries()] == ["search", "retention"]


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


def test_every_command_line_admin_action_is_recorded(db_url: str, tmp_path: Path) -> None:
    answers = iter([PASSWORD, PASSWORD, PASSWORD + "!", PASSWORD + "!", PASSWORD, PASSWORD])
    ask = lambda _: next(answers)  # noqa: E731
    store.submit(form(email="gone@example.com"), "10.0.0.1")
    commands = [
        ["add-user", "anita"],
        ["add-user", "anita", "--reset"],
        ["reset-second-factor", "anita"],
        ["add-user", "ravi"],
        ["remove-user", "ravi"],
        ["export"],
        ["backup", str(tmp_path / "b.backup")],
        ["erase", "--email", "gone@example.com"],
        ["restore", str(tmp_path / "b.backup"), "--yes"],
        ["reapply-erasures"],
        ["retention"],
        ["prune-ledger", "--before", "2020-01-01"],
    ]
    for argv in commands:
        assert cli(argv, ask=ask, out=io.StringIO(), err=io.StringIO()) == 0, argv
    recorded = [(entry.actor, entry.action, entry.detail) for entry in audit.entries()]
    me = audit.cli_actor()
    assert me.startswith("cli:") and {actor for actor, _, _ in recorded} == {me}
    assert [action for _, action, _ in recorded] == [
        "add-user",
        "reset-password",
        "reset-2fa",
        "add-user",
        "remove-user",
        "export",
        "backup",
        "erase",
        "restore",
        "reapply-erasures",
        "retention",
        "prune-ledger",
    ]
    assert recorded[0][2] == "anita" and recorded[2][2] == "anita" and recorded[4][2] == "ravi"
    # The erasure is recorded, its address nowhere in the audit.
    assert recorded[7][2] == "1 enquiries erased"
    assert "gone@" not in " ".join(detail for _, _, detail in recorded)


def test_erase_reaches_what_the_audit_holds_of_the_person(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD, address="198.51.100.7")
    theirs = store.submit(form(name="Asha Sahu", email="Asha@Example.com", phone="9876543210"), "10.0.0.1")
    other = store.submit(form(name="Ravi Das", email="ravi@example.com"), "10.0.0.2")
    for search in ("asha@example.com", "Asha Sahu", "9876543210", "Ravi Das"):
        inbox.list_enquiries(token, search=search)
    for reference in (theirs, other):
        inbox.get_enquiry(token, reference)
        inbox.add_note(token, reference, "Called back.")
        inbox.set_status(token, reference, "contacted")
    # An entry from before searches were hashed, and a refused sign-in whose "name" was the address.
    audit.record("search", "anita", "'asha@example.com': 1 found")
    audit.record("refused", "Asha@example.com", address="203.0.113.5")
    before = len(audit.entries())
    assert cli(["erase", "--email", "asha@example.com"], err=io.StringIO()) == 0
    entries = audit.entries()
    text = "\n".join(entry.line() for entry in entries)
    assert theirs not in text and "asha" not in text.lower() and "sahu" not in text.lower()
    for search in ("asha@example.com", "Asha Sahu", "9876543210"):
        assert audit.search_hash(search) not in text
    # What staff did stays, without whom; the other person's entries are untouched.
    assert len(entries) == before + 1 and entries[-1].action == "erase"
    assert sum(audit.ERASED in entry.detail for entry in entries if entry.action in {"open", "note", "status"}) == 3
    assert other in text and audit.search_hash("Ravi Das") in text


def test_erase_leaves_a_member_of_staff_who_shares_the_persons_name(sqlite_url: str) -> None:
    staff.add_user("ravi", PASSWORD)
    token = staff_token("ravi", PASSWORD, address="198.51.100.7")
    reference = store.submit(form(name="Ravi", email="ravi@example.com"), "10.0.0.1")
    inbox.get_enquiry(token, reference)
    inbox.list_enquiries(token, search="Ravi")
    maintenance.erase_email("ravi@example.com")
    entries = audit.entries()
    assert [entry.actor for entry in entries] == ["ravi", "ravi", "ravi"]
    assert entries[1].detail == audit.ERASED and audit.search_hash("ravi") not in entries[2].detail


def test_a_refused_sign_in_keeps_nothing_typed_as_an_unknown_name(
    db_url: str, caplog: pytest.LogCaptureFixture, request: pytest.FixtureRequest
) -> None:
    """The name box may hold a password typed in the wrong place: a refusal for a name that is
    no account's is recorded as "unknown name", and nothing typed there, nor a plain hash of it,
    reaches the audit, the throttle's rows or any log line (the site's, and PostgreSQL's server
    log), refused, throttled or busy, by the sign-in post or directly. A refusal for a real
    account still names it."""
    from sqlmodel import select

    from consultancy.enquiries.staff_http import SIGN_IN_PATH, staff_routes
    from consultancy.records.database import transaction
    from consultancy.records.models import SignInFailure, StaffAudit

    staff.add_user("anita", PASSWORD)
    typed = "Tr0ub4dor&3 Horse"  # a password, typed as the name
    caplog.set_level(logging.DEBUG)  # every logger: the server's lines as well as the site's

    async def fallback(scope, receive, send) -> None:
        raise AssertionError(scope["path"])

    async def post(name: str, password: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=staff_routes(fallback), client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            data = {"name": name, "password": password, "code": "123456"}
            return await client.post(SIGN_IN_PATH, headers={"origin": "http://127.0.0.1"}, data=data)

    answer = asyncio.run(post(typed, "anita"))
    assert answer.status_code == 303 and "signin=refused" in answer.headers["location"]
    assert "signin=refused" in asyncio.run(post("anita", "wrong password")).headers["location"]
    # Busy: every password check slot taken.
    for _ in range(staff.HASHES_AT_ONCE):
        assert staff._hashing.acquire(blocking=False)
    try:
        with pytest.raises(SignInRefused):
            staff.sign_in(typed, "x", address="203.0.113.5")
    finally:
        for _ in range(staff.HASHES_AT_ONCE):
            staff._hashing.release()
    # Throttled: the pair's failures used up.
    for _ in range(staff.MAX_FAILURES + 1):
        with pytest.raises(SignInRefused):
            staff.sign_in(typed, "x", address="198.51.100.9")
    recorded = [(entry.actor, entry.action, entry.count) for entry in audit.entries()]
    assert recorded == [
        (staff.UNKNOWN_NAME, "refused", 1),
        ("anita", "refused", 1),
        (staff.UNKNOWN_NAME, "busy", 1),
        (staff.UNKNOWN_NAME, "refused", staff.MAX_FAILURES),
        (staff.UNKNOWN_NAME, "throttled", 1),
    ]
    with transaction() as session:
        rows = [repr(row.model_dump()) for row in session.exec(select(StaffAudit)).all()]
        rows += [repr(row.model_dump()) for row in session.exec(select(SignInFailure)).all()]
    server_log = ""
    if db_url.startswith("postgresql"):
        server_log = request.getfixturevalue("postgres_cluster").log.read_text(encoding="utf-8", errors="replace")
        assert "database system is ready" in server_log  # the log this reads is the server's
    kept = "\n".join([*rows, *(entry.line() for entry in audit.entries()), caplog.text, server_log]).lower()
    for form_of_it in (typed, staff.normalise_name(typed)):
        assert form_of_it.lower() not in kept
        for plain in (hashlib.sha256, hashlib.md5, hashlib.sha1):
            assert plain(form_of_it.encode()).hexdigest() not in kept
    assert "tr0ub4dor" not in kept


def test_older_refusals_lose_the_typed_name_at_the_migration(db_url: str) -> None:
    """Rows written before the change: the migration turns a refusal's unknown name into
    "unknown name", keeps a real account's, and empties the throttle's unkeyed rows."""
    from alembic import command
    from alembic.config import Config
    from sqlmodel import func, select

    from consultancy.records import database
    from consultancy.records.database import transaction
    from consultancy.records.models import SignInFailure

    staff.add_user("anita", PASSWORD)
    config = Config(str(database.ALEMBIC_INI))
    with database.engine(db_url).begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "f2c6a8e4d1b7")

    def old_row(action: str, actor: str) -> None:
        # In that schema's columns (the model has more since).
        with database.engine(db_url).begin() as connection:
            connection.execute(
                sa.text(
                    "INSERT INTO staff_audit (at, actor, action, detail, address) "
                    "VALUES (:at, :actor, :action, '', '203.0.113.5')"
                ),
                {"at": datetime.now(UTC).replace(tzinfo=None), "actor": actor, "action": action},
            )

    old_row("refused", "tr0ub4dor&3 horse")
    old_row("throttled", "tr0ub4dor&3 horse")
    old_row("refused", "anita")
    old_row("sign-in", "anita")
    # A throttle row and its refusal, as written before the change (in that schema's columns).
    with database.engine(db_url).begin() as connection:
        connection.execute(
            sa.text("INSERT INTO sign_in_failure (address_key, name_key, created_at) VALUES ('a', 'n', :now)"),
            {"now": datetime.now(UTC).replace(tzinfo=None)},
        )
    old_row("refused", "tr0ub4dor&3 horse")
    database.upgrade(db_url)
    assert [(entry.actor, entry.action) for entry in audit.entries()] == [
        (staff.UNKNOWN_NAME, "refused"),
        (staff.UNKNOWN_NAME, "throttled"),
        ("anita", "refused"),
        ("anita", "sign-in"),
        (staff.UNKNOWN_NAME, "refused"),
    ]
    with transaction() as session:
        assert session.exec(select(func.count()).select_from(SignInFailure)).one() == 0
