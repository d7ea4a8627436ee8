"""The staff inbox at /staff in a real browser against the built site and its real database.

Staff users are added with the command the firm uses (`add-user`, the password on standard
input), and what the inbox did is read back with `export`, both against the database the test
server uses (DB_URL, set by scripts/test.sh). Each test signs in as a user of its own, so a
lockout in one test locks nobody else out.

Websocket tests speak to the backend as a browser would, without signing in, and check that
no delta carries any enquiry and that nothing in the database changed.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import websocket
from playwright.sync_api import Page, expect

from consultancy.content.contract import PAGE_ROUTES
from consultancy.staff import second_factor
from tests.browser.enquiry_steps import choose_services
from tests.browser.test_seo import Head
from tests.browser.twin import Twin, twin_browser, twin_on_postgres, twin_page
from tests.conftest import ROOT, WIDTHS, wait_until_interactive
from tests.enquiry_fixtures import enrol

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery staple"
REFERENCE = re.compile(r"^[A-Z]{2,5}-\d{4}-\d{4,}$")
STATE = "reflex___state____state"
INBOX = f"{STATE}.consultancy___components___staff_inbox___state____inbox_state"


def _cli(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "consultancy.office", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def export_text(env: dict[str, str] | None = None) -> str:
    result = _cli("export", env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def export_rows(env: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    return {row["reference"]: row for row in csv.DictReader(io.StringIO(export_text(env)))}


def add_user(env: dict[str, str] | None = None, *, enrolled: bool = True) -> str:
    """A new member of staff, added as the README says: `add-user NAME`, password asked twice;
    `enrolled`: with a second factor already set up (straight into the test server's database),
    as if they had enrolled at their first sign-in."""
    name = f"staff{uuid.uuid4().hex[:10]}"
    result = _cli("add-user", name, stdin=f"{PASSWORD}\n{PASSWORD}\n", env=env)
    assert result.returncode == 0, result.stderr
    if enrolled and env is None:
        enrol(name)
    return name


def current_code(name: str) -> str:
    """The code the member of staff's app shows now (the last one used forgotten first, so a
    test may sign in again within the same 30 seconds)."""
    return second_factor.code_now(enrol(name), datetime.now(UTC))


def open_page(page, path: str) -> None:
    page.goto(path)
    wait_until_interactive(page)


def submit_enquiry(page, *, name: str, message: str, email: str = "") -> str:
    """Sends the contact page's form as a visitor and returns the reference it shows. Each
    visitor has a contact of their own: one contact over its hourly limit would be held."""
    open_page(page, "/contact-us")
    page.locator("#enquiry-name").fill(name)
    page.locator("#enquiry-phone").fill(f"+91 9{secrets.randbelow(10**9):09d}")
    page.locator("#enquiry-email").fill(email or f"staff-test-{secrets.token_hex(4)}@example.com")
    choose_services(page, "fire-nocs")
    page.locator("#enquiry-message").fill(message)
    page.locator("#enquiry-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    return reference.inner_text()


def sign_in(page, name: str, password: str = PASSWORD, code: str | None = None) -> None:
    """The form posts over HTTP and the page loads again (with the session cookie, or with
    the answer in ?signin=). The code from the member of staff's app unless one is given."""
    page.locator("#staff-name").fill(name)
    page.locator("#staff-password").fill(password)
    page.locator("#staff-code").fill(current_code(name) if code is None and password == PASSWORD else code or "")
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()
    wait_until_interactive(page)


def item(page, reference: str):
    return page.locator(f"#staff-list article[data-reference='{reference}']")


def open_item(page, reference: str) -> None:
    """Opens an enquiry from its line in the list (the whole line is the button)."""
    item(page, reference).locator(".staff__row").click()
    expect(page.locator("#staff-opened")).to_contain_text(reference)


def signed_in(visitor, viewport: dict | None = None):
    """The inbox at `viewport`, signed in as a new member of staff."""
    name = add_user()
    page = visitor(viewport)
    open_page(page, "/staff")
    sign_in(page, name)
    expect(page.locator(".staff__who")).to_contain_text(name)
    page.staff_name = name  # type: ignore[attr-defined]
    return page


def download_csv(page):
    """The CSV download as staff get it: "Download CSV" opens the form, the password and a
    fresh code typed again, and the post's answer is the file (a Playwright Download)."""
    page.locator("#staff-export summary").click()
    page.locator("#staff-export-password").fill(PASSWORD)
    page.locator("#staff-export-code").fill(current_code(page.staff_name))
    with page.expect_download() as download:
        page.get_by_role("button", name="Download", exact=True).click()
    return download.value


