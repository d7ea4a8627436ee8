"""The case tracker (/staff/cases) and the client's page (/case/<token>) in a real browser
against the built site and its database: a case walked from an enquiry to granted at 390 and
1280 px, with the legal clock, the documents awaited, the client's link, the stage email
(against a local SMTP server) and the keyboard; and the client page's refusals.

The suite's site runs on SQLite. The same build is served once more by a backend of its own on a
throwaway PostgreSQL cluster (`postgres_twin`: no second build, the same port on another loopback
address), where the walk runs again at one width and the database is stopped under a stage change.
"""

from __future__ import annotations

import email
import fcntl
import mailbox
import os
import re
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from email.utils import getaddresses
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from consultancy.mail.mail import SmtpSettings, send_due
from tests.browser.case_steps import make_case, open_from_list, stage_form, stored_approval, type_stage
from tests.browser.test_staff_inbox import SHOTS, add_user, item, open_page, sign_in
from tests.browser.twin import Twin, twin_browser, twin_on_postgres, twin_page
from tests.conftest import WIDTHS
from tests.enquiry_fixtures import MailCatcher

pytestmark = pytest.mark.browser


def _enquiry(email_address: str) -> str:
    """An enquiry stored as the form stores one, naming the factory licence among its services
    (straight into the database the test server uses, DB_URL)."""
    from consultancy.enquiries import store
    from tests.enquiry_fixtures import enquiry_form

    form = enquiry_form(
        name=f"Asha {secrets.token_hex(2)}",
        phone=f"9{secrets.randbelow(10**9):09d}",
        email=email_address,
        organisation="Kalinga <b>Steels</b>",
        service="various-govt-officials-nocs",
        message="Finder answers: a factory with 40 workers and a boiler.",
    )
    return store.submit(form, f"198.51.100.{secrets.randbelow(200) + 1}")


def _on_this_site(link: str, base_url: str) -> str:
    """The link as mailed names the site's public address; the same path on the test server."""
    return base_url.rstrip("/") + urlsplit(link).path


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_case_walks_from_enquiry_to_granted(visitor, base_url: str, width: str) -> None:
    _walk(visitor, base_url, width, "")


def _mail_sent_to(contact: str) -> list[str]:
    """The subjects of the emails the mail queue sends `contact`. Both widths walk at once on two
    test workers, and a run of the queue sends every due email, the other walk's too: the runs
    take turns (a lock file) and keep all they send in one mailbox file, which each then reads.
    The site's hourly cap is lifted here: it counts every email the database sent in the last
    hour, other tests' and earlier runs' too (the suite run again on one build), and it has tests
    of its own (tests/unit/test_enquiries_mail_bomb.py); the queue is run until it is empty."""
    run = Path(tempfile.gettempdir()) / f"case-mail-{os.environ.get('PYTEST_XDIST_TESTRUNUID', os.getpid())}"
    with run.with_suffix(".lock").open("w") as lock, pytest.MonkeyPatch.context() as patch:
        fcntl.flock(lock, fcntl.LOCK_EX)
        patch.setenv("MAIL_PER_HOUR", str(10**6))
        catcher = MailCatcher()
        catcher.start()
        try:
            smtp = SmtpSettings("127.0.0.1", catcher.port, "", "", False, False, "website@example.com")
            for _ in range(100):
                report = send_due(smtp=smtp, limit=500)
                if report.sent + report.failed == 0:
                    break
        finally:
            catcher.stop()
        sent = mailbox.mbox(run.with_suffix(".mbox"))
        for message in catcher.messages:
            sent.add(email.message_from_bytes(message.content))
        sent.flush()
        return [m["Subject"] for m in sent if contact in [a for _, a in getaddresses(m.get_all("To", []))]]


