"""No lead lost: an enquiry sent while the backend cannot be reached is kept in the browser,
said plainly to be not sent yet (with WhatsApp and email filled in), and sent once when the
backend returns on this visit (this tab, reloads included); on a later visit (another tab, the
next person at a shared computer) it is asked about, never shown or sent unasked, and gone
after 7 days. The form on a phone keeps Send clear of the call bar, and the confirmation says
when the firm will reply. At 390 and 1280 px, on the static
export with its backend refused and then brought back (tests/browser/test_interactions.py)."""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from consultancy.enquiries.export import phone_cell
from tests.browser.enquiry_steps import choose_services
from tests.browser.test_accessibility import assert_clean
from tests.browser.test_enquiry_form import _export
from tests.browser.test_interactions import static_site  # noqa: F401  (the fixture)
from tests.conftest import ROOT, WIDTHS, Visitors, wait_until_interactive

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"


def _page(browser, url: str, width: str, visitors: Visitors):
    """A visitor of their own address (the limits per address count each test apart)."""
    context = browser.new_context(viewport=WIDTHS[width], base_url=url)
    page = context.new_page()
    visitors.add(context)
    page.set_default_timeout(20_000)
    return context, page


def _fill_contact_form(page, name: str, phone: str = "") -> str:
    """The contact form filled in by one visitor with only a phone number; returns the number."""
    phone = phone or f"94{random.randrange(10**3):03d} {random.randrange(10**5):05d}"
    page.locator("#enquiry-name").fill(name)
    page.locator("#enquiry-phone").fill(phone)
    choose_services(page, "fire-nocs", "peso")
    page.locator("#enquiry-message").fill("Fire NOC and a PESO licence for a new warehouse.\nSecond line.")
    page.locator("#enquiry-consent").check()
    return phone


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_backend_away_the_enquiry_is_kept_offered_by_whatsapp_and_sent_once_back_in_the_same_tab(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, page = _page(browser, static_site.url, width, visitors)
    try:
        page.goto("/contact-us")
        wait_until_interactive(page)
        name = f"Offline Visitor {random.randrange(10**6)}"
        phone = _fill_contact_form(page, name)
        page.get_by_role("button", name="Send enquiry").click()
        unsent = page.locator("#enquiry-unsent")
        expect(unsent).to_be_visible(timeout=8000)
        expect(unsent).to_contain_text("Not sent yet")
        # The notice is wholly on the screen, clear of the connection notice and the call bar
        # (both fixed at the bottom): "Send by email" and "Call" can be tapped.
        expect(unsent).to_be_in_viewport(ratio=1)
        page.wait_for_timeout(2500)  # the connection notice shows 2 s after the loss
        page.screenshot(path=str(SHOTS / f"enquiry-unsent-{width}.png"), full_page=False)
        box = unsent.bounding_box()
        for fixed in ("#connection-notice", ".fabs"):
            covering = _box_if_shown(page.locator(fixed))
            assert not _overlap(box, covering), (fixed, box, covering)
        for action in ("#enquiry-unsent-whatsapp", "#enquiry-unsent-email"):
            at = page.locator(action).bounding_box()
            assert at is not None
            assert (
                page.evaluate(
                    "([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.id",
                    [at["x"] + at["width"] / 2, at["y"] + at["height"] / 2],
                )
                == action[1:]
            )
        # Wherever the visitor scrolls it, nothing fixed sits over its buttons and link.
        page.evaluate("() => document.activeElement?.blur()")
        top = unsent.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
        for y in range(int(top - WIDTHS[width]["height"]), int(top + box["height"]), 40):
            page.evaluate("(y) => window.scrollTo({ top: y, behavior: 'instant' })", y)
            page.wait_for_timeout(150)
            for action in unsent.locator("a").all():
                at = action.bounding_box()
                for fixed in ("#connection-notice", ".fabs"):
                    covering = _box_if_shown(page.locator(fixed))
                    assert not _overlap(at, covering), (y, action.text_content(), fixed, at, covering)
        # WhatsApp and email carry what was typed: the visitor never retypes.
        wa = urlsplit(unsent.locator("#enquiry-unsent-whatsapp").get_attribute("href") or "")
        assert wa.netloc == "wa.me" and wa.path == f"/{content().site.chat.number}"
        text = parse_qs(wa.query)["text"][0]
        assert name in text and "Second line." in text and "+91" not in text and phone in text
        assert content().service("fire-nocs").name in text
        mail = unsent.locator("#enquiry-unsent-email").get_attribute("href") or ""
        assert mail.startswith(f"mailto:{content().site.email}?") and "Second%20line." in mail
        # The visitor goes elsewhere in the same tab; the backend comes back; they return.
        page.goto("about:blank")
        static_site.backend.open()
        page.goto("/contact-us")
        wait_until_interactive(page)
        confirmation = page.locator("#enquiry-sent")
        expect(confirmation).to_be_visible(timeout=20_000)
        # Sent without a tap: the confirmation is brought on screen and focused, so it is seen
        # and a screen reader reads it.
        expect(confirmation).to_be_in_viewport(ratio=1)
        expect(confirmation).to_be_focused()
        # Whole, below the sticky header (the scroll is smooth: it settles first).
        page.wait_for_function(
            """() => {
              const box = document.querySelector('#enquiry-sent').getBoundingClientRect();
              const header = document.querySelector('.site-header').getBoundingClientRect();
              return box.top >= header.bottom && box.bottom <= innerHeight;
            }"""
        )
        promise = re.compile(r"^(today|tomorrow \(\w+\)|on \w+ \d+ \w+) by \d")
        expect(page.locator("#enquiry-reply-by")).to_have_text(promise)
        page.screenshot(path=str(SHOTS / f"enquiry-sent-later-{width}.png"), full_page=False)
        assert page.evaluate("() => localStorage.getItem('consultancy.enquiry.pending')") is None
        # A reload does not send it again.
        page.reload()
        wait_until_interactive(page)
        page.wait_for_timeout(1500)
        rows = [row for row in _export() if row["name"] == name]
        assert len(rows) == 1, rows
        assert rows[0]["phone"] == phone_cell("+91" + phone.replace(" ", "")) and rows[0]["email"] == ""
        assert content().service("peso").name in rows[0]["service"]
    finally:
        context.close()
        static_site.backend.close()


def test_backend_coming_back_during_the_visit_sends_it_once(browser, static_site, visitors: Visitors) -> None:  # noqa: F811
    context, page = _page(browser, static_site.url, "desktop", visitors)
    try:
        page.goto("/contact-us")
        wait_until_interactive(page)
        name = f"Patient Visitor {random.randrange(10**6)}"
        _fill_contact_form(page, name)
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-unsent")).to_be_visible(timeout=8000)
        static_site.backend.open()
        expect(page.locator("#enquiry-sent")).to_be_visible(timeout=30_000)
        expect(page.locator("#enquiry-unsent")).to_have_count(0)
        page.reload()
        wait_until_interactive(page)
        page.wait_for_timeout(1500)
        assert len([row for row in _export() if row["name"] == name]) == 1
    finally:
        context.close()
        static_site.backend.close()


KEPT = "consultancy.enquiry.pending"
DAY_MS = 24 * 3600 * 1000


def _leave_an_unsent_enquiry(context, name: str) -> str:
    """The author sends an enquiry while the office cannot be reached and leaves (closes the
    tab); returns the phone number typed."""
    author = context.new_page()
    author.set_default_timeout(20_000)
    author.goto("/contact-us")
    wait_until_interactive(author)
    phone = _fill_contact_form(author, name)
    author.get_by_role("button", name="Send enquiry").click()
    expect(author.locator("#enquiry-unsent")).to_be_visible(timeout=8000)
    author.close()
    return phone


def _next_person(context):
    """Someone else at the same computer: the same browser, a new tab."""
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto("/contact-us")
    wait_until_interactive(page)
    return page


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_at_a_shared_computer_a_kept_enquiry_is_asked_about_never_shown_or_sent_unasked(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    context, first = _page(browser, static_site.url, width, visitors)
    first.close()
    try:
        name = f"Shared Computer {random.randrange(10**6)}"
        phone = _leave_an_unsent_enquiry(context, name)
        static_site.backend.open()
        page = _next_person(context)
        kept = page.locator("#enquiry-kept")
        expect(kept).to_be_visible()
        # Only when it was typed and for which services: no name, number or message.
        expect(kept).to_contain_text(content().service("fire-nocs").name)
        shown = page.locator("body").inner_text()
        for secret in (name, phone, "warehouse", "Second line"):
            assert secret not in shown, secret
        for field in ("name", "phone", "message"):
            expect(page.locator(f"#enquiry-{field}")).to_have_value("")
        expect(page.locator("#enquiry-unsent")).to_have_count(0)
        assert_clean(page, "kept enquiry asked about")
        kept.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"enquiry-kept-{width}.png"), full_page=False)
        # Nothing goes without a click, though the office can be reached again.
        page.wait_for_timeout(3000)
        assert not [row for row in _export() if row["name"] == name]
        # The author, back at the computer, opens it to correct it and sends it.
        page.get_by_role("button", name="Edit").click()
        expect(kept).to_have_count(0)
        expect(page.locator("#enquiry-name")).to_have_value(name)
        expect(page.locator("#enquiry-service-fire-nocs")).to_be_checked()
        expect(page.locator("#enquiry-form .service-chip")).to_have_count(2)
        page.locator("#enquiry-message").fill("Corrected: a PESO licence only.")
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-sent")).to_be_visible(timeout=20_000)
        rows = [row for row in _export() if row["name"] == name]
        assert len(rows) == 1 and rows[0]["message"] == "Corrected: a PESO licence only.", rows
        assert page.evaluate(f"() => localStorage.getItem('{KEPT}')") is None
    finally:
        context.close()
        static_site.backend.close()


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_the_next_person_discards_a_kept_enquiry_and_sends_their_own(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    context, first = _page(browser, static_site.url, width, visitors)
    first.close()
    try:
        author = f"Left Behind {random.randrange(10**6)}"
        _leave_an_unsent_enquiry(context, author)
        static_site.backend.open()
        page = _next_person(context)
        page.get_by_role("button", name="Discard").click()
        expect(page.locator("#enquiry-kept")).to_have_count(0)
        assert page.evaluate(f"() => localStorage.getItem('{KEPT}')") is None
        # A fresh form for their own enquiry, under a key of its own.
        expect(page.locator("#enquiry-name")).to_have_value("")
        expect(page.locator("#enquiry-name")).to_be_focused()
        own = f"Next Person {random.randrange(10**6)}"
        _fill_contact_form(page, own)
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-sent")).to_be_visible(timeout=20_000)
        names = {row["name"] for row in _export()}
        assert own in names and author not in names
    finally:
        context.close()
        static_site.backend.close()


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_send_it_sends_a_kept_enquiry_as_it_was_typed_without_showing_it(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    context, first = _page(browser, static_site.url, width, visitors)
    first.close()
    try:
        name = f"Sent Later {random.randrange(10**6)}"
        phone = _leave_an_unsent_enquiry(context, name)
        static_site.backend.open()
        page = _next_person(context)
        page.get_by_role("button", name="Send it").click()
        confirmation = page.locator("#enquiry-sent")
        expect(confirmation).to_be_visible(timeout=20_000)
        expect(confirmation).to_be_focused()
        assert name not in page.locator("body").inner_text()
        expect(page.locator("#enquiry-name")).to_have_value("")
        rows = [row for row in _export() if row["name"] == name]
        assert len(rows) == 1 and rows[0]["phone"] == phone_cell("+91" + phone.replace(" ", "")), rows
        assert page.evaluate(f"() => localStorage.getItem('{KEPT}')") is None
    finally:
        context.close()
        static_site.backend.close()


def test_a_kept_enquiry_with_more_than_a_service_page_asks_is_edited_on_the_contact_page(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
) -> None:
    """The short form has no organisation or district: "Edit" there opens the full form, so
    nothing typed is lost."""
    context, first = _page(browser, static_site.url, "mobile", visitors)
    first.close()
    try:
        author = context.new_page()
        author.goto("/contact-us")
        wait_until_interactive(author)
        name = f"Full Form {random.randrange(10**6)}"
        _fill_contact_form(author, name)
        author.locator("#enquiry-organisation").fill("Utkal Cold Stores")
        author.get_by_role("button", name="Send enquiry").click()
        expect(author.locator("#enquiry-unsent")).to_be_visible(timeout=8000)
        author.close()
        static_site.backend.open()
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto("/peso")
        wait_until_interactive(page)
        page.locator("#enquiry-kept").get_by_role("button", name="Edit").click()
        page.wait_for_url(re.compile(r"/contact-us/?#enquiry$"))
        wait_until_interactive(page)
        expect(page.locator("#enquiry-organisation")).to_have_value("Utkal Cold Stores")
        expect(page.locator("#enquiry-name")).to_have_value(name)
        expect(page.locator("#enquiry-kept")).to_have_count(0)
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-sent")).to_be_visible(timeout=20_000)
        rows = [row for row in _export() if row["name"] == name]
        assert len(rows) == 1 and rows[0]["organisation"] == "Utkal Cold Stores", rows
    finally:
        context.close()
        static_site.backend.close()


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_the_author_removes_an_unsent_enquiry_from_the_browser_and_nothing_goes(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    """Someone who gives up and calls instead, at a shared computer, leaves nothing behind."""
    context, page = _page(browser, static_site.url, width, visitors)
    try:
        page.goto("/contact-us")
        wait_until_interactive(page)
        name = f"Called Instead {random.randrange(10**6)}"
        _fill_contact_form(page, name)
        page.get_by_role("button", name="Send enquiry").click()
        expect(page.locator("#enquiry-unsent")).to_be_visible(timeout=8000)
        with page.expect_navigation():
            page.get_by_role("button", name="Remove it from this browser").click()
        wait_until_interactive(page)
        assert page.evaluate(f"() => localStorage.getItem('{KEPT}')") is None
        expect(page.locator("#enquiry-name")).to_have_value("")
        expect(page.locator("#enquiry-unsent")).to_have_count(0)
        # The office comes back: what was queued went with the page, and a new tab finds nothing.
        static_site.backend.open()
        page.wait_for_timeout(3000)
        expect(_next_person(context).locator("#enquiry-kept")).to_have_count(0)
        assert not [row for row in _export() if row["name"] == name]
    finally:
        context.close()
        static_site.backend.close()


@pytest.mark.parametrize("width", ["mobile", "desktop"])
def test_a_kept_enquiry_older_than_seven_days_is_deleted_unseen(
    browser,
    static_site,  # noqa: F811  (the fixture)
    visitors: Visitors,
    width: str,
) -> None:
    context, first = _page(browser, static_site.url, width, visitors)
    try:
        first.goto("/contact-us")
        name = f"Long Gone {random.randrange(10**6)}"
        _leave_an_unsent_enquiry(context, name)
        # Eight days pass: the kept copy's time is moved back, as the clock would have moved on.
        first.evaluate(
            """([store, days]) => {
              const kept = JSON.parse(localStorage.getItem(store));
              for (const one of [].concat(kept)) one.at -= days;
              localStorage.setItem(store, JSON.stringify(kept));
            }""",
            [KEPT, 8 * DAY_MS],
        )
        first.close()
        static_site.backend.open()
        page = _next_person(context)
        page.wait_for_timeout(3000)
        expect(page.locator("#enquiry-kept")).to_have_count(0)
        expect(page.locator("#enquiry-unsent")).to_have_count(0)
        expect(page.locator("#enquiry-name")).to_have_value("")
        assert page.evaluate(f"() => localStorage.getItem('{KEPT}')") is None
        assert not [row for row in _export() if row["name"] == name]
    finally:
        context.close()
        static_site.backend.close()


def _overlap(a: dict | None, b: dict | None) -> bool:
    """Whether two bounding boxes (None: not rendered) share any area."""
    if a is None or b is None:
        return False
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _box_if_shown(locator) -> dict | None:
    """The element's box while it is shown (not display:none, not faded out), else None."""
    if locator.count() == 0 or not locator.is_visible():
        return None
    if locator.evaluate("(el) => getComputedStyle(el).visibility === 'hidden' || getComputedStyle(el).opacity === '0'"):
        return None
    return locator.bounding_box()


def test_on_a_phone_send_is_never_under_the_call_bar(new_page) -> None:
    """Scrolled by the visitor (nothing focused), wherever Send is on the screen, the call and
    WhatsApp bar is not over it: from just in view at the bottom edge to the page's end."""
    page = new_page(WIDTHS["mobile"])
    page.goto("/contact-us")
    wait_until_interactive(page)
    page.locator("#enquiry-message").fill("A CTO renewal for a rice mill.")
    send = page.get_by_role("button", name="Send enquiry")
    bar = page.locator(".fabs")
    # Above the form the bar is there, as on every page.
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo({ top: 0, behavior: 'instant' }); }")
    page.wait_for_timeout(200)
    expect(bar).to_be_visible()

    def check(where: str) -> None:
        page.evaluate("() => document.activeElement?.blur()")
        page.wait_for_timeout(150)  # the observer reports on the next frames
        button = send.bounding_box()
        assert button is not None
        covered = _box_if_shown(bar)
        assert not _overlap(button, covered), (where, button, covered)

    # As a visitor scrolls down to it: every position from its top edge entering the screen
    # to the page's end, in 30 px steps.
    top = send.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
    for y in range(int(top - 844), int(top) + 30, 30):
        page.evaluate("(y) => window.scrollTo({ top: y, behavior: 'instant' })", y)
        check(f"scrolled to {y}")
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'instant' })")
    send.scroll_into_view_if_needed()
    check("scrolled into view")
    send.evaluate("(el) => el.scrollIntoView({ block: 'end', behavior: 'instant' })")
    check("at the bottom edge")
    page.evaluate("() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })")
    check("at the page's end")
    send.scroll_into_view_if_needed()
    check("back into view")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "enquiry-send-mobile.png"))
    # Tapping it sends: nothing is over it.
    button = send.bounding_box()
    assert button is not None
    assert page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent",
        [button["x"] + button["width"] / 2, button["y"] + button["height"] / 2],
    ) in ("Send enquiry", "Sending…")
    # Back above the form the bar returns.
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'instant' })")
    expect(bar).to_be_visible()