@pytest.fixture
def staff_page(visitor):
    """The inbox, signed in as a new member of staff."""
    return signed_in(visitor)


# --- the page itself ------------------------------------------------------------------------


def _fetch(base_url: str, path: str) -> str:
    with urllib.request.urlopen(base_url + path, timeout=10) as response:
        return response.read().decode()


def test_the_inbox_is_noindex_nofollow_unlisted_and_unlinked(base_url: str) -> None:
    head = Head()
    head.feed(_fetch(base_url, "/staff"))
    assert head.meta["robots"] == "noindex, nofollow"
    assert "canonical" not in head.links
    assert head.h1 == 1
    assert "/staff" not in _fetch(base_url, "/sitemap.xml")
    for path in [*PAGE_ROUTES.values(), "/peso", "/privacy"]:
        assert not re.search(r'href="[^"]*/staff', _fetch(base_url, path)), path


VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.mark.skipif(not os.environ.get("PROD_URL"), reason="needs the production stack (scripts/test.sh sets PROD_URL)")
def test_the_inbox_works_under_the_production_policy(browser) -> None:
    """nginx's Content-Security-Policy (no eval, no inline styles) blocks nothing on /staff."""
    base = os.environ["PROD_URL"].rstrip("/")
    with urllib.request.urlopen(base + "/staff", timeout=10) as response:
        policy = response.headers["content-security-policy"]
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    context = browser.new_context(viewport=WIDTHS["mobile"], base_url=base)
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto("/staff")
        page.wait_for_selector("#app-ready[data-ready='true']", state="attached", timeout=30_000)
        sign_in(page, "nobody-here", "not a password anyone has")
        expect(page.locator("#staff-sign-in-error")).to_contain_text("do not match", timeout=30_000)
        assert page.evaluate("window.__violations") == []
        assert problems == []
    finally:
        context.close()


@pytest.mark.skipif(not os.environ.get("PROD_URL"), reason="needs the production stack (scripts/test.sh sets PROD_URL)")
def test_a_refused_sign_in_leaves_what_was_typed_as_the_name_in_no_server_log() -> None:
    """A password typed into the name box, refused by the production stack (nginx, granian,
    the backend): no log of the stack holds it. The database's side is in
    tests/unit/test_enquiries_audit.py."""
    base = os.environ["PROD_URL"].rstrip("/")
    typed = f"Pw-{secrets.token_hex(8)}-Secret"
    body = urllib.parse.urlencode({"name": typed, "password": "x", "code": "123456"}).encode()
    request = urllib.request.Request(base + "/_staff/sign-in", data=body, headers={"Origin": base}, method="POST")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.build_opener(NoRedirect).open(request, timeout=30)
    # The backend answered it: a refusal, not a proxy's error.
    assert answer.value.code == 303 and "signin=refused" in answer.value.headers["location"]
    time.sleep(1)  # what a worker writes reaches its file
    logs = [*Path(os.environ["PROD_RUN_DIR"]).glob("*.log"), *(ROOT / "build").glob("test-prod-*.log")]
    assert any(log.name == "backend.log" for log in logs)
    for log in logs:
        text = log.read_text(encoding="utf-8", errors="replace").lower()
        assert typed.lower() not in text and typed.lower()[3:19] not in text, log


# --- signing in -----------------------------------------------------------------------------


