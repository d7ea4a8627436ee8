"""Taps and screens a visitor on a phone spends to reach a sent request, for two journeys:

- a service page (/peso) to a sent enquiry, through the page's own form;
- the renewal calendar to a request for reminders (one approval with its date).

A tap is every click or tap on a control (a field, a box, a button, a link), counted by a
listener in the page, so the figure is what the page made the visitor do, whatever the script
calls. Typing is not counted. Screens are how far down the visitor had to go: the lowest point
of the page the viewport reached, in viewport heights (1.0 is a journey done without
scrolling). Both are measured the same way on any build, so a build of an older commit gives the
"before".

`python scripts/journeys.py --url http://127.0.0.1:3000` prints one line per journey. The
server should not limit 127.0.0.1 (the test server's LIMIT_EXEMPT), since each run sends one
enquiry and one request for reminders.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM  # noqa: E402
from tests.conftest import CHROMIUM_FLAGS as FLAGS  # noqa: E402

PHONE = {"width": 390, "height": 844}
# What a visitor types into a field the form asks for again.
ANSWERS = {"quick-email": "plant@example.com", "quick-message": "PESO licence for a diesel tank."}
COUNTER = Path(__file__).with_name("journeys.js").read_text(encoding="utf-8")


def _ready(page: Page) -> None:
    # React has taken the page over once the connection banner's script ran; a visible form
    # control that answers is enough for both journeys.
    page.wait_for_load_state("networkidle")


def _service_page(page: Page) -> None:
    page.goto("/peso")
    _ready(page)
    page.locator("#quick-name").tap()
    page.keyboard.type("Sunita Behera")
    page.locator("#quick-phone").tap()
    page.keyboard.type(f"94{random.randrange(10**8):08d}")
    page.locator("#quick-consent").tap()
    # A field the form asks for only once Send is tapped (an older build wanted a message) costs
    # the visitor a tap on it and another on Send.
    for _ in range(3):
        page.get_by_role("button", name="Send enquiry").tap()
        sent = page.locator("#enquiry-sent")
        asked = page.locator("#quick-form [id$='-error']").filter(has_text=re.compile(r"\S"))
        try:
            expect(sent).to_be_visible(timeout=10000)
            return
        except AssertionError:
            pass
        for error in asked.all():
            field = page.locator("#" + (error.get_attribute("id") or "").removesuffix("-error"))
            field.tap()
            page.keyboard.type(ANSWERS.get(field.get_attribute("id") or "", "PESO licence for a diesel tank."))
    raise AssertionError("the enquiry was not sent after three tries")


def _calendar(page: Page) -> None:
    page.goto("/renewal-calendar")
    _ready(page)
    # Today's id, or the one it had before the law records (an older build).
    for approval in ("consent-to-operate", "cto"):
        if page.locator(f"#cal-{approval}").count():
            break
    page.locator(f"#cal-{approval}").tap()
    field = page.locator(f"#cal-date-{approval}")
    field.tap()
    day = date.today() + timedelta(days=400)
    field.press_sequentially(day.strftime("%m%d%Y"))
    page.locator("#reminders-email").tap()
    page.keyboard.type(f"plant-{random.randrange(10**9)}@example.com")
    page.locator("#reminders-consent").tap()
    page.get_by_role("button", name="Email me reminders").tap()
    expect(page.locator("#reminders-saved")).to_be_visible(timeout=20000)


JOURNEYS: dict[str, Callable[[Page], None]] = {
    "service page to a sent enquiry": _service_page,
    "calendar to a reminders request": _calendar,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, journey in JOURNEYS.items():
            context = browser.new_context(
                base_url=args.url, viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US"
            )
            context.add_init_script(COUNTER)
            page = context.new_page()
            journey(page)
            taps, reach = page.evaluate("[window.__journey.taps, window.__journey.reach]")
            print(f"{name}: {taps} taps, {reach / PHONE['height']:.1f} screens")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
