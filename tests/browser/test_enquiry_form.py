"""The enquiry form in a real browser against the built site and its real database.

Each test is a visitor of its own address (the `visitor` fixture of tests/conftest.py), so the
limit per address counts each test apart.
What was stored is read back with the export command the firm uses."""

from __future__ import annotations

import csv
import io
import random
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.browser.enquiry_steps import choose_services
from tests.browser.test_accessibility import assert_clean
from tests.conftest import ROOT, HeldScripts, wait_until_interactive

pytestmark = pytest.mark.browser

REFERENCE = re.compile(r"^[A-Z]{2,5}-\d{4}-\d{4,}$")


# A browser that cannot do the held enquiry's check (release.js): it gives up at once.
NO_WEBCRYPTO = "Object.defineProperty(window.crypto, 'subtle', { value: undefined });"


def _export() -> list[dict[str, str]]:
    out = subprocess.run(
        [sys.executable, "-m", "consultancy.office", "export"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return list(csv.DictReader(io.StringIO(out)))


def _phone() -> str:
    """A number of the visitor's own: one contact sending many in an hour is held for review."""
    return f"94{random.randrange(10**8):08d}"


def _fill(page, prefix: str = "enquiry", **values: str) -> None:
    for field, value in values.items():
        page.locator(f"#{prefix}-{field}").fill(value)


def _open(page, path: str) -> None:
    page.goto(path)
    wait_until_interactive(page)


def test_a_valid_enquiry_is_confirmed_and_exported(visitor) -> None:
    page = visitor()
    _open(page, "/contact-us")
    name = f"Priya Mohanty {random.randrange(10**6)}"
    _fill(page, name=name, phone="+91 98765 43210", email="priya@example.com", organisation="Kalinga Steel")
    choose_services(page, "cgwanoc")
    page.locator("#enquiry-district").select_option(label="Khordha")
    _fill(page, message="We need a groundwater NOC for a new plant near Khurda.")
    page.locator("#enquiry-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    sent = page.locator("#enquiry-sent")
    expect(sent).to_be_visible()
    reference = sent.locator("strong").nth(1).inner_text()
    assert REFERENCE.match(reference), reference
    rows = {row["reference"]: row for row in _export()}
    assert reference in rows
    assert rows[reference]["name"] == name
    # Cells starting with + = - @ are quoted so a spreadsheet never runs them.
    assert rows[reference]["phone"] == "91 98765 43210"


def test_an_enquiry_sent_before_the_page_is_interactive_is_sent_once_it_is(visitor) -> None:
    """The browser never sends the form itself (a GET with the visitor's details in the
    address, to a page that cannot store them): it waits for React (consultancy/framework/early_input.js)."""
    page = visitor()
    scripts = HeldScripts(page)
    page.goto("/contact-us")
    name = f"Early Sender {random.randrange(10**6)}"
    _fill(page, name=name, phone=_phone(), email="early@example.com", message="Fire NOC for a warehouse.")
    choose_services(page, "fire-nocs")
    page.locator("#enquiry-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    page.wait_for_timeout(500)
    assert "?" not in page.url and "early" not in page.url, page.url
    expect(page.locator("#enquiry-name")).to_have_value(name)
    scripts.release()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    row = {row["reference"]: row for row in _export()}[reference.inner_text()]
    assert row["name"] == name
    assert row["service"] == content().service("fire-nocs").name


def test_each_wrong_field_says_what_is_wrong_keeps_the_text_and_stores_nothing(visitor) -> None:
    page = visitor()
    _open(page, "/contact-us")
    before = len(_export())
    _fill(page, name="Ravi", phone="12345", email="not-an-address", message="")
    page.get_by_role("button", name="Send enquiry").click()
    expect(page.locator("#enquiry-phone-error")).to_contain_text("10-digit Indian")
    expect(page.locator("#enquiry-email-error")).to_contain_text("email address")
    # The message may be left empty.
    expect(page.locator("#enquiry-message-error")).to_be_empty()
    expect(page.locator("#enquiry-consent-error")).to_contain_text("consent")
    expect(page.locator("#enquiry-service-error")).not_to_be_empty()
    expect(page.locator("#enquiry-name-error")).to_be_empty()
    expect(page.locator("#enquiry-phone")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#enquiry-phone")).to_have_value("12345")
    expect(page.locator("#enquiry-email")).to_have_value("not-an-address")
    expect(page.locator("#enquiry-sent")).to_have_count(0)
    # The cursor is in the first field in error, ready to correct it.
    expect(page.locator("#enquiry-phone")).to_be_focused()
    assert len(_export()) == before


def test_the_short_form_on_a_service_page_has_its_service_chosen(visitor) -> None:
    page = visitor()
    _open(page, "/peso")
    expect(page.locator("#quick-service-peso")).to_be_checked()
    # "Not sure" comes first in the list of the others.
    expect(page.locator("#quick-service input").first).to_have_attribute("value", "not-sure")
    _fill(page, "quick", name="Arun Das", phone=_phone(), email="arun@example.com", message="Magazine licence.")
    page.locator("#quick-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    rows = {row["reference"]: row for row in _export()}
    assert rows[reference.inner_text()]["service"] == content().service("peso").name


def test_the_hidden_field_turns_a_program_away_politely(visitor) -> None:
    page = visitor()
    _open(page, "/contact-us")
    before = len(_export())
    _fill(page, name="Bot", phone=_phone(), email="bot@example.com", message="Buy now")
    choose_services(page, "peso")
    page.locator("#enquiry-consent").check()
    page.locator("#enquiry-website").evaluate("(el) => { el.value = 'http://spam.example'; }")
    page.get_by_role("button", name="Send enquiry").click()
    expect(page.locator("#enquiry-problem")).to_contain_text("looks as if a program sent it")
    assert len(_export()) == before


def test_eight_people_behind_one_address_are_all_kept_the_extra_ones_held(visitor) -> None:
    """An office (or a mobile carrier) puts many people behind one address: none is turned away.
    This browser cannot do the page's check (no WebCrypto), so the extra ones stay held."""
    page = visitor()
    page.add_init_script(NO_WEBCRYPTO)
    limit = content().enquiries.per_address_per_hour
    references = []
    for n in range(8):
        if n:
            # The next person on the same address: a tab of their own (the sent form's answer
            # belongs to the previous tab, and would show in place of the form).
            page.evaluate("sessionStorage.clear(); localStorage.clear()")
        _open(page, "/tank-testing-certificate")
        tag = random.randrange(10**5)
        _fill(page, "quick", name=f"Office {n} {tag}", phone=f"94{tag:05d}{n:03d}", message="Tank test.")
        page.locator("#quick-consent").check()
        page.get_by_role("button", name="Send enquiry").click()
        answer = page.locator("#enquiry-sent" if n < limit else "#enquiry-held")
        expect(answer).to_be_visible()
        if n >= limit:
            expect(answer).to_contain_text("Received")
            expect(answer).to_contain_text("check")
            expect(answer).not_to_contain_text("Thank you")
        references.append(re.search(r"[A-Z]{2,5}-\d{4}-\d{4,}", answer.inner_text()).group(0))
    rows = {row["reference"]: row for row in _export()}
    assert [rows[r]["status"] for r in references] == ["new"] * limit + ["held"] * (8 - limit)


def test_a_held_enquiry_goes_straight_to_the_inbox_once_the_browser_passes_the_check(visitor, viewport) -> None:
    """One person sending again and again with the same phone is over the per-contact limit;
    the browser's proof of work (release.js) then moves the held enquiry into the inbox, and
    the visitor is thanked with the reply time as for any other."""
    page = visitor(viewport)
    limit = content().enquiries.per_contact_per_hour
    phone = _phone()
    for n in range(limit + 1):
        if n:
            page.evaluate("sessionStorage.clear(); localStorage.clear()")
        _open(page, "/tank-testing-certificate")
        _fill(page, "quick", name=f"Same person {n}", phone=phone, message="Tank test, again.")
        page.locator("#quick-consent").check()
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-sent")).to_be_visible(timeout=30_000)
    sent = page.locator("#enquiry-sent")
    expect(sent).to_contain_text("Thank you")
    expect(page.locator("#enquiry-reply-by")).not_to_be_empty()
    reference = sent.locator("strong").nth(1).inner_text()
    label = "mobile" if viewport["width"] == 390 else "desktop"
    page.screenshot(path=f"build/screenshots/enquiry-released-{label}.png", full_page=False)
    [row] = [r for r in _export() if r["reference"] == reference]
    # Held first, then released by the check: the note says so for staff.
    assert row["status"] == "new" and "passed the form's automatic check" in row["notes"], row
    assert page.js_errors == []


def test_hostile_and_non_latin_text_is_stored_exactly_and_shown_as_text(visitor) -> None:
    page = visitor()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    _open(page, "/contact-us")
    name = "<script>alert(1)</script> ଓଡ଼ିଆ ନାମ"
    message = "'; DROP TABLE enquiry; -- <img src=x onerror=alert(2)> ପ୍ରକଳ୍ପ"
    _fill(page, name=name, phone="+91 " + _phone(), email="odia@example.com", message=message)
    choose_services(page, "not-sure")
    page.locator("#enquiry-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    row = {r["reference"]: r for r in _export()}[reference.inner_text()]
    assert row["name"] == name and row["message"] == message
    assert dialogs == []
    assert page.locator("img[src='x']").count() == 0


def test_the_notice_links_to_the_privacy_page(desktop_page) -> None:
    page = desktop_page
    page.goto("/contact-us")
    settings = content().enquiries
    expect(page.locator(".enquiry__notice")).to_contain_text(f"{settings.retention_months} months")
    expect(page.locator("#enquiry-consent")).not_to_be_checked()
    page.locator(".enquiry__notice").get_by_role("link", name="Read the privacy notice").click()
    expect(page).to_have_url(re.compile(r"/privacy$"))
    expect(page.locator("h1")).to_have_text(content().privacy.heading)
    expect(page.locator("main")).to_contain_text(f"after {settings.retention_months} months")
    expect(page.locator("main")).to_contain_text(content().site.email)


def test_the_button_says_sending_and_is_disabled_until_the_answer_arrives(visitor) -> None:
    page = visitor()
    # The backend's answers are held back until the test lets them through, as on a slow line.
    line: dict = {"hold": False, "held": [], "page_side": None}

    def relay(ws) -> None:
        server = ws.connect_to_server()
        line["page_side"] = ws

        def from_server(message) -> None:
            if line["hold"]:
                line["held"].append(message)
            else:
                ws.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/_event"), relay)
    _open(page, "/contact-us")
    _fill(page, name="Slow Line", phone=_phone(), email="slow@example.com", message="A CTO renewal.")
    choose_services(page, "consent-to-operate")
    page.locator("#enquiry-consent").check()
    line["hold"] = True
    button = page.locator(".enquiry__actions button[type=submit]")
    button.click()
    expect(button).to_have_text("Sending…", use_inner_text=True)
    expect(button).to_have_accessible_name("Sending…")
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("aria-busy", "true")
    page.wait_for_timeout(1000)
    assert line["held"], "the answer was held back"
    expect(button).to_have_text("Sending…", use_inner_text=True)
    expect(page.locator("#enquiry-sent")).to_have_count(0)
    line["hold"] = False
    for message in line["held"]:
        line["page_side"].send(message)
    expect(page.locator("#enquiry-sent")).to_be_visible()
    expect(button).to_have_text("Send enquiry")
    expect(button).to_be_enabled()


def test_beside_not_sent_yet_the_button_says_it_waits_for_the_connection(visitor, viewport) -> None:
    """An answer held back longer than the form waits: the notice says "Not sent yet", and the
    button beside it no longer claims to be sending."""
    page = visitor(viewport)
    line: dict = {"hold": False, "held": [], "page_side": None}

    def relay(ws) -> None:
        server = ws.connect_to_server()
        line["page_side"] = ws
        server.on_message(lambda message: line["held"].append(message) if line["hold"] else ws.send(message))

    page.route_web_socket(re.compile(r"/_event"), relay)
    _open(page, "/contact-us")
    _fill(page, name="Long Wait", phone=_phone(), message="A fire NOC renewal.")
    choose_services(page, "fire-nocs")
    page.locator("#enquiry-consent").check()
    line["hold"] = True
    button = page.locator(".enquiry__actions button[type=submit]")
    button.click()
    expect(page.locator("#enquiry-unsent")).to_be_visible(timeout=8000)
    expect(button).to_have_accessible_name("Waiting for the connection…")
    expect(button).not_to_have_text(re.compile("Sending"), use_inner_text=True)
    assert_clean(page, "not sent yet")
    # The button and the notice under it, as the visitor sees them.
    button.evaluate("(el) => el.scrollIntoView({ block: 'start', behavior: 'instant' })")
    shots = ROOT / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"enquiry-waiting-{viewport['width']}.png"))
    line["hold"] = False
    for message in line["held"]:
        line["page_side"].send(message)
    expect(page.locator("#enquiry-sent")).to_be_visible()
    expect(page.locator("#enquiry-unsent")).to_have_count(0)


def test_the_short_form_says_what_is_needed_and_its_button_goes_to_it(visitor, viewport) -> None:
    """The short form said "a phone or an email is enough" although the name is needed too;
    the button just above it sent the visitor to the long form on another page. Now the hint
    names every field the form refuses without, and the tap stays on the page, at the form.
    A send with the name alone left out is refused with the name named."""
    page = visitor(viewport)
    _open(page, "/fire-licensing")
    needed = page.locator("#quick-needed")
    for word in ("name", "phone", "email", "optional"):
        expect(needed).to_contain_text(word)
    page.locator(".cta-band").get_by_role("link", name=re.compile("Request")).click()
    expect(page).to_have_url(re.compile(r"/fire-licensing#quick-form$"))
    expect(page.locator("#quick-name")).to_be_in_viewport()
    _fill(page, "quick", phone=_phone(), message="Fire NOC for a godown.")
    page.locator("#quick-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    expect(page.locator("#quick-name-error")).to_contain_text(re.compile("name", re.I))
    expect(page.locator("#quick-message")).to_have_value("Fire NOC for a godown.")