def test_sign_in_works_and_wrong_passwords_are_throttled_in_the_same_words(visitor) -> None:
    name = add_user()
    page = visitor(WIDTHS["mobile"])
    open_page(page, "/staff")
    expect(page.get_by_role("heading", level=1)).to_have_text("Staff inbox")
    error = page.locator("#staff-sign-in-error")
    for _ in range(5):
        sign_in(page, name, "not the password at all")
        expect(error).to_have_text(re.compile("do not match"))
        expect(page.locator("#staff-password")).to_have_value("")
    # Throttled from this address now: even the right password gets the same words, which
    # tell a guesser nothing about whether the name exists.
    sign_in(page, name)
    expect(error).to_have_text(re.compile("do not match"))
    expect(page.locator("#staff-list")).to_have_count(0)

    other = add_user()
    sign_in(page, other)
    expect(page.get_by_role("heading", level=1)).to_have_text("Enquiries")
    expect(page.locator(".staff__who")).to_contain_text(other)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()
    wait_until_interactive(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Staff inbox")
    page.reload()
    wait_until_interactive(page)
    expect(page.locator(".staff__sign-in")).to_be_visible()


def test_an_unknown_name_and_a_known_one_answer_alike(visitor) -> None:
    """Seven wrong tries each, from two visitors: the same words every time (before, the
    known name answered 'locked until HH:MM' from the fifth)."""
    known = add_user()
    answers: dict[str, list[str]] = {}
    for name in (known, f"nobody{uuid.uuid4().hex[:8]}"):
        page = visitor()
        open_page(page, "/staff")
        answers[name] = []
        for _ in range(7):
            sign_in(page, name, "not the password at all")
            error = page.locator("#staff-sign-in-error")
            expect(error).not_to_have_text("")
            answers[name].append(error.inner_text())
    first, second = answers.values()
    assert first == second and len(set(first)) == 1


def test_the_session_is_an_httponly_strict_cookie_no_script_can_read(staff_page) -> None:
    page = staff_page
    [cookie] = [c for c in page.context.cookies() if c["name"] in {"staff", "__Host-staff"}]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/"
    assert cookie["value"] not in page.evaluate("document.cookie")
    storage = page.evaluate("JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage)])")
    assert cookie["value"] not in storage


# --- the list, status and notes -------------------------------------------------------------


def test_an_enquiry_appears_and_search_filter_status_and_notes_persist(visitor, staff_page) -> None:
    marker = f"Sahu{random.randrange(10**8)}"
    email = f"bijay-{marker.lower()}@example.com"
    reference = submit_enquiry(
        visitor(), name=f"Bijay {marker}", message="A fire NOC for our new warehouse.", email=email
    )
    page = staff_page
    page.get_by_role("button", name="Refresh").click()
    expect(item(page, reference)).to_be_visible()
    expect(item(page, reference)).to_contain_text(f"Bijay {marker}")
    expect(item(page, reference)).to_contain_text("Fire NOC")

    # Search: only this enquiry has the marker.
    page.locator("#staff-search").fill(marker)
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#staff-list > li")).to_have_count(1)
    expect(page.locator("#staff-count")).to_contain_text("1 enquiry")
    page.locator("#staff-search").fill("")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#staff-list > li").first).to_be_visible()

    # Filter: new enquiries include it, contacted ones do not (yet).
    page.locator(".staff__filter[data-status='new']").click()
    expect(item(page, reference)).to_be_visible()
    page.locator(".staff__filter[data-status='contacted']").click()
    expect(page.locator(".staff__filter[data-status='contacted']")).to_have_attribute("aria-pressed", "true")
    expect(item(page, reference)).to_have_count(0)
    page.locator(".staff__filter[data-status='all']").click()

    # Open it, add a note, change its status.
    open_item(page, reference)
    opened = page.locator("#staff-opened")
    expect(opened).to_contain_text(email)
    expect(page.locator("#staff-message")).to_have_text("A fire NOC for our new warehouse.")
    page.locator("#staff-note").fill("Called Bijay; site visit on Monday.")
    page.get_by_role("button", name="Add note").click()
    expect(page.locator("#staff-notes")).to_contain_text("Called Bijay; site visit on Monday.")
    expect(page.locator("#staff-notes")).to_contain_text(page.staff_name)
    expect(page.locator("#staff-note")).to_have_value("")
    page.locator("#staff-opened-status").select_option("contacted")
    expect(page.locator("#staff-status")).to_contain_text(f"{reference} is now contacted")
    expect(item(page, reference).locator(".staff__badge")).to_have_text("contacted")

    # A reload keeps the session, the status and the note.
    page.reload()
    wait_until_interactive(page)
    expect(item(page, reference).locator(".staff__badge")).to_have_text("contacted")
    open_item(page, reference)
    expect(page.locator("#staff-notes")).to_contain_text("Called Bijay; site visit on Monday.")
    expect(page.locator("#staff-notes")).to_contain_text("Status: new → contacted")
    page.locator(".staff__filter[data-status='contacted']").click()
    expect(item(page, reference)).to_be_visible()

    # And the export, which reads the database itself, agrees.
    row = export_rows()[reference]
    assert row["status"] == "contacted"
    assert "Called Bijay; site visit on Monday." in row["notes"]


def test_the_csv_download_is_the_export(staff_page, visitor) -> None:
    submit_enquiry(visitor(), name="Download Check", message='Text, with a comma; and "quotes".')
    page = staff_page
    download = download_csv(page)
    assert download.suggested_filename == "enquiries.csv"
    downloaded = download.path().read_bytes()
    exported = subprocess.run(
        [sys.executable, "-m", "consultancy.office", "export"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    # The tests beside this one add and change enquiries between the two reads: the header and
    # this test's own row are compared byte for byte (CRLFs and UTF-8 included), and no row
    # the download had is missing from the export.
    header = downloaded.split(b"\r\n", 1)[0]
    assert header == exported.split(b"\r\n", 1)[0] and downloaded.endswith(b"\r\n")
    rows = {r["reference"]: r for r in csv.DictReader(io.StringIO(downloaded.decode("utf-8")))}
    reference = next(ref for ref, row in rows.items() if row["name"] == "Download Check")
    assert _raw_row(downloaded, reference) == _raw_row(exported, reference)
    assert set(rows) <= {r["reference"] for r in csv.DictReader(io.StringIO(exported.decode("utf-8")))}


def _raw_row(csv_bytes: bytes, reference: str) -> bytes:
    """The bytes of one enquiry's row, from its reference to the next row's."""
    start = csv_bytes.index(b"\r\n" + reference.encode() + b",")
    following = re.search(rb"\r\n[A-Z]{2,5}-\d{4}-\d{4,},", csv_bytes[start + 2 :])
    return csv_bytes[start : start + 2 + following.start()] if following else csv_bytes[start:]


# --- hostile input --------------------------------------------------------------------------

HOSTILE_NAME = "<script>alert('name')</script> ଓଡ଼ିଆ ନାମ"
HOSTILE_MESSAGE = "'; DROP TABLE enquiry; -- \" OR 1=1 <img src=x onerror=alert(2)> ପ୍ରକଳ୍ପ <b>bold</b>"
HOSTILE_NOTE = "<img src=y onerror=alert(3)> </textarea><script>alert(4)</script> ଟିପ୍ପଣୀ %s %% \\x00?"


def test_hostile_text_is_shown_literally_and_creates_no_element(visitor, staff_page) -> None:
    reference = submit_enquiry(visitor(), name=HOSTILE_NAME, message=HOSTILE_MESSAGE, email="o'brien+odia@example.com")
    page = staff_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.locator("#staff-search").fill("DROP TABLE")  # SQL metacharacters searched as text
    page.get_by_role("button", name="Search").click()
    card = item(page, reference)
    expect(card).to_be_visible()
    expect(card.locator(".staff__row-name")).to_have_text(HOSTILE_NAME)
    open_item(page, reference)
    expect(page.locator("#staff-opened .staff__detail dd").first).to_have_text(HOSTILE_NAME)
    expect(page.locator("#staff-message")).to_have_text(HOSTILE_MESSAGE)
    page.locator("#staff-note").fill(HOSTILE_NOTE)
    page.get_by_role("button", name="Add note").click()
    expect(page.locator("#staff-notes .staff__note-text").first).to_have_text(HOSTILE_NOTE)
    page.reload()
    wait_until_interactive(page)
    page.locator("#staff-search").fill(reference)
    page.get_by_role("button", name="Search").click()
    open_item(page, reference)
    expect(page.locator("#staff-notes .staff__note-text").first).to_have_text(HOSTILE_NOTE)
    # The text is text: no element came from it, and nothing ran.
    main = page.locator("main")
    assert main.locator("script").count() == 0
    assert main.locator("img[src='x'], img[src='y'], b").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
    assert dialogs == []
    assert page.js_errors == []
    row = export_rows()[reference]
    assert row["name"] == HOSTILE_NAME and row["message"] == HOSTILE_MESSAGE
    assert HOSTILE_NOTE in row["notes"]


# --- inbox events without a session ---------------------------------------------------------


def _router(path: str) -> dict:
    return {"pathname": path, "asPath": path}


def _frames(ws: websocket.WebSocket, seconds: float) -> list[str]:
    """Every frame the backend sends within `seconds` (answering pings)."""
    frames: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            frame = ws.recv()
        except websocket.WebSocketTimeoutException:
            break
        if frame == "2":
            ws.send("3")
            continue
        frames.append(frame)
    return frames


def _send(ws: websocket.WebSocket, name: str, payload: dict) -> list[str]:
    message = ["event", {"name": name, "payload": payload, "router_data": _router("/staff")}]
    ws.send("42/_event," + json.dumps(message))
    return _frames(ws, 1.5)


def test_inbox_events_sent_without_signing_in_get_nothing(base_url: str, visitor) -> None:
    reference = submit_enquiry(visitor(), name="Secret Customer", message="Confidential tender details.")
    # The enquiries there are now: the other tests may add theirs meanwhile.
    before = export_rows()
    ws = websocket.create_connection(
        base_url.replace("http", "ws", 1) + f"/_event/?EIO=4&transport=websocket&token={uuid.uuid4()}", timeout=15
    )
    try:
        ws.recv()  # engine.io open
        ws.send("40/_event,")
        hydrate = {"event": {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": _router("/staff")}}
        ws.send("42/_event," + json.dumps(["event", hydrate["event"]]))
        replies = _frames(ws, 3)
        forged = "forged-" + "A" * 43
        events = [
            ("refresh", {}),
            ("find", {"form": {"search": ""}}),
            ("find", {"form": {"search": reference}}),
            ("show_status", {"status": "new"}),
            ("go_to_page", {"page": 1}),
            ("open_enquiry", {"reference": reference}),
            ("change_status", {"reference": reference, "status": "closed"}),
            ("add_note", {"form": {"note": "written by a visitor"}}),
            ("download", {}),
            ("close_enquiry", {}),
            # A token smuggled in as an argument, or set as if it were browser storage.
            ("refresh", {"token": forged}),
            ("change_status", {"reference": reference, "status": "closed", "token": forged}),
            ("download", {"token": forged}),
        ]
        for handler, payload in events:
            replies += _send(ws, f"{INBOX}.{handler}", payload)
        replies += _send(
            ws,
            f"{STATE}.update_vars_internal_state.update_vars_internal",
            {"vars": {f"{INBOX}._token": forged, f"{INBOX}.staff_name": "mallory"}},
        )
        for handler, payload in [("refresh", {}), ("download", {}), ("find", {"form": {"search": ""}})]:
            replies += _send(ws, f"{INBOX}.{handler}", payload)
    finally:
        ws.close()
    everything = "\n".join(replies)
    # The handlers were reached (the inbox state answered, empty), and gave away nothing.
    assert "staff_inbox___state____inbox_state" in everything
    for secret in (reference, "Secret Customer", "Confidential tender", "staff-test-", "_download"):
        assert secret not in everything, secret
    assert "mallory" not in everything
    # What the events would have written is nowhere. Other tests' enquiries may move meanwhile
    # (a visitor's browser releases a held one) or go, so only what these events name is
    # compared whole: the enquiry they opened.
    after = export_rows()
    assert after[reference] == before[reference]
    assert [ref for ref, row in before.items() if after.get(ref, row)["closed"] != row["closed"]] == []
    assert [ref for ref, row in after.items() if "written by a visitor" in row["notes"]] == []


def _replay(base_url: str, tab_token: str, reference: str, cookie: str = "") -> str:
    """Everything a raw socket opened with `tab_token` (and `cookie`, if any) is sent for a
    hydrate and every inbox event."""
    ws = websocket.create_connection(
        base_url.replace("http", "ws", 1) + f"/_event/?EIO=4&transport=websocket&token={tab_token}",
        timeout=15,
        header=[f"Cookie: {cookie}"] if cookie else [],
    )
    try:
        ws.recv()
        ws.send("40/_event,")
        hydrate = {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": _router("/staff")}
        ws.send("42/_event," + json.dumps(["event", hydrate]))
        replies = _frames(ws, 3)
        for handler, payload in [
            ("refresh", {}),
            ("find", {"form": {"search": reference}}),
            ("open_enquiry", {"reference": reference}),
            ("download", {}),
        ]:
            replies += _send(ws, f"{INBOX}.{handler}", payload)
    finally:
        ws.close()
    return "\n".join(replies)


def _tab_token(page) -> str:
    return page.evaluate("sessionStorage.getItem('token')")


def test_a_copied_tab_token_without_the_cookie_gets_nothing(base_url: str, visitor, staff_page) -> None:
    """The tab token travels in the websocket's URL (and so may reach a log): a socket that
    replays it, after the tab closed, without the HttpOnly cookie, gets no enquiry at all,
    not even in the snapshot hydrate sends."""
    reference = submit_enquiry(visitor(), name="Replay Target", message="Secret tender for a replay.")
    page = staff_page
    page.get_by_role("button", name="Refresh").click()
    open_item(page, reference)
    token = _tab_token(page)
    page.close()
    everything = _replay(base_url, token, reference)
    assert "staff_inbox___state____inbox_state" in everything
    for secret in (reference, "Replay Target", "Secret tender", page.staff_name, "_download"):
        assert secret not in everything, secret
    # Nor what is computed from them: signed in, how many pages of enquiries.
    assert re.search(r'"signed_in_rx_state_": ?false', everything)
    assert not re.search(r'"signed_in_rx_state_": ?true', everything)
    assert not re.search(r'"pages_rx_state_": ?([2-9]|\d\d)', everything)


def test_removing_a_user_empties_their_open_tab_at_its_next_event(visitor, staff_page) -> None:
    reference = submit_enquiry(visitor(), name="Revoked View", message="Seen before the removal.")
    page = staff_page
    page.get_by_role("button", name="Refresh").click()
    expect(item(page, reference)).to_be_visible()
    result = _cli("remove-user", page.staff_name)
    assert result.returncode == 0, result.stderr
    page.get_by_role("button", name="Refresh").click()
    expect(page.locator(".staff__sign-in")).to_be_visible()
    expect(page.locator("#staff-list")).to_have_count(0)
    assert "Revoked View" not in page.content()
    # A reload is sent nothing from the state store either.
    page.reload()
    wait_until_interactive(page)
    expect(page.locator(".staff__sign-in")).to_be_visible()
    assert "Revoked View" not in page.content()


def test_the_audit_records_what_staff_did_from_where(visitor, staff_page) -> None:
    reference = submit_enquiry(visitor(), name="Audited Enquiry", message="Who opened me?")
    page = staff_page
    page.get_by_role("button", name="Refresh").click()
    open_item(page, reference)
    result = _cli("audit")
    assert result.returncode == 0, result.stderr
    mine = [line.split("\t") for line in result.stdout.splitlines() if f"\t{page.staff_name}\t" in line]
    # Every list view is recorded too (on load, Refresh, after opening).
    assert [row[2] for row in mine if row[2] != "list"] == ["sign-in", "open"]
    assert next(row for row in mine if row[2] == "open")[4] == reference
    # From where: the address the test gave this visitor.
    assert mine[0][3] == page.visitor_address


# --- faults: a server of this module's own, on PostgreSQL -----------------------------------


@pytest.fixture(scope="module")
def fault_site(base_url: str) -> Iterator[Twin]:
    """The site on a PostgreSQL cluster of its own (tests/browser/twin.py): the database can be
    stopped under it and the server killed without touching the other tests' server."""
    with twin_on_postgres(base_url, "faults") as twin:
        yield twin


@pytest.fixture
def fault_page(browser, fault_site: Twin) -> Iterator[Page]:
    with twin_browser(browser, fault_site) as own:
        context, page = twin_page(own, fault_site, WIDTHS["desktop"])
        page.set_default_timeout(20_000)
        yield page
        context.close()


def test_an_unreachable_database_gives_phone_and_whatsapp_and_keeps_the_text(fault_page, fault_site) -> None:
    page = fault_page
    open_page(page, "/contact-us")
    message = "Please call me about a PESO licence. ପ୍ରକଳ୍ପ"
    page.locator("#enquiry-name").fill("Meera Patnaik")
    page.locator("#enquiry-phone").fill("9437012345")
    page.locator("#enquiry-email").fill("meera@example.com")
    choose_services(page, "peso")
    page.locator("#enquiry-message").fill(message)
    page.locator("#enquiry-consent").check()
    fault_site.cluster.stop()
    try:
        page.get_by_role("button", name="Send enquiry").click()
        problem = page.locator("#enquiry-problem")
        expect(problem).to_be_visible(timeout=30_000)
        expect(problem.locator("a[href^='tel:']")).to_be_visible()
        expect(problem.locator("a[href*='wa.me'], a[href*='whatsapp']")).to_be_visible()
        expect(page.locator("#enquiry-sent")).to_have_count(0)
        expect(page.locator("#enquiry-name")).to_have_value("Meera Patnaik")
        expect(page.locator("#enquiry-message")).to_have_value(message)
        expect(page.locator("#enquiry-consent")).to_be_checked()
        expect(page.get_by_role("button", name="Send enquiry")).to_be_enabled()
    finally:
        fault_site.cluster.start()
    # Back up: the same form, sent again, is stored.
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE, timeout=30_000)
    assert reference.inner_text() in export_rows(fault_site.env)


def test_sigkill_right_after_the_confirmation_keeps_the_enquiry(fault_page, fault_site) -> None:
    page = fault_page
    open_page(page, "/contact-us")
    page.locator("#enquiry-name").fill("Killed Right After")
    page.locator("#enquiry-phone").fill("9437012345")
    page.locator("#enquiry-email").fill("sigkill@example.com")
    choose_services(page, "cgwanoc")
    page.locator("#enquiry-message").fill("Stored before the thank-you, or not shown at all.")
    page.locator("#enquiry-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    shown = reference.inner_text()
    os.killpg(fault_site.process.pid, signal.SIGKILL)
    fault_site.process.wait(timeout=30)
    row = export_rows(fault_site.env)[shown]
    assert row["name"] == "Killed Right After"


# --- for a busy office: a compact list, held reasons, no public chrome, the CSV, mail ------

SHOTS = ROOT / "build" / "screenshots"


def _stored(n: int, *, address: str, phone: str = "", email: str = "", minutes_ago: float = 0) -> str:
    """An enquiry stored as the form stores one, from `address` (straight into the database
    the test server uses, DB_URL): quicker than a browser each, and free to choose the address."""
    from consultancy.enquiries import store
    from tests.enquiry_fixtures import enquiry_form

    form = enquiry_form(
        name=f"Caller {n} {secrets.token_hex(2)}",
        phone=phone or f"9{secrets.randbelow(10**9):09d}",
        email=email or f"office-{secrets.token_hex(4)}@example.com",
        service="fire-nocs",
        message="A fire NOC for the new godown.",
    )
    now = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    return store.receive(form, address, now=now).reference


def _address() -> str:
    """An address of this test's own (the limits count per address)."""
    return f"100.{secrets.randbelow(64) + 64}.{secrets.randbelow(256)}.{secrets.randbelow(254) + 1}"


def _rows_on_screen(page) -> int:
    """The enquiries whose line is wholly on the screen."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#staff-list .staff__row')].filter((row) => {
             const box = row.getBoundingClientRect();
             return box.top >= 0 && box.bottom <= window.innerHeight;
           }).length"""
    )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_list_fits_many_enquiries_a_screen_and_opens_one_by_keyboard(visitor, width: str) -> None:
    references = [_stored(n, address=_address()) for n in range(14)]
    page = signed_in(visitor, WIDTHS[width])
    expect(item(page, references[-1])).to_be_visible()
    # One or two lines each (a card was about 290 px: two on a screen).
    heights = page.evaluate(
        "() => [...document.querySelectorAll('#staff-list .staff__row')].map((r) => r.getBoundingClientRect().height)"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"staff-inbox-list-{width}.png"))
    assert heights and max(heights) <= 72, heights
    # Counted from the list's first line at the top of the screen: what sits above the list (a
    # warning of mail waiting, left by another test's enquiry) is not the list's size.
    first = page.locator("#staff-list .staff__row").first
    first.evaluate("(row) => row.scrollIntoView({block: 'start', behavior: 'instant'})")
    on_screen = _rows_on_screen(page)
    assert on_screen >= (6 if width == "mobile" else 10), (on_screen, heights[:3])
    # Each line shows the reference, the name, the services, when and the status.
    row = item(page, references[-1])
    for part in (".staff__ref", ".staff__row-name", ".staff__row-services", ".staff__when", ".staff__badge"):
        expect(row.locator(part)).to_be_visible()
    expect(row.locator(".staff__row-services")).to_contain_text("Fire NOC")

    # The keyboard: Tab to the line, Enter opens it with the keyboard on Close, Enter closes it
    # and puts the keyboard back on the line.
    line = row.locator(".staff__row")
    line.focus()
    expect(line).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    opened = page.locator("#staff-opened")
    expect(opened).to_contain_text(references[-1])
    expect(line).to_have_attribute("aria-expanded", "true")
    expect(opened.locator(".staff__close")).to_be_focused()
    box, viewport = opened.bounding_box(), page.viewport_size
    if width == "mobile":
        # Over the list, the whole screen: nothing beneath to tap by mistake.
        assert box["x"] == 0 and box["width"] == viewport["width"]
    else:
        # Beside the list, which stays in view.
        assert box["x"] >= page.locator("#staff-list").bounding_box()["x"] + 400
        expect(line).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / f"staff-inbox-opened-{width}.png"))
    page.keyboard.press("Enter")
    expect(opened).to_have_count(0)
    expect(line).to_be_focused()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_held_enquiry_says_why_and_links_the_callers_others(visitor, width: str) -> None:
    from consultancy.content import content

    settings = content().enquiries
    office = _address()
    first = [_stored(n, address=office) for n in range(settings.per_address_per_hour)]
    over_address = _stored(99, address=office)
    phone = f"8{secrets.randbelow(10**9):09d}"
    same_phone = [_stored(n, address=_address(), phone=phone) for n in range(settings.per_contact_per_hour)]
    over_contact = _stored(98, address=_address(), phone=phone)

    page = signed_in(visitor, WIDTHS[width])
    page.locator(".staff__filter[data-status='held']").click()
    expect(item(page, over_address)).to_be_visible()
    expect(item(page, over_address).locator(".staff__badge--reason")).to_have_text("per-address limit")
    expect(item(page, over_contact).locator(".staff__badge--reason")).to_have_text("per-contact limit")

    open_item(page, over_address)
    why = page.locator("#staff-held-why")
    expect(why).to_contain_text("per-address limit")
    expect(why).to_contain_text(f"{settings.per_address_per_hour} enquiries an hour from one connection")
    related = page.locator("#staff-related")
    for reference in first:
        expect(related.locator(f"li[data-reference='{reference}']")).to_contain_text("same connection")
    page.screenshot(path=str(SHOTS / f"staff-inbox-held-{width}.png"))
    # A link: the caller's earlier enquiry opens in its place.
    related.locator(f"li[data-reference='{first[0]}'] button").click()
    expect(page.locator("#staff-opened h2")).to_contain_text(first[0])

    page.locator("#staff-opened .staff__close").click()
    open_item(page, over_contact)
    expect(why).to_contain_text("per-contact limit")
    expect(why).to_contain_text("same phone number or email address")
    for reference in same_phone:
        expect(related.locator(f"li[data-reference='{reference}']")).to_contain_text("same phone")
    page.get_by_role("button", name="Release to inbox").click()
    expect(page.locator("#staff-status")).to_contain_text(f"{over_contact} is now new")
    expect(page.locator("#staff-held-why")).to_have_count(0)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_inbox_has_no_public_header_footer_or_contact_buttons(visitor, base_url: str, width: str) -> None:
    page = signed_in(visitor, WIDTHS[width])
    for chrome in (".site-header", "#site-nav", ".fabs", ".fab", "footer"):
        expect(page.locator(chrome)).to_have_count(0)
    expect(page.locator("a[href^='tel:'], a[href*='wa.me']")).to_have_count(0)
    # Not in the HTML served either (before any script runs).
    html = _fetch(base_url, "/staff")
    assert "site-header" not in html and 'class="fabs"' not in html


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_csv_writes_phones_a_spreadsheet_shows_as_written(visitor, width: str) -> None:
    digits = f"9{secrets.randbelow(10**9):09d}"
    reference = _stored(1, address=_address(), phone=digits, email=f"csv-{secrets.token_hex(3)}@example.com")
    page = signed_in(visitor, WIDTHS[width])
    # Through the export behind the password and a code, as staff download it.
    download = download_csv(page)
    rows = {r["reference"]: r for r in csv.DictReader(io.StringIO(download.path().read_text("utf-8")))}
    # No apostrophe to show, and nothing a spreadsheet would run or read as a number.
    assert rows[reference]["phone"] == f"91 {digits[:5]} {digits[5:]}"
    assert all(not row["phone"].startswith(("'", "+", "=", "-", "@")) for row in rows.values())


@pytest.mark.parametrize("width", list(WIDTHS))
def test_mail_waiting_too_long_is_warned_at_the_top(visitor, width: str) -> None:
    from consultancy.content import content

    minutes = content().enquiries.mail_waiting_warn_minutes
    # Its notification email is queued with it and, with no mail server here, waits. Two days
    # back, before this run's database held anything: within an hour of the suite's other
    # enquiries it could be counted into the hour's digest, which is due only later.
    _stored(1, address=_address(), minutes_ago=2 * 24 * 60)
    page = signed_in(visitor, WIDTHS[width])
    warning = page.locator("#staff-mail-warning")
    expect(warning).to_be_visible()
    expect(warning).to_have_text(re.compile(rf"^\d+ emails? ha(s|ve) been waiting to be sent for more than {minutes} "))
    expect(warning).to_contain_text("The oldest has waited")
    # At the top: above the search and the list.
    assert warning.bounding_box()["y"] < page.locator("#staff-search").bounding_box()["y"]
    page.screenshot(path=str(SHOTS / f"staff-inbox-mail-warning-{width}.png"))
