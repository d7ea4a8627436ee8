"""Staff accounts, sign-in, lockout and sessions, and the inbox actions behind /staff: each
refuses without a valid session, and what staff change is in the database afterwards."""

from __future__ import annotations

import hashlib
import io
import threading
import time
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.enquiries import inbox, store
from consultancy.enquiries.inbox import InboxRefused
from consultancy.office.__main__ import main as cli
from consultancy.records.errors import NotSignedIn, SignInRefused
from consultancy.staff import staff
from tests.enquiry_fixtures import enquiry_form, reauthenticate, staff_token

PASSWORD = "correct horse battery staple"
PRODUCTION_COST = staff.SCRYPT_N


form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse.")


def scalar(url: str, sql: str, **params: object) -> object:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return connection.execute(sa.text(sql), params).scalar()


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff_token("anita", PASSWORD)


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


def _answers(name: str, tries: int, address: str, now: datetime) -> list[tuple[str, str]]:
    answers = []
    for attempt in range(tries):
        try:
            staff.sign_in(name, f"guess {attempt}", address=address, now=now)
        except Exception as error:
            answers.append((type(error).__name__, getattr(error, "message", str(error))))
    return answers


def test_no_answer_tells_which_names_exist(db_url: str) -> None:
    """Seven wrong tries at a real name and at an unknown one, from two addresses: the
    same answers, in the same words, one after the other (before, a real name answered
    'locked until HH:MM' at the fifth and an unknown one never did)."""
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    known = _answers("anita", 7, "203.0.113.7", start)
    unknown = _answers("nobody-here", 7, "203.0.113.8", start)
    assert known == unknown
    assert {answer for answer in known} == {("SignInRefused", staff.REFUSED)}


def test_an_unknown_name_costs_the_same_hash_as_a_wrong_password(db_url: str, clean_env) -> None:
    clean_env.setattr(staff, "SCRYPT_N", 2**14)
    staff.add_user("anita", PASSWORD)
    hashed: list[str] = []
    # Every scrypt call counted, the decoy's making included: the first unknown name on a
    # worker costs one hash, as a wrong password does.
    calls: list[int] = []
    scrypt = hashlib.scrypt
    clean_env.setattr(hashlib, "scrypt", lambda *a, **k: calls.append(1) or scrypt(*a, **k))
    real = staff.verify_password
    clean_env.setattr(
        staff, "verify_password", lambda password, stored: hashed.append(stored) or real(password, stored)
    )
    for name in ("anita", "nobody-here"):
        with pytest.raises(SignInRefused):
            staff.sign_in(name, "not the password", address="203.0.113.9")
    assert len(hashed) == 2 and len(calls) == 2
    # Both at the cost stored with the real user's hash.
    assert [stored.split("$")[1] for stored in hashed] == [str(2**14)] * 2


def test_guesses_are_throttled_by_name_and_address_not_by_locking_the_account(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    _answers("anita", staff.MAX_FAILURES, "203.0.113.7", start)
    # From the guesser's address even the right password is refused now, in the same words...
    with pytest.raises(SignInRefused) as refused:
        staff.sign_in("anita", PASSWORD, address="203.0.113.7", now=start)
    assert refused.value.message == staff.REFUSED
    # ...but Anita, elsewhere, is not locked out by a stranger.
    assert staff.sign_in("anita", PASSWORD, address="198.51.100.4", now=start).name == "anita"
    # After the window the guesser's address may try again.
    later = start + staff.THROTTLE_WINDOW + timedelta(seconds=1)
    assert staff.sign_in("anita", PASSWORD, address="203.0.113.7", now=later).name == "anita"


def test_one_address_is_throttled_whatever_names_it_tries(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    for number in range(staff.MAX_FAILURES_PER_ADDRESS):
        with pytest.raises(SignInRefused):
            staff.sign_in(f"name{number}", "guess", address="2001:db8:1:2::10", now=start)
    # Another address in the same /64 is the same guesser.
    with pytest.raises(SignInRefused):
        staff.sign_in("anita", PASSWORD, address="2001:db8:1:2:ffff::1", now=start)
    assert staff.sign_in("anita", PASSWORD, address="2001:db8:1:3::1", now=start).name == "anita"


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


def test_only_a_few_passwords_are_hashed_at_once_the_rest_refused_at_once(db_url: str, clean_env) -> None:
    """A flood of sign-ins cannot make the worker hash (128 MiB each) more than
    HASHES_AT_ONCE passwords together; the others get the usual answer without a hash."""
    staff.add_user("anita", PASSWORD)
    running, most = [0], [0]
    lock = threading.Lock()
    real = staff.verify_password

    def slow_verify(password: str, stored: str) -> bool:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.3)
        try:
            return real(password, stored)
        finally:
            with lock:
                running[0] -= 1

    clean_env.setattr(staff, "verify_password", slow_verify)
    outcomes: list[str] = []

    def guess(n: int) -> None:
        started = time.monotonic()
        try:
            staff.sign_in("anita", f"guess {n}", address=f"203.0.113.{n + 1}")
        except SignInRefused as refused:
            assert refused.message == staff.REFUSED
            outcomes.append("quick" if time.monotonic() - started < 0.25 else "hashed")

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] <= staff.HASHES_AT_ONCE
    assert len(outcomes) == 8 and "quick" in outcomes


