"""Counts taps and screens for "the hospital finder to a sent request on a phone" (docs/finder.md).

`python scripts/finder_taps.py http://127.0.0.1:PORT` walks a hospital owner's answers at 390 x 844
in a real browser and prints, from what the page shows: the questions asked and the taps each
takes (a closed list two: open, choose; a radio button, a box or a number field one, typing
aside), the screens between where "See the list" lands and the request, and the taps of the
contact form the request opens (its required fields, consent and Send)."""

from __future__ import annotations

import sys

from playwright.sync_api import sync_playwright

from tests.conftest import CHROMIUM, CHROMIUM_FLAGS

# A new 60-bed hospital of 6,000 m2, 10 m and 2 floors, with X-ray and ultrasound, whose site
# is near Bhubaneswar (the place step's district and airport answers), no forest or sea.
ANSWERS = (
    "activity=hospital&stage=new&premises=build&built_up_area=6000&height=10&floors=2&beds=60"
    "&xray=yes&ultrasound=yes&pharmacy=no&food=no&boiler=no&hazardous_waste=no"
    "&district=khordha&airport=within-20&site=none"
)
VIEW = {"width": 390, "height": 844}
_COUNT = """() => {
  const shown = (e) => e.offsetParent !== null;
  // The place step is one answer (a PIN code typed), and the questions inside it are its own.
  const own = (q) => shown(q) && !q.parentElement.closest('#finder-place');
  const qs = [...document.querySelectorAll('.finder__form .question')].filter(own);
  let taps = 0; const parts = [];
  for (const q of qs) {
    const selects = [...q.querySelectorAll('select')].filter(shown).length;
    const fields = q.querySelectorAll('input[type=number], input[type=text], input[type=search]');
    const numbers = [...fields].filter(shown).length;
    const radios = new Set([...q.querySelectorAll('input[type=radio]')].filter(shown).map((r) => r.name)).size;
    // A group of boxes: a tap per box ticked, or one for "None of these".
    const ticked = q.querySelectorAll('input[type=checkbox]:checked').length;
    const boxes = ticked || (q.querySelector('input[type=checkbox]') ? 1 : 0);
    const t = q.id === 'finder-place' ? 1 : selects * 2 + numbers + radios + boxes;
    taps += t; parts.push(`${(q.querySelector('legend, label')?.textContent || '').trim().slice(0, 40)}: ${t}`);
  }
  return {questions: qs.length, taps, parts};
}"""


def main(base: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport=VIEW, has_touch=True).new_page()
        page.goto(f"{base}/approvals-finder?{ANSWERS}")
        page.wait_for_selector("#app-ready[data-ready='true']", state="attached")
        page.wait_for_timeout(500)
        answered = page.evaluate(_COUNT)
        lands = page.locator("#finder-results-panel").evaluate("e => e.getBoundingClientRect().top + scrollY")
        request = page.locator("#finder-request").evaluate("e => e.getBoundingClientRect().top + scrollY")
        in_bar = page.locator("#finder-summary-request").count() > 0
        screens = (request - lands) / VIEW["height"]
        page.goto(base + (page.locator("#finder-request").get_attribute("href") or "/contact-us"))
        page.wait_for_selector("#app-ready[data-ready='true']", state="attached")
        # Name, phone, the consent box and Send: what is left to do on the form that opens.
        form = page.evaluate(
            "() => [...document.querySelectorAll('#enquiry-name, #enquiry-phone, #enquiry-consent,"
            " #enquiry-form button[type=submit]')].filter((e) => e.offsetParent !== null).length"
        )
        browser.close()
    print(f"questions shown: {answered['questions']}, taps to answer: {answered['taps']}")
    for part in answered["parts"]:
        print(f"  {part}")
    print(f"request: {screens:.1f} screens below where 'See the list' lands; in the bar: {in_bar}")
    print(f"contact form: {form} taps (name, phone, consent, Send)")


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"))
