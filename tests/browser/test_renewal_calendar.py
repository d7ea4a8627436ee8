"""/renewal-calendar end to end: approvals ticked and dated by keyboard, the dated list
(overdue first, returns with their own sources), the .ics download read back by three parsers
(alarms that can still fire, yearly returns, the site's own UIDs), the list kept over a
reload, the finder's and a service page's hand-over, at 390 and 1280 px, and the same flow on
a static host whose backend refuses every connection. Reminders by email: asked for and
stored (read back with the firm's export) with the backend up, the page saying to confirm
from the email (the confirmation email and its link are tested against a real mail server in
tests/unit/test_enquiries_reminders.py); without it, a plain "not sent" and nothing typed
lost."""

from __future__ import annotations

import random
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import vobject
from icalendar import Calendar
from playwright.sync_api import expect

from consultancy.content import content
from consultancy.content.renewals import today_in_kolkata
from tests.browser.test_enquiry_form import _export
from tests.browser.test_interactions import static_page, static_site  # noqa: F401 (fixtures)
from tests.conftest import wait_until_interactive
from tests.unit.test_renewals import _icaljs

pytestmark = pytest.mark.browser

SHOTS = "build/screenshots"


def _tick_by_keyboard(page, approval_id: str) -> None:
    page.locator(f"#cal-{approval_id}").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"#cal-{approval_id}")).to_be_checked()


def _type_date(page, approval_id: str, day: date) -> None:
    field = page.locator(f"#cal-date-{approval_id}")
    field.focus()
    # Chromium here runs in en-US: the date field reads month, day, year.
    field.press_sequentially(day.strftime("%m%d%Y"))
    expect(field).to_have_value(day.isoformat())


