"""The staff inbox's second factor, sessions and idle tabs in a real browser, at 390 and
1280 px: enrolment by QR code and sign-in with a code done with the keyboard alone, the list of
open sessions ending another browser's, and open tabs that forget what they show when another
tab signs out or the session's idle timeout passes, without a click."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from consultancy.staff import second_factor
from tests.browser.test_staff_inbox import PASSWORD, add_user, current_code, open_page, sign_in, submit_enquiry
from tests.conftest import ROOT, WIDTHS, HeldScripts

pytestmark = pytest.mark.browser
SHOTS = ROOT / "build" / "screenshots" / "staff-account"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.viewport_size['width']}.png"), full_page=True)


def keyboard_sign_in(page, name: str, code: str) -> None:
    """Name, password and code typed, Tab between them, Enter to send: no mouse."""
    page.locator("#staff-name").focus()
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    expect(page.locator("#staff-password")).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    expect(page.locator("#staff-code")).to_be_focused()
    page.keyboard.type(code)
    with page.expect_navigation():
        page.keyboard.press("Enter")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_enrolment_and_sign_in_with_the_second_factor_by_keyboard(visitor, width: str) -> None:
    name = add_user(enrolled=False)
    page = visitor(WIDTHS[width])
    open_page(page, "/staff")
    # First sign-in: the password alone opens the enrolment, not the inbox.
    keyboard_sign_in(page, name, "")
    expect(page.get_by_role("heading", name="Set up your second factor")).to_be_visible()
    qr = page.locator("#staff-qr")
    expect(qr).to_be_visible()
    # Drawn: the browser decoded the SVG (an SVG without its namespace decodes to nothing).
    page.wait_for_function("document.getElementById('staff-qr').complete")
    assert page.evaluate("document.getElementById('staff-qr').naturalWidth") > 100
    assert (qr.get_attribute("src") or "").startswith("data:image/svg+xml")
    expect(page.locator(".staff__who")).to_have_count(0)
    box = qr.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[width]["width"]
    shot(page, "enrol")
    secret = page.locator("#staff-enrol-secret").inner_text().replace(" ", "")
    page.locator("#staff-enrol-code").focus()
    page.keyboard.type("000000")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert").filter(has_text="does not match")).to_be_visible()
    page.locator("#staff-enrol-code").fill("")
    page.locator("#staff-enrol-code").focus()
    page.keyboard.type(second_factor.code_now(secret, datetime.now(UTC)))
    page.keyboard.press("Enter")
    codes = page.locator("#staff-recovery-codes li")
    expect(codes).to_have_count(second_factor.RECOVERY_CODES)
    shot(page, "recovery-codes")
    page.locator("#staff-codes-kept").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".staff__who")).to_contain_text(name)
    # Signed out, the password alone is refused now; with the app's code it opens.
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()
    keyboard_sign_in(page, name, "")
    expect(page.locator("#staff-sign-in-error")).to_contain_text("do not match")
    expect(page.locator(".staff__who")).to_have_count(0)
    shot(page, "sign-in")
    keyboard_sign_in(page, name, current_code(name))
    expect(page.locator(".staff__who")).to_contain_text(name)
    # The device cookie is HttpOnly like the session's.
    assert "staff" not in page.evaluate("document.cookie")
    assert not page.js_errors


# Notes every time the sign-in form leaves the page (React replacing it would take the focus
# and the words typed with it).
WATCH_THE_FORM = """
window.__formRemoved = 0;
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.removedNodes)
        if (node.nodeType === 1 && (node.matches(".staff__sign-in") || node.querySelector(".staff__sign-in")))
          window.__formRemoved += 1;
  }).observe(document.body, { subtree: true, childList: true });
});
"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_sign_in_typed_as_the_page_loads_after_signing_out_is_kept(visitor, width: str) -> None:
    """After signing out, the same tab's next page once showed the inbox for a moment (the
    state store's `signed_in`, sent to the new socket before its cookie was checked) and
    then the sign-in form again, a new one: the focus and the words typed were lost. The form
    typed into from the first paint, on through React's takeover and the backend's first
    answer, keeps both."""
    name = add_user()
    page = visitor(WIDTHS[width])
    open_page(page, "/staff")
    sign_in(page, name)
    expect(page.locator(".staff__who")).to_contain_text(name)
    page.add_init_script(WATCH_THE_FORM)
    scripts = HeldScripts(page)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()
    page.locator("#staff-name").focus()
    page.keyboard.type(name[:4])
    scripts.release()
    page.keyboard.type(name[4:])
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    # The page is React's and the backend has checked this socket's cookie (no session).
    page.wait_for_selector("#app-ready[data-ready='true'][data-hydrated='true']", state="attached")
    expect(page.locator(".staff__who")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(page.locator("#staff-code")).to_be_focused()
    page.keyboard.type(current_code(name))
    assert page.evaluate("window.__formRemoved") == 0
    expect(page.locator("#staff-name")).to_have_value(name)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".staff__who")).to_contain_text(name)
    assert not page.js_errors