def _walk(visitor: Callable[[dict], Page], base_url: str, width: str, shots: str) -> None:
    """From an enquiry in the inbox to a granted approval, the client's page and its revocation,
    on whichever server `visitor` opens pages of (its database is DB_URL's); screenshots named
    with `shots` after the width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    contact = f"client-{secrets.token_hex(4)}@example.com"
    reference = _enquiry(contact)
    name = add_user()
    page = visitor(WIDTHS[width])
    open_page(page, "/staff")
    sign_in(page, name)
    # From the enquiry in the inbox to the case tracker's form, filled in with it.
    item(page, reference).locator(".staff__row").click()
    with page.expect_navigation():
        page.locator("#staff-open-case").click()
    expect(page.locator("#case-new-enquiry")).to_have_value(reference)
    page.locator("#case-new-submit").click()
    opened = page.locator("#case-opened")
    expect(opened).to_contain_text("Kalinga <b>Steels</b>")
    case_reference = opened.locator("h2").inner_text().removeprefix("Case ").strip()
    assert re.fullmatch(r"[A-Z]{2,5}-C-\d{4}-\d{4,}", case_reference), case_reference
    # The approvals its service names, from the records; the finder's answers came along.
    approvals = opened.locator(".cases__approval")
    expect(approvals).to_have_count(3)
    factory = opened.locator(".cases__approval", has_text="Factory")
    expect(factory).to_contain_text("Not filed yet.")
    expect(opened).to_contain_text("The enquiry's message and finder answers")
    expect(page.locator("b")).to_have_count(0)  # hostile markup shown as text

    # A document to wait for, and the client's consent to stage emails.
    factory.locator("input[name='document']").fill("Site plan <i>signed</i>")
    factory.get_by_role("button", name="Add", exact=True).click()
    # The record's own documents are listed from the start; this one is added to them.
    expect(factory.locator(".cases__document", has_text="Site plan <i>signed</i>")).to_have_count(1)
    page.locator("#case-stage-emails").check()
    expect(page.locator("#case-notice")).to_have_text("Stage emails on.")
    page.locator("#case-note").fill("INTERNAL: fee not yet paid")
    page.get_by_role("button", name="Add note").click()
    expect(page.locator("#case-notes")).to_contain_text("INTERNAL: fee not yet paid")

    # Filed 50 days ago: the factory licence's 45 days (settled) have passed.
    filed = date.today() - timedelta(days=50)
    stage_form(factory)
    factory.locator("select[name='stage']").select_option("filed")
    factory.locator("input[name='filed_on']").fill(filed.isoformat())
    factory.locator("input[name='portal']").fill("GO-SWIFT")
    factory.locator("input[name='application_no']").fill("FAC/2026/77")
    factory.get_by_role("button", name="Save stage").click()
    expect(page.locator("#case-notice")).to_have_text("Stage saved.")
    expect(page.locator("#case-notice")).to_be_in_viewport()
    due = filed + timedelta(days=45)
    expect(factory.locator(".cases__decide-by")).to_have_text(due.strftime("%d %b %Y").lstrip("0"))
    expect(factory).to_contain_text("Overdue by law")
    expect(factory).to_contain_text("deemed approved from")
    expect(page.locator("#cases-overdue")).to_contain_text(case_reference)
    # The boiler's limit is not settled: the filing date and no computed one.
    boiler = opened.locator(".cases__approval", has_text="Boiler")
    stage_form(boiler)
    boiler.locator("select[name='stage']").select_option("filed")
    boiler.locator("input[name='filed_on']").fill(filed.isoformat())
    boiler.get_by_role("button", name="Save stage").click()
    expect(boiler).to_contain_text("No settled time limit in the record")
    expect(boiler.locator(".cases__decide-by")).to_have_count(0)
    # A prefilled WhatsApp message for staff to send themselves.
    whatsapp = factory.locator("a", has_text="WhatsApp the client").get_attribute("href") or ""
    assert whatsapp.startswith("https://wa.me/91") and "FAC%2F2026%2F77" in whatsapp
    page.screenshot(path=str(SHOTS / f"cases-staff-filed-{width}{shots}.png"), full_page=True)

    # The client's link, shown once.
    page.locator("#case-make-link").click()
    link = _on_this_site(page.locator("#case-new-link").input_value(), base_url)
    client = visitor(WIDTHS[width])
    client.goto(link)
    expect(client.locator("h1")).to_contain_text("Your approvals")
    expect(client.locator("main")).to_contain_text("Kalinga <b>Steels</b>")
    factory_card = client.locator(".case-approval", has_text="Factory")
    expect(factory_card).to_contain_text("Filed with the authority")
    expect(factory_card).to_contain_text("Due by law")
    # Filed: the client owes nothing now, so no list of what we wait for (it was shown before).
    expect(factory_card).not_to_contain_text("What we are waiting for")
    expect(client.locator("#case-updated")).to_contain_text("Last updated")
    expect(client.locator("#case-whatsapp")).to_have_attribute("href", re.compile(r"^https://wa\.me/\d+\?text="))
    text = client.locator("body").inner_text()
    assert "INTERNAL" not in text and name not in text
    assert client.locator("a[href*='staff']").count() == 0 and client.locator("script").count() == 0
    client.screenshot(path=str(SHOTS / f"cases-client-filed-{width}{shots}.png"), full_page=True)

    # The document arrives, and the approval is granted (expiry as printed: not settled).
    factory.locator(".cases__document", has_text="Site plan <i>signed</i>").locator("input").check()
    expect(page.locator("#case-notice")).to_have_text("Document received.")
    stage_form(factory)
    factory.locator("select[name='stage']").select_option("granted")
    factory.locator("input[name='order_no']").fill("FL-2026-9")
    factory.locator("input[name='issued_on']").fill(date.today().isoformat())
    # Within the morning view's 90 days: a renewal to prepare now.
    expiry = date.today() + timedelta(days=60)
    factory.locator("input[name='expires_on']").fill(expiry.isoformat())
    factory.get_by_role("button", name="Save stage").click()
    expect(factory).to_contain_text("Expires: " + expiry.strftime("%d %b %Y").lstrip("0"))
    expect(factory).not_to_contain_text("Overdue by law")
    expect(page.locator("#cases-renewals")).to_contain_text(case_reference)
    factory.get_by_role("button", name="Client agrees to renewal reminders").click()
    expect(factory).to_contain_text("Renewal reminders agreed")
    page.screenshot(path=str(SHOTS / f"cases-staff-granted-{width}{shots}.png"), full_page=True)

    client.reload()
    factory_card = client.locator(".case-approval", has_text="Factory")
    expect(factory_card).to_contain_text("Granted")
    expect(factory_card).to_contain_text("Valid until")
    expect(factory_card).not_to_contain_text("Site plan")
    client.screenshot(path=str(SHOTS / f"cases-client-granted-{width}{shots}.png"), full_page=True)

    # The stage emails, sent by the mail queue to a local SMTP server: filed and granted.
    subjects = _mail_sent_to(contact)
    assert any("Filed with the authority" in s for s in subjects), subjects
    assert any("Granted" in s for s in subjects), subjects

    # The keyboard: from the morning's list to the case and back.
    page.locator("#case-close-panel").click()
    expect(opened).to_have_count(0)
    line = page.locator("#cases-all li[data-reference='" + case_reference + "'] button")
    line.focus()
    page.keyboard.press("Enter")
    expect(opened).to_contain_text(case_reference)
    expect(page.locator("#case-close-panel")).to_be_focused()

    # Revoked: the client's page is a plain refusal with nothing of the case.
    page.locator("#case-revoke").click()
    expect(page.locator("#case-notice")).to_have_text("Links revoked.")
    answer = client.goto(link)
    assert answer is not None and answer.status == 404
    expect(client.locator("body")).not_to_contain_text("Steels")
    expect(client.locator("body")).not_to_contain_text(case_reference)
    expect(client.locator("#case-fresh-link")).to_be_visible()
    assert not page.js_errors and not client.js_errors  # type: ignore[attr-defined]


def _letters_to(contact: str) -> list[email.message.Message]:
    """Every email the mail queue has sent `contact` (the same mailbox file as _mail_sent_to)."""
    _mail_sent_to(contact)
    run = Path(tempfile.gettempdir()) / f"case-mail-{os.environ.get('PYTEST_XDIST_TESTRUNUID', os.getpid())}"
    return [m for m in mailbox.mbox(run.with_suffix(".mbox")) if contact in m.get("To", "")]


def test_send_a_fresh_link_sends_one_from_the_page_itself(new_page, base_url: str, viewport) -> None:
    """The page sends no referrer, so Chromium posts its button with `Origin: null`: the server
    refused it with a 403, and the page said a fresh link was on its way. Now the button's post
    is taken, the fresh link arrives at the case's email (a real SMTP server), and it opens the
    case; a post from another site's page is refused and says nothing was sent."""
    from consultancy.cases import links, tracker
    from consultancy.records.models import utcnow
    from tests.browser.test_staff_inbox import PASSWORD
    from tests.enquiry_fixtures import staff_token

    name = add_user()
    token = staff_token(name, PASSWORD)
    contact = f"fresh-{secrets.token_hex(4)}@example.com"
    reference = tracker.open_case(
        token, organisation="Fresh Link Mills", email=contact, approvals=["factory-licence"], address="127.0.0.1"
    )
    idle = links.issue_link(token, reference, now=utcnow() - timedelta(days=91), address="127.0.0.1")
    page = new_page(viewport)
    answer = page.goto(f"{base_url}/case/{idle}")
    assert answer is not None and answer.status == 404
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.locator("#case-fresh-link").click()
    assert posted.value.request.header_value("origin") == "null"
    assert posted.value.status == 200
    expect(page.locator("#case-fresh-asked")).to_be_visible()
    letters = _letters_to(contact)
    assert len(letters) == 1, [m["Subject"] for m in letters]
    body = next(part for part in letters[0].walk() if part.get_content_type() == "text/plain")
    body = body.get_payload(decode=True).decode()
    fresh = re.search(r"/case/([A-Za-z0-9_-]{43})", body)
    assert fresh and fresh.group(1) != idle
    opened = page.goto(f"{base_url}/case/{fresh.group(1)}")
    assert opened is not None and opened.status == 200
    expect(page.locator("body")).to_contain_text("Fresh Link Mills")
    # From another site's page: refused, and the page says so.
    other = page.request.post(f"{base_url}/case/{idle}", headers={"origin": "https://evil.example"}, form={})
    assert other.status == 403 and "Nothing was sent" in other.text() and "on its way" not in other.text()


