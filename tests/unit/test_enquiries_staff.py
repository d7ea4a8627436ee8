"""Staff accounts, sign-in, lockout and sessions, and the inbox actions behind /staff: each
refuses without a valid session, and what staff change is in the database afterwards."""

from __future__ import annotations

import io
import threading
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.enquiries import inbox, staff, store
from consultancy.enquiries.__main__ import main as cli
from consultancy.enquiries.errors import AccountLocked, NotSignedIn, SignInRefused
from consultancy.enquiries.inbox import InboxRefused
from tests.enquiry_fixtures import enquiry_form

PASSWORD = "correct horse battery staple"
PRODUCTION_COST = staff.SCRYPT_N


form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse.")


def scalar(url: str, sql: str, **params: object) -> object:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return connection.execute(sa.text(sql), params).scalar()


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff.sign_in("anita", PASSWORD).token


# --- accounts and passwords ------------------------------------------------------------------


def test_passwords_are_stored_as_salted_scrypt(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setattr(staff, "SCRYPT_N", PRODUCTION_COST)
    first, second = staff.hash_password(PASSWORD), staff.hash_password(PASSWORD)
    assert first != second and first.startswith("scrypt$131072$8$1$")
    assert staff.verify_password(PASSWORD, first) and not staff.verify_password(PASSWORD + "!", first)
    assert not staff.verify_password(PASSWORD, "md5$abc") and not staff.verify_password(PASSWORD, "garbage")


def test_new_users_need_a_fair_name_and_a_long_password(sqlite_url: str) -> None:
    for name, password in [("a", PASSWORD), ("has space", PASSWORD), ("anita", "short"), ("anita", f" {PASSWORD}")]:
        with pytest.raises(ValueError):
            staff.add_user(name, password)
    assert staff.add_user("  Anita ", PASSWORD) == "anita"
    with pytest.raises(ValueError, match="already"):
        staff.add_user("ANITA", PASSWORD)
    assert PASSWORD not in str(scalar(sqlite_url, "SELECT password_hash FROM staff_user"))


def test_add_user_from_the_command_line_asks_twice(sqlite_url: str) -> None:
    answers = iter([PASSWORD, PASSWORD])
    assert cli(["add-user", "ravi"], ask=lambda _: next(answers), err=io.StringIO()) == 0
    assert staff.sign_in("ravi", PASSWORD).name == "ravi"
    answers = iter([PASSWORD, "something else entirely"])
    assert cli(["add-user", "mira"], ask=lambda _: next(answers), err=io.StringIO()) == 1
    with pytest.raises(SignInRefused):
        staff.sign_in("mira", PASSWORD)
    answers = iter(["a brand new password", "a brand new password"])
    assert cli(["add-user", "ravi", "--reset"], ask=lambda _: next(answers), err=io.StringIO()) == 0
    assert staff.sign_in("ravi", "a brand new password").name == "ravi"
    assert cli(["remove-user", "ravi"], err=io.StringIO()) == 0
    with pytest.raises(SignInRefused):
        staff.sign_in("ravi", "a brand new password")


# --- sign-in and lockout ---------------------------------------------------------------------


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    with pytest.raises(SignInRefused) as wrong_name:
        staff.sign_in("nobody", PASSWORD)
    with pytest.raises(SignInRefused) as wrong_password:
        staff.sign_in("anita", "not the password")
    assert wrong_name.value.message == wrong_password.value.message


def test_five_wrong_passwords_lock_the_account_for_fifteen_minutes(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    for attempt in range(4):
        with pytest.raises(SignInRefused):
            staff.sign_in("anita", f"guess {attempt}", now=start)
    with pytest.raises(AccountLocked) as locked:
        staff.sign_in("anita", "guess 5", now=start)
    assert locked.value.until == start + timedelta(minutes=15)
    assert "locked until" in locked.value.message
    # Locked means locked: the right password does not open it either, until the time is up.
    with pytest.raises(AccountLocked):
        staff.sign_in("anita", PASSWORD, now=start + timedelta(minutes=14))
    ticket = staff.sign_in("anita", PASSWORD, now=start + timedelta(minutes=15, seconds=1))
    assert ticket.name == "anita"
    assert scalar(db_url, "SELECT failed_attempts FROM staff_user") == 0


def test_a_success_clears_earlier_failures(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    for _ in range(4):
        with pytest.raises(SignInRefused):
            staff.sign_in("anita", "wrong")
    staff.sign_in("anita", PASSWORD)
    for _ in range(4):
        with pytest.raises(SignInRefused):
            staff.sign_in("anita", "wrong")
    assert staff.sign_in("anita", PASSWORD).name == "anita"


def test_guesses_in_parallel_cannot_slip_past_the_limit(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    outcomes: list[str] = []

    def guess(n: int) -> None:
        try:
            staff.sign_in("anita", f"guess {n}")
        except AccountLocked:
            outcomes.append("locked")
        except SignInRefused:
            outcomes.append("refused")

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert "locked" in outcomes
    with pytest.raises(AccountLocked):
        staff.sign_in("anita", PASSWORD)


# --- sessions --------------------------------------------------------------------------------


def test_a_session_lasts_eight_hours(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    ticket = staff.sign_in("anita", PASSWORD, now=start)
    assert ticket.expires_at == start + timedelta(hours=8)
    assert staff.require_session(ticket.token, now=start + timedelta(hours=7, minutes=59)).name == "anita"
    with pytest.raises(NotSignedIn, match="ended"):
        staff.require_session(ticket.token, now=start + timedelta(hours=8))
    with pytest.raises(NotSignedIn):
        staff.require_session(ticket.token, now=start)  # an expired session is gone for good
    assert scalar(db_url, "SELECT count(*) FROM staff_session") == 0


def test_sign_out_and_a_new_password_end_sessions(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    first, second = staff.sign_in("anita", PASSWORD), staff.sign_in("anita", PASSWORD)
    staff.sign_out(first.token)
    with pytest.raises(NotSignedIn):
        staff.require_session(first.token)
    assert staff.require_session(second.token).name == "anita"
    staff.add_user("anita", "another long password", reset=True)
    with pytest.raises(NotSignedIn):
        staff.require_session(second.token)


def test_only_a_hash_of_the_token_is_stored(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff.sign_in("anita", PASSWORD).token
    stored = scalar(sqlite_url, "SELECT token_hash FROM staff_session")
    assert stored != token and len(stored) == 64
    assert token.encode() not in Path(sqlite_url.removeprefix("sqlite:///")).read_bytes()


@pytest.mark.parametrize("forged", ["", None, 0, "x" * 5000, "' OR 1=1 --", ["token"], {"token": 1}])
def test_every_inbox_action_refuses_without_a_session(sqlite_url: str, forged: object) -> None:
    reference = store.submit(form(), "10.0.0.1")
    actions = [
        lambda: inbox.list_enquiries(forged),
        lambda: inbox.get_enquiry(forged, reference),
        lambda: inbox.set_status(forged, reference, "closed"),
        lambda: inbox.add_note(forged, reference, "forged note"),
        lambda: inbox.export_csv(forged),
    ]
    for action in actions:
        with pytest.raises(NotSignedIn):
            action()
    assert scalar(sqlite_url, "SELECT status FROM enquiry") == "new"
    assert scalar(sqlite_url, "SELECT count(*) FROM enquiry_note") == 0


def test_an_expired_session_gets_nothing_either(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC) - timedelta(hours=9)
    token = staff.sign_in("anita", PASSWORD, now=start).token
    reference = store.submit(form(), "10.0.0.1")
    with pytest.raises(NotSignedIn):
        inbox.set_status(token, reference, "closed")
    assert scalar(sqlite_url, "SELECT status FROM enquiry") == "new"


# --- the inbox ---------------------------------------------------------------------------------


def test_list_newest_first_with_counts_per_status(db_url: str, token: str) -> None:
    references = [store.submit(form(name=f"Visitor {i}"), f"10.0.0.{i}") for i in range(3)]
    listed = inbox.list_enquiries(token)
    assert [e.reference for e in listed.enquiries] == references[::-1]
    assert listed.total == 3 and listed.counts == {"new": 3, "contacted": 0, "quoted": 0, "closed": 0}
    second_page = inbox.list_enquiries(token, page=2, page_size=2)
    assert [e.reference for e in second_page.enquiries] == references[:1] and second_page.total == 3


def test_status_changes_and_notes_persist(db_url: str, token: str) -> None:
    reference = store.submit(form(), "10.0.0.1")
    inbox.set_status(token, reference, "contacted")
    inbox.add_note(token, reference, "Called back; site visit on Monday.\n<b>not bold</b>")
    view = inbox.set_status(token, reference, "closed")
    assert view.status == "closed" and view.closed
    assert scalar(db_url, "SELECT status FROM enquiry") == "closed"
    assert scalar(db_url, "SELECT closed_at IS NOT NULL FROM enquiry")
    fresh = inbox.get_enquiry(token, reference)
    assert [(n.author, n.text) for n in fresh.notes] == [
        ("anita", "Status: new → contacted"),
        ("anita", "Called back; site visit on Monday.\n<b>not bold</b>"),
        ("anita", "Status: contacted → closed"),
    ]
    # Reopening stops the retention clock.
    inbox.set_status(token, reference, "quoted")
    assert scalar(db_url, "SELECT closed_at FROM enquiry") is None
    assert [e.reference for e in inbox.list_enquiries(token, status="quoted").enquiries] == [reference]
    assert inbox.list_enquiries(token, status="closed").total == 0


def test_wrong_requests_are_refused_plainly(sqlite_url: str, token: str) -> None:
    reference = store.submit(form(), "10.0.0.1")
    for action in (
        lambda: inbox.set_status(token, reference, "deleted"),
        lambda: inbox.set_status(token, "KSC-1999-0001", "closed"),
        lambda: inbox.add_note(token, reference, "   "),
        lambda: inbox.add_note(token, reference, "x" * 4001),
        lambda: inbox.add_note(token, reference, "nul \x00 byte"),
        lambda: inbox.list_enquiries(token, status="archived"),
        lambda: inbox.get_enquiry(token, ["KSC"]),
        lambda: inbox.list_enquiries(token, page="last"),
        lambda: inbox.list_enquiries(token, search={"$ne": ""}),
        lambda: inbox.list_enquiries(token, status=["new"]),
        lambda: inbox.export_csv(token, since="2026-01-01"),
        lambda: inbox.export_csv(token, status="gone"),
    ):
        with pytest.raises(InboxRefused):
            action()


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("mohanty", {"asha"}),
        ("ASHA@EXAMPLE", {"asha"}),
        ("98765 43210", {"asha"}),
        ("+919876500001", {"percent"}),
        ("100%", {"percent"}),
        ("under_score", {"underscore"}),
        ("%", {"percent"}),
        ("_", {"underscore"}),
        ("'; DROP TABLE enquiry; --", {"sql"}),
        ("ଖୋର୍ଦ୍ଧା", {"odia"}),
        ("KSC-", {"asha", "percent", "underscore", "sql", "odia"}),
        ("nothing like this", set()),
    ],
)
def test_search_finds_text_literally(db_url: str, token: str, search: str, expected: set[str]) -> None:
    store.submit(form(name="Asha Mohanty"), "10.0.0.1")
    store.submit(
        form(name="Per Cent", email="percent@example.com", phone="98765 00001", message="100% sure"), "10.0.0.2"
    )
    store.submit(
        form(name="Under Score", email="underscore@example.com", phone="98765 00002", organisation="under_score ltd"),
        "10.0.0.3",
    )
    store.submit(
        form(name="Bobby Tables", email="sql@example.com", phone="98765 00003", message="'; DROP TABLE enquiry; --"),
        "10.0.0.4",
    )
    store.submit(form(name="Odia", email="odia@example.com", phone="98765 00004", message="ଖୋର୍ଦ୍ଧା ଜିଲ୍ଲା"), "10.0.0.5")
    found = inbox.list_enquiries(token, search=search).enquiries
    assert {e.email.split("@")[0] for e in found} == expected
    assert scalar(db_url, "SELECT count(*) FROM enquiry") == 5


def test_the_csv_download_is_the_export(db_url: str, token: str) -> None:
    store.submit(form(message='Commas, "quotes"\nand =formulas'), "10.0.0.1")
    reference = store.submit(form(name="ଅଶା"), "10.0.0.2")
    inbox.add_note(token, reference, '=HYPERLINK("http://evil")')
    out = io.StringIO(newline="")
    assert cli(["export"], out=out, err=io.StringIO()) == 0
    assert inbox.export_csv(token) == out.getvalue()