@pytest.mark.parametrize("width", list(WIDTHS))
def test_staff_see_their_open_sessions_and_end_another(visitor, width: str) -> None:
    name = add_user()
    other = visitor(WIDTHS["desktop"])
    open_page(other, "/staff")
    sign_in(other, name)
    expect(other.locator(".staff__who")).to_contain_text(name)
    page = visitor(WIDTHS[width])
    open_page(page, "/staff")
    sign_in(page, name)
    page.locator("#staff-account summary").click()
    sessions = page.locator("#staff-sessions li")
    expect(sessions).to_have_count(2)
    expect(sessions.first).to_contain_text("(this browser)")
    shot(page, "sessions")
    sessions.nth(1).get_by_role("button", name="End").click()
    expect(sessions).to_have_count(1)
    # The other browser's next click finds its session gone.
    other.get_by_role("button", name="Refresh").click()
    expect(other.locator("#staff-name")).to_be_visible()
    expect(page.locator(".staff__who")).to_contain_text(name)


def _age_sessions(name: str, minutes: int) -> None:
    """The server's clock for this user's sessions moved on (their last event `minutes` ago)."""
    engine = sa.create_engine(os.environ["DB_URL"], poolclass=sa.pool.NullPool)
    then = datetime.now(UTC) - timedelta(minutes=minutes)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "UPDATE staff_session SET last_seen_at = :then, created_at = :then "
                "WHERE user_id = (SELECT id FROM staff_user WHERE name = :name)"
            ),
            {"then": then, "name": name},
        )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_open_tabs_forget_what_they_show_at_sign_out_and_when_idle(visitor, width: str) -> None:
    marker = f"Idle tab check {os.urandom(3).hex()}"
    submit_enquiry(visitor(), name=marker, message="A fire NOC for the idle tab test.")
    name = add_user()
    first = visitor(WIDTHS[width])
    open_page(first, "/staff")
    sign_in(first, name)
    second = first.context.new_page()
    open_page(second, "/staff")
    expect(second.get_by_text(marker).first).to_be_visible()
    # Signing out in one tab empties the other at once, with no click in it.
    with first.expect_navigation():
        first.get_by_role("button", name="Sign out").click()
    expect(second.locator("#staff-name")).to_be_visible()
    expect(second.get_by_text(marker)).to_have_count(0)

    # Idle: the page's clock runs on past the timeout while the server ends the session.
    page = first.context.new_page()
    page.clock.install()
    open_page(page, "/staff")
    sign_in(page, name)
    expect(page.get_by_text(marker).first).to_be_visible()
    _age_sessions(name, 31)
    page.clock.fast_forward("31:00")
    expect(page.locator("#staff-name")).to_be_visible()
    expect(page.get_by_text(marker)).to_have_count(0)
    shot(page, "idle-signed-out")