# --- sessions --------------------------------------------------------------------------------


def test_a_session_idle_for_half_an_hour_ends(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    ticket = staff.sign_in("anita", PASSWORD, now=start)
    assert staff.session_identity(ticket.token, now=start + timedelta(minutes=29)).name == "anita"
    # Counted from the last use, not from the sign-in.
    assert staff.session_identity(ticket.token, now=start + timedelta(minutes=58)).name == "anita"
    with pytest.raises(NotSignedIn, match="ended"):
        staff.session_identity(ticket.token, now=start + timedelta(minutes=58 + 30))
    assert scalar(db_url, "SELECT count(*) FROM staff_session") == 0


def test_removing_a_user_ends_their_sessions(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    assert staff.remove_user("anita")
    with pytest.raises(NotSignedIn):
        inbox.list_enquiries(token)


def test_a_session_lasts_eight_hours(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    start = datetime.now(UTC)
    ticket = staff.sign_in("anita", PASSWORD, now=start)
    assert ticket.expires_at == start + timedelta(hours=8)
    # In use all along (an event every twenty minutes), it still ends at eight hours.
    for minutes in range(20, 8 * 60, 20):
        staff.session_identity(ticket.token, now=start + timedelta(minutes=minutes))
    assert staff.session_identity(ticket.token, now=start + timedelta(hours=7, minutes=59)).name == "anita"
    with pytest.raises(NotSignedIn, match="ended"):
        staff.session_identity(ticket.token, now=start + timedelta(hours=8))
    with pytest.raises(NotSignedIn):
        staff.session_identity(ticket.token, now=start)  # an expired session is gone for good
    assert scalar(db_url, "SELECT count(*) FROM staff_session") == 0


def test_sign_out_and_a_new_password_end_sessions(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    first, second = staff.sign_in("anita", PASSWORD), staff.sign_in("anita", PASSWORD)
    staff.sign_out(first.token)
    with pytest.raises(NotSignedIn):
        staff.session_identity(first.token)
    assert staff.session_identity(second.token).name == "anita"
    staff.add_user("anita", "another long password", reset=True)
    with pytest.raises(NotSignedIn):
        staff.session_identity(second.token)


def test_only_a_hash_of_the_token_is_stored(sqlite_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
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
    token = staff_token("anita", PASSWORD, now=start)
    reference = store.submit(form(), "10.0.0.1")
    with pytest.raises(NotSignedIn):
        inbox.set_status(token, reference, "closed")
    assert scalar(sqlite_url, "SELECT status FROM enquiry") == "new"


# --- the inbox ---------------------------------------------------------------------------------


def test_list_newest_first_with_counts_per_status(db_url: str, token: str) -> None:
    references = [store.submit(form(name=f"Visitor {i}"), f"10.0.0.{i}") for i in range(3)]
    listed = inbox.list_enquiries(token)
    assert [e.reference for e in listed.enquiries] == references[::-1]
    assert listed.total == 3 and listed.counts == {"new": 3, "contacted": 0, "quoted": 0, "closed": 0, "held": 0}
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
        lambda: reauthenticate(token, "anita", PASSWORD) or inbox.export_csv(token, since="2026-01-01"),
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
    reauthenticate(token, "anita", PASSWORD)
    assert inbox.export_csv(token) == out.getvalue()