def test_an_altered_or_unknown_link_is_refused_alike(new_page, base_url: str) -> None:
    page = new_page(WIDTHS["mobile"])
    for token in ("Q" * 43, "short", "Q" * 42 + "%C2%B2"):
        answer = page.goto(f"{base_url}/case/{token}")
        assert answer is not None and answer.status == 404
        expect(page.locator("h1")).to_have_text("This link does not open a case page")
        assert "no-store" in answer.headers["cache-control"]
        assert "default-src 'none'" in answer.headers["content-security-policy"]


def test_the_tracker_opens_nothing_without_a_session(new_page) -> None:
    page = new_page(WIDTHS["mobile"])
    open_page(page, "/staff/cases")
    expect(page.locator("#cases-sign-in")).to_be_visible()
    expect(page.locator("#cases-all")).to_have_count(0)


# --- the same build on PostgreSQL: the walk once more, and the database stopped under a change ----


@pytest.fixture(scope="module")
def postgres_twin(base_url: str) -> Iterator[Twin]:
    """The suite's build on PostgreSQL (tests/browser/twin.py)."""
    with twin_on_postgres(base_url, "cases") as twin:
        yield twin


@pytest.fixture
def on_postgres(browser, postgres_twin: Twin, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[dict], Page]]:
    """Pages of the PostgreSQL twin; what the test writes itself (staff users, enquiries, cases,
    the mail queue) goes to the twin's database too."""
    monkeypatch.setenv("DB_URL", postgres_twin.db_url)
    with twin_browser(browser, postgres_twin) as own:
        yield lambda viewport: twin_page(own, postgres_twin, viewport)[1]


