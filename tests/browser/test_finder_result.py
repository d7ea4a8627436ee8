"""The finder's result in a real browser at 390 and 1280 px: the request right under the
approvals and in the bar, the checklist on request (all of it on paper), the approvals outside
the firm's services apart, reasons that name the visitor's project, a bar that never moves
under a finger, and no option cut off. Set FINDER_SHOTS to a directory to keep screenshots."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import WIDTHS, HeldScripts, wait_until_interactive

HOSPITAL = (
    "/approvals-finder?activity=hospital&stage=new&premises=build&built_up_area=6000&height=10&floors=2&beds=60"
    "&xray=yes&ultrasound=yes&pharmacy=no&food=no&boiler=no&hazardous_waste=no"
)
# The same hospital before its boxes are ticked, and a beach hotel (its site and airport asked).
HOSPITAL_UNTICKED = "/approvals-finder?activity=hospital&stage=new&premises=build&built_up_area=6000&height=10&floors=2"
HOTEL = "/approvals-finder?activity=hotel&stage=new&premises=build&built_up_area=6000&height=16"


def _shot(page, name: str) -> None:
    folder = os.environ.get("FINDER_SHOTS")
    if folder:
        width = page.viewport_size["width"] if page.viewport_size else 0
        page.screenshot(path=f"{folder}/{name}-{width}.png", full_page=True)


def _top(page, selector: str) -> float:
    return page.locator(selector).evaluate("e => e.getBoundingClientRect().top + window.scrollY")


@pytest.mark.browser
def test_request_comes_right_under_the_approvals_and_in_the_bar(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    request = page.locator("#finder-request")
    expect(request).to_be_visible()
    # After the last approval that applies, before everything else the result lists.
    last = page.locator("#finder-results .result:not([hidden])").last
    assert _top(page, "#finder-request") > last.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
    for later in ("#finder-studies-panel", "#finder-undecided-panel", "#finder-outside-panel", "#finder-checklist"):
        expect(page.locator(later)).to_be_visible()
        assert _top(page, "#finder-request") < _top(page, later), later
    # The bar carries the same request, on the screen wherever the visitor is.
    bar_request = page.locator("#finder-summary-request")
    expect(bar_request).to_be_visible()
    assert bar_request.get_attribute("href") == request.get_attribute("href")
    assert (bar_request.get_attribute("href") or "").startswith("/contact-us?services=")
    page.get_by_role("button", name="Start over").scroll_into_view_if_needed()
    expect(bar_request).to_be_in_viewport()
    # On a desk the list is part of the page, not a panel that scrolls inside itself.
    panel = page.locator("#finder-results-panel")
    assert panel.evaluate("e => getComputedStyle(e).overflowY") == "visible"
    assert panel.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    _shot(page, "result-hospital")


@pytest.mark.browser
def test_the_checklist_opens_on_request_and_prints_with_everything(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    checklist = page.locator("#finder-checklist")
    items = page.locator("#finder-checklist-items .finder__document:not([hidden])")
    expect(checklist).to_be_visible()
    expect(checklist.locator("summary")).to_contain_text(re.compile(r"Documents to gather .*\(\d+\)"))
    expect(items.first).to_be_hidden()
    checklist.locator("summary").click()
    expect(items.first).to_be_visible()
    count = int(page.locator("#finder-checklist-count").inner_text())
    assert items.count() == count > 5
    checklist.locator("summary").click()
    expect(items.first).to_be_hidden()
    # On paper: every part of the result, the checklist too, though it is closed on screen.
    page.emulate_media(media="print")
    for part in ("#finder-results", "#finder-studies-panel", "#finder-outside-panel", "#finder-undecided-panel"):
        expect(page.locator(part)).to_be_visible()
    expect(items.first).to_be_visible()
    expect(items.last).to_be_visible()
    expect(page.locator("#finder-summary")).to_be_hidden()
    page.emulate_media(media="screen")
    expect(items.first).to_be_hidden()


@pytest.mark.browser
def test_approvals_outside_our_services_are_set_apart_in_words_and_look(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    outside = page.locator("#finder-outside-panel")
    expect(outside.locator("h2")).to_contain_text("Not our services")
    aerb = outside.locator("[data-outside='aerb']")
    expect(aerb).to_be_visible()
    # Said in words on every item, not by colour alone, and no link to a service page of ours.
    expect(aerb.locator(".result__tag")).to_have_text("Not a service of ours")
    expect(aerb.locator("a")).to_have_count(0)
    ours = page.locator("#finder-results [data-approval='fire-noc']")
    expect(ours.locator(".result__tag")).to_have_count(0)
    style = "e => { const s = getComputedStyle(e); return [s.borderLeftStyle, s.borderLeftColor, s.backgroundColor]; }"
    assert aerb.evaluate(style) != ours.evaluate(style)
    assert aerb.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    # Its own group, apart from the firm's approvals and studies.
    assert page.locator("#finder-results [data-outside]").count() == 0
    _shot(page, "result-outside")


@pytest.mark.browser
def test_reasons_name_the_visitors_own_project(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    why = page.locator("#finder-results [data-approval='consent-to-operate'] .result__why")
    expect(why).to_contain_text("Your hospital needs the Board's consent: every pollution category but White does")
    texts = page.locator(".result:not([hidden]) .result__why").all_inner_texts()
    assert texts
    for text in texts:
        assert "{project}" not in text and "CPCB list" not in text and "(not White)" not in text, text
    fire = page.locator("#finder-results [data-approval='fire-noc'] .result__why")
    expect(fire).to_contain_text("Your hospital will have more than 30 beds")
    # A reason is said once, though two rules give it.
    plan = page.locator("#finder-results [data-approval='building-plan'] .result__why").inner_text()
    assert plan.count("You will build") == 1


# The bar's box in every state a visitor meets, and each tap's target recorded by the page.
_BAR = "() => { const r = document.getElementById('finder-summary').getBoundingClientRect(); return [r.top, r.height] }"
_RECORD = """() => {
  window.__taps = [];
  const bar = () => JSON.stringify(document.getElementById('finder-summary').getBoundingClientRect());
  const name = (e) => e.target.closest('label, a, button')?.textContent.trim().slice(0, 30);
  const on = (type, record) => document.addEventListener(type, record, true);
  const at = (e) => `${e.target.nodeName}#${e.target.id} at ${Math.round(e.clientX)},${Math.round(e.clientY)}`;
  on('pointerdown', (e) => window.__taps.push({down: bar(), target: name(e), at: at(e)}));
  on('click', (e) => Object.assign(window.__taps.at(-1) ?? {}, {click: bar(), clicked: name(e)}));
}"""


@pytest.mark.browser
def test_the_bar_keeps_its_place_so_a_tap_lands_on_the_answer(new_page, viewport) -> None:
    """A finger aims at what it sees: the bar along the bottom must not grow, shrink or move as
    the answers change, or the next tap lands on it (its "See the list" link) instead of the
    answer just above it."""
    page = new_page(viewport, has_touch=True)
    # A shared link as a phone paints it, before the scripts have come.
    held = HeldScripts(page)
    page.goto(HOSPITAL_UNTICKED)
    first_paint = page.evaluate(_BAR)
    held.release()
    wait_until_interactive(page)
    expect(page.locator("#finder-count")).not_to_have_text("0")
    boxes = {"first paint of a shared link": first_paint, "answers read": page.evaluate(_BAR)}
    page.evaluate(_RECORD)
    # Each box just above the bar, where a thumb reaches it, tapped at its middle.
    for name in ("^X-ray, CT", "^Ultrasound"):
        control = page.get_by_label(re.compile(name))
        bar_top, bar_height = page.evaluate(_BAR)
        line = (bar_top if bar_height else page.viewport_size["height"]) - 14
        box = control.bounding_box()
        assert box
        page.evaluate(f"() => window.scrollBy({{top: {box['y'] + box['height'] / 2 - line}, behavior: 'instant'}})")
        box = control.bounding_box()
        assert box
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            expect(control).to_be_checked()
        except AssertionError as missed:
            # Where the finger landed, and where the box was by then.
            taps = page.evaluate("window.__taps")
            raise AssertionError(f"tapped {box}; box now {control.bounding_box()}; {taps}") from missed
    boxes["after the taps"] = page.evaluate(_BAR)
    # Cut short only if it must: the count and the request read in full.
    for part in ("#finder-summary .finder__summary-count", "#finder-summary-request"):
        assert page.locator(part).evaluate("e => e.scrollWidth <= e.clientWidth"), part
    assert "#" not in page.url
    for tap in page.evaluate("window.__taps"):
        assert tap["down"] == tap.get("click"), tap
        assert tap["target"] == tap.get("clicked"), tap
    page.get_by_role("button", name="Start over").click()
    expect(page.locator("#finder-count")).to_have_text("0")
    boxes["no answers"] = page.evaluate(_BAR)
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    boxes["first answer"] = page.evaluate(_BAR)
    assert len({tuple(b) for b in boxes.values()}) == 1, boxes
    # The page ends above the bar: nothing hides under it.
    height = page.evaluate(_BAR)[1]
    reserved = page.evaluate("() => parseFloat(getComputedStyle(document.body).paddingBottom)")
    assert reserved >= height, (reserved, height)


def test_on_a_phone_the_finder_has_one_bar_with_call_and_chat_in_it(new_page, viewport) -> None:
    """At 390 px the request bar sat on top of the call and WhatsApp bar: together about a
    quarter of the screen while answering. Now one bar at the bottom edge carries the count,
    the request, the call and the chat; on a wide screen the round call and chat buttons stay."""
    from consultancy.content import content

    site = content().site
    page = new_page(viewport)
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    bar = page.locator("#finder-summary")
    chat = bar.locator(".finder__summary-contact--chat")
    call = bar.locator(".finder__summary-contact--call")
    if viewport == WIDTHS["mobile"]:
        expect(page.locator(".fabs")).to_be_hidden()
        expect(chat).to_have_attribute("href", site.chat_href)
        expect(call).to_have_attribute("href", site.tel_href)
        box = bar.bounding_box()
        assert box and box["y"] + box["height"] >= page.viewport_size["height"] - 1, box
        # One bar: at most a thirteenth of an 844 px screen.
        assert box["height"] <= 64, box
        for part in ("#finder-summary .finder__summary-count", "#finder-summary-request"):
            assert page.locator(part).evaluate("e => e.scrollWidth <= e.clientWidth"), part
    else:
        expect(page.locator(".fabs")).to_be_visible()
        expect(chat).to_be_hidden()
        expect(call).to_be_hidden()


# Labels and choices the visitor reads must show whole: none is cut off at either width. The
# activity is a typed search, whose list shows each option in full.
_CLIPPED = """() => {
  const out = [];
  const shown = (e) => e.offsetParent !== null;
  for (const e of document.querySelectorAll('.finder__form label, .finder__form legend, .finder__form .choice span')) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) out.push(e.textContent.trim());
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const select of document.querySelectorAll('.finder__form select:not(#q-activity)')) {
    if (!shown(select)) continue;
    const s = getComputedStyle(select);
    canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
    for (const option of select.options) {
      if (canvas.measureText(option.text).width > room) out.push(option.text);
    }
  }
  return out;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("address", [HOSPITAL, HOTEL])
def test_no_option_is_cut_off(page, address: str) -> None:
    page.goto(address)
    wait_until_interactive(page)
    expect(page.get_by_text("How far is the site from an airport?", exact=True)).to_be_visible()
    assert page.evaluate(_CLIPPED) == []
    airport = page.get_by_role("group", name="How far is the site from an airport?")
    expect(airport.get_by_label(re.compile("^Within 56 km of another airport"))).to_be_visible()