def _flow(page, label: str) -> None:
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.goto("/renewal-calendar")
    wait_until_interactive(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_until_interactive(page)
    expect(page.locator("#cal-privacy")).to_contain_text("stays in this browser")
    expect(page.locator("#cal-reviewed")).to_contain_text("Rules last reviewed: 27 Nov 2026")
    expect(page.locator("#cal-empty")).to_be_visible()
    today = today_in_kolkata()
    _tick_by_keyboard(page, "fire-safety-certificate")
    # The law fixes no one period for every fire certificate: only its printed expiry is asked
    # for, and the page says why. Expired a month ago: its renewal is overdue and comes first.
    expect(page.locator("#cal-kind-fire-safety-certificate")).to_have_count(0)
    expect(page.locator("#cal-why-fire-safety-certificate")).to_contain_text("printed on yours")
    _type_date(page, "fire-safety-certificate", today - timedelta(days=30))
    _tick_by_keyboard(page, "consent-to-operate")
    # Granted since 27 January 2026, a consent to operate has no expiry: its return only.
    expect(page.locator("#cal-kind-consent-to-operate")).to_have_value("issue")
    _type_date(page, "consent-to-operate", today - timedelta(days=30))
    items = page.locator("#cal-items > li")
    expect(items).to_have_count(2)
    expect(page.locator("#cal-items")).not_to_contain_text("Apply to renew: Consent to operate")
    # One that prints an expiry: the firm's advised months before it, said to be advice.
    # (Unticked and ticked again: a fresh date field, as digits typed into a filled one
    # land in its year.)
    page.locator("#cal-consent-to-operate").focus()
    page.keyboard.press("Space")
    expect(page.locator("#cal-consent-to-operate")).not_to_be_checked()
    _tick_by_keyboard(page, "consent-to-operate")
    page.locator("#cal-kind-consent-to-operate").select_option("expiry")
    expect(page.locator("#cal-why-consent-to-operate")).to_contain_text("expiry")
    _type_date(page, "consent-to-operate", today + timedelta(days=400))
    expect(items).to_have_count(3)
    expect(page.locator("#cal-items")).to_contain_text("We advise applying four months before the expiry")
    expect(items.first).to_contain_text("Overdue")
    expect(items.first).to_contain_text("Expired on")
    expect(items.first).to_contain_text("Fire Safety Certificate")
    # The overdue card: renew now, by a call or WhatsApp to the firm.
    site = content().site
    expect(items.first).to_contain_text("Renew now:")
    expect(items.first.get_by_role("link", name=f"Call {site.phone}")).to_have_attribute("href", site.tel_href)
    expect(items.first.get_by_role("link", name="WhatsApp us")).to_have_attribute("href", site.chat_href)
    expect(items.nth(1).get_by_role("link", name="WhatsApp us")).to_have_count(0)
    expect(page.locator("#cal-items")).to_contain_text("Environmental statement")
    expect(items.first.get_by_role("link", name="About this approval")).to_have_attribute("href", "/fire-licensing")
    page.screenshot(path=f"{SHOTS}/renewal-calendar-{label}.png", full_page=True)
    # The download is a calendar file a client reads: one event per item, each with an alarm.
    page.locator("#cal-download").focus()
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    raw = Path(info.value.path()).read_bytes()
    cal = Calendar.from_ical(raw)
    events = cal.walk("VEVENT")
    assert len(events) == items.count() == 3
    assert all(e.walk("VALARM") for e in events)
    _read_the_download(raw)
    # The list survives a reload on the same device.
    page.reload()
    wait_until_interactive(page)
    expect(page.locator("#cal-fire-safety-certificate")).to_be_checked()
    expect(page.locator("#cal-items > li")).to_have_count(3)
    assert page.js_errors == []


def _read_the_download(raw: bytes) -> None:
    """The browser's file as three parsers read it: the overdue renewal marked so with an
    alarm still to come, the return repeating yearly with no end, the site's own
    domain in every UID."""
    now = datetime.now(UTC)
    host = urlsplit(content().site.site_url).hostname
    by_title = {str(e["summary"]): e for e in Calendar.from_ical(raw).walk("VEVENT")}
    overdue = by_title["Overdue: Apply to renew: Fire Safety Certificate"]
    triggers = [a.decoded("trigger") for a in overdue.walk("VALARM")]
    assert triggers and all(isinstance(t, datetime) and t > now for t in triggers)
    assert overdue.decoded("dtstart") >= now.date()
    statement = next(e for title, e in by_title.items() if title.startswith("File: Environmental statement"))
    # Filed every year while the consent is held, renewed or not: no end at its expiry.
    assert statement["rrule"]["FREQ"] == ["YEARLY"] and "UNTIL" not in statement["rrule"]
    assert all(str(e["uid"]).endswith(f"@{host}") for e in by_title.values())
    second = {e.summary.value: e for e in vobject.readOne(raw.decode()).vevent_list}
    third = {e["summary"]: e for e in _icaljs(raw.decode())}
    assert second.keys() == third.keys() == by_title.keys()
    assert [a.trigger.value for a in second[str(overdue["summary"])].valarm_list] == triggers
    assert third[str(statement["summary"])]["rrule"] == "FREQ=YEARLY"
    assert (
        {e.uid.value for e in second.values()}
        == {e["uid"] for e in third.values()}
        == {str(e["uid"]) for e in by_title.values()}
    )


def test_the_whole_flow_by_keyboard(page, viewport) -> None:
    _flow(page, "mobile" if viewport["width"] == 390 else "desktop")


def test_the_flow_works_with_the_backend_refused(static_page) -> None:  # noqa: F811
    _flow(static_page, "static")


def test_the_address_ticks_approvals_from_the_finder_and_service_pages(desktop_page) -> None:
    page = desktop_page
    page.goto("/consent-to-operate")
    wait_until_interactive(page)
    link = page.get_by_role("link", name="Add to my renewal calendar")
    expect(link).to_have_attribute("href", "/renewal-calendar?add=consent-to-operate")
    # Links made before the records used other ids: they still tick the same approvals.
    page.goto("/renewal-calendar?add=cto,fire-certificate,nope")
    wait_until_interactive(page)
    expect(page.locator("#cal-consent-to-operate")).to_be_checked()
    expect(page.locator("#cal-fire-safety-certificate")).to_be_checked()
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    expect(page.locator("#finder-calendar")).to_have_attribute("href", "/renewal-calendar")


def _list_with_a_date(page) -> None:
    page.goto("/renewal-calendar")
    wait_until_interactive(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_until_interactive(page)
    _tick_by_keyboard(page, "consent-to-operate")
    page.locator("#cal-kind-consent-to-operate").select_option("expiry")
    _type_date(page, "consent-to-operate", today_in_kolkata() + timedelta(days=400))
    expect(page.locator("#cal-items > li")).to_have_count(2)


def test_reminders_are_asked_for_with_consent_and_stored_as_a_lead(visitor, viewport) -> None:
    # An address of its own: the hourly limit per address counts this visitor apart.
    page = visitor(viewport)
    _list_with_a_date(page)
    expect(page.locator("#reminders-privacy")).to_contain_text("Only if you ask for reminders here")
    # A domain of its own: the suite's other visitors at one domain would meet its daily cap.
    email = f"remind@remind{random.randrange(10**9)}.com"
    page.locator("#reminders-email").fill(email)
    submit = page.get_by_role("button", name="Email me reminders")
    submit.click()
    # No consent, nothing stored: the box says why, and the address typed is still there.
    expect(page.locator("#reminders-consent-error")).to_contain_text("Tick the consent box")
    expect(page.locator("#reminders-email")).to_have_value(email)
    page.locator("#reminders-consent").check()
    submit.focus()
    page.keyboard.press("Enter")
    saved = page.locator("#reminders-saved")
    # The test server has no mail server: the email only waits in the queue, and the page
    # says so instead of claiming it was emailed.
    expect(saved).to_contain_text("Your request is saved.")
    expect(saved).to_contain_text("will come once it can be sent")
    expect(saved).not_to_contain_text("check your email")
    expect(saved).not_to_contain_text("We are emailing")
    expect(saved).to_contain_text("start the reminders; until then we send none")
    reference = re.search(r"[A-Z]{2,5}-\d{4}-\d{4,}", saved.inner_text())
    assert reference is not None
    label = "mobile" if viewport["width"] == 390 else "desktop"
    page.screenshot(path=f"{SHOTS}/renewal-calendar-reminders-{label}.png", full_page=True)
    [row] = [r for r in _export() if r["email"] == email]
    assert row["reference"] == reference.group(0)
    assert row["message"].startswith("renewals (awaiting the visitor's confirmation): ")
    assert "Apply to renew: Consent to operate" in row["message"]
    assert row["notice_version"] and row["consent_given"]
    # The calendar itself is as it was.
    expect(page.locator("#cal-items > li")).to_have_count(2)
    assert page.js_errors == []


def test_reminders_without_a_backend_say_not_sent_and_keep_what_was_typed(static_page) -> None:  # noqa: F811
    page = static_page
    _list_with_a_date(page)
    page.locator("#reminders-email").fill("offline@example.com")
    page.locator("#reminders-consent").check()
    page.get_by_role("button", name="Email me reminders").click()
    expect(page.locator("#reminders-unsent")).to_contain_text("Not sent.", timeout=10_000)
    expect(page.locator("#reminders-email")).to_have_value("offline@example.com")
    expect(page.locator("#reminders-consent")).to_be_checked()
    # Steps 1 to 4 still work: the list, the download.
    expect(page.locator("#cal-items > li")).to_have_count(2)
    with page.expect_download() as info:
        page.locator("#cal-download").click()
    assert Calendar.from_ical(Path(info.value.path()).read_bytes()).walk("VEVENT")