def test_a_case_walks_from_enquiry_to_granted_on_postgresql(on_postgres, postgres_twin: Twin) -> None:
    started = time.monotonic()
    _walk(on_postgres, postgres_twin.url, "desktop", "-postgresql")
    print(f"\nwalk on PostgreSQL: {time.monotonic() - started:.1f} s")


def test_a_stage_change_with_the_database_away_says_so_and_keeps_what_was_typed(
    on_postgres, postgres_twin: Twin
) -> None:
    from consultancy.cases.case_file import UNAVAILABLE

    name = add_user()
    case = make_case(name, "Database Away <i>Pvt</i> Ltd")
    page = on_postgres(WIDTHS["mobile"])
    open_page(page, "/staff")
    sign_in(page, name)
    open_page(page, "/staff/cases")
    factory = open_from_list(page, case.reference).locator(".cases__approval", has_text="Factory")
    filed = (date.today() - timedelta(days=3)).isoformat()
    typed = {"filed_on": filed, "portal": "GO-SWIFT", "application_no": "FAC/AWAY/7"}
    type_stage(factory, "filed", **typed)
    postgres_twin.cluster.stop()
    try:
        factory.get_by_role("button", name="Save stage").click()
        expect(page.locator("#case-problem")).to_have_text(UNAVAILABLE, timeout=30_000)
        # Seen where the button was pressed, at the foot of the form on a phone.
        expect(page.locator("#case-problem")).to_be_in_viewport()
        expect(page.locator("#case-notice")).to_have_count(0)
        expect(factory).to_contain_text("Not filed yet.")
        expect(factory.locator("select[name='stage']")).to_have_value("filed")
        for field, value in typed.items():
            expect(factory.locator(f"input[name='{field}']")).to_have_value(value)
        page.screenshot(path=str(SHOTS / "cases-database-away-mobile.png"), full_page=True)
    finally:
        postgres_twin.cluster.start()
    # Back up: the same form, saved again as it stands, is stored.
    factory.get_by_role("button", name="Save stage").click()
    expect(page.locator("#case-notice")).to_have_text("Stage saved.", timeout=30_000)
    expect(page.locator("#case-problem")).to_have_count(0)
    expect(factory).to_contain_text("Application no.: FAC/AWAY/7")
    stored = stored_approval(case.reference)
    assert (stored["stage"], stored["portal"], stored["application_no"]) == ("filed", "GO-SWIFT", "FAC/AWAY/7")
    assert stored["filed_on"] == date.fromisoformat(filed)
