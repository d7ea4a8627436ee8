"""What a visitor does after the first paint and before React has taken the page over is
held, then done for real (consultancy/framework/early_input.js).

The page's scripts are held back (tests.conftest.HeldScripts), so each input certainly comes
before React; releasing them lets the page become interactive."""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import HeldScripts

pytestmark = pytest.mark.browser


def test_a_button_tapped_early_answers_once_the_page_is_interactive(mobile_page) -> None:
    page = mobile_page
    scripts = HeldScripts(page)
    page.goto("/testimonials")
    item = page.locator("#gallery-item-2")
    item.click()
    # Held, and shown to be waiting.
    expect(item).to_have_attribute("data-held", "")
    page.wait_for_timeout(300)
    expect(page.locator("#lightbox-counter")).to_have_count(0)
    scripts.release()
    expect(page.locator("#lightbox-counter")).to_have_text("3 of 9")
    expect(item).not_to_have_attribute("data-held", "")
    assert page.js_errors == []


def test_a_menu_link_tapped_early_opens_its_menu_and_a_second_tap_is_not_a_second_toggle(desktop_page) -> None:
    page = desktop_page
    scripts = HeldScripts(page)
    page.goto("/about")
    page.mouse.move(5, 890)
    trigger = page.locator("#services-trigger")
    trigger.click()
    trigger.click()
    page.wait_for_timeout(500)
    expect(page).to_have_url(re.compile(r"/about/?$"))
    expect(page.locator("#services-menu")).to_be_hidden()
    scripts.release()
    expect(page.locator("#services-menu")).to_be_visible()
    expect(trigger).to_have_attribute("aria-expanded", "true")
    expect(page).to_have_url(re.compile(r"/about/?$"))


def test_a_menu_link_is_followed_when_the_scripts_do_not_come(desktop_page) -> None:
    page = desktop_page
    HeldScripts(page)
    page.goto("/about")
    page.locator("#services-trigger").click()
    expect(page).to_have_url(re.compile(r"/services/?$"), timeout=5000)
    expect(page.locator("h1")).to_be_visible()


def test_text_typed_early_is_searched_once_the_page_is_interactive(desktop_page) -> None:
    page = desktop_page
    scripts = HeldScripts(page)
    page.goto("/about")
    page.locator("#site-search").fill("groundwater")
    scripts.release()
    expect(page.locator("#search-results a").first).to_have_attribute("href", "/cgwanoc")
    expect(page.locator("#site-search")).to_have_value("groundwater")


def test_ticks_made_early_are_counted_and_kept_by_the_backend(mobile_page) -> None:
    page = mobile_page
    scripts = HeldScripts(page)
    page.goto("/peso")
    page.locator("label[for='check-0']").click()
    page.locator("label[for='check-2']").click()
    # A box ticked and unticked again before React came is no change at all.
    page.locator("label[for='check-3']").click()
    page.locator("label[for='check-3']").click()
    expect(page.locator("#check-0")).to_be_checked()
    scripts.release()
    expect(page.locator("#checklist-progress strong")).to_have_text("2")
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "2")
    for n, ticked in ((0, True), (1, False), (2, True), (3, False)):
        expect(page.locator(f"#check-{n}")).to_be_checked(checked=ticked)
    # And the boxes go on working as usual.
    page.locator("label[for='check-0']").click()
    expect(page.locator("#checklist-progress strong")).to_have_text("1")
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "1")


def test_early_ticks_reach_react_only_as_the_replay(mobile_page) -> None:
    """React listens on the document (it hydrates the whole document). A tick it saw while
    still taking the page over would be counted there and again by the replay, and a tick is
    a toggle, so the count came out one short under load. Until the page is interactive no
    box event gets past the window."""
    page = mobile_page
    scripts = HeldScripts(page)
    page.goto("/peso")
    page.evaluate(
        """() => {
        window.__seen = [];
        for (const type of ["click", "input", "change"])
          document.addEventListener(
            type, (e) => e.target.matches("input") && window.__seen.push(type + ":" + e.target.id), true
          );
      }"""
    )
    page.locator("label[for='check-0']").click()
    page.locator("label[for='check-1']").click()
    expect(page.locator("#check-1")).to_be_checked()
    assert page.evaluate("window.__seen") == []
    scripts.release()
    expect(page.locator("#checklist-progress strong")).to_have_text("2")
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "2")
    # The replay is what reached React, once per box.
    clicks = sorted(s for s in page.evaluate("window.__seen") if s.startswith("click:"))
    assert clicks == ["click:check-0", "click:check-1"]


def test_finder_answers_chosen_early_give_their_results(desktop_page) -> None:
    page = desktop_page
    scripts = HeldScripts(page)
    page.goto("/approvals-finder")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    page.get_by_role("group", name="Is the site on or near any of these?").get_by_label("Forest land").check()
    # The activity is typed early; the matches open once the page is interactive.
    box = page.get_by_role("combobox", name="What is the project?")
    box.fill("quarry")
    scripts.release()
    expect(box).to_have_attribute("aria-expanded", "true")
    box.press("Enter")
    expect(box).to_have_value("Mine or quarry")
    expect(page.locator("#finder-results [data-approval='forest-clearance']")).to_be_visible()


# Chrome's CPU slowdown for the tests below: React's takeover of the finder then lasts over
# several keystrokes at a visitor's pace, as on a slow phone.
SLOW_PHONE = 6


def type_through_the_takeover(page, scripts: HeldScripts, early: str, then: str, padding: str) -> str:
    """Types `early` while the scripts are held, releases them, then types `then` and `padding`
    (again and again), one key at a time at a visitor's pace, until three keys after the page
    became interactive: some keys certainly land while React takes the page over. Returns what
    was typed."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOW_PHONE})
    page.keyboard.type(early)
    assert page.locator("#app-ready[data-ready='true']").count() == 0
    scripts.release()
    typed, ready = early, None
    for n, key in enumerate(itertools.chain(then, itertools.cycle(padding))):
        page.keyboard.type(key)
        typed += key
        if ready is None and page.locator("#app-ready[data-ready='true']").count():
            ready = n
        if ready is not None and n >= max(ready + 3, len(then)):
            return typed
        assert n < 300, "the page was not interactive after 300 keys"
        page.wait_for_timeout(40)
    raise AssertionError("unreachable")


def test_words_typed_while_react_takes_the_finder_over_are_kept(page) -> None:
    """Typed before the scripts, while React takes the page over (its render put the picker's
    own empty value back into the box before the replay had read it: docs/flakes.md) and after:
    every key is in the box and in the picker's matches."""
    scripts = HeldScripts(page)
    page.goto("/approvals-finder")
    box = page.get_by_role("combobox", name="What is the project?")
    box.click()
    # "for", "the", "new", "small", "unit" are words the matching leaves out, so the padding
    # keeps the matches of "cold storage".
    typed = type_through_the_takeover(page, scripts, "cold", " storage", " for the new small unit")
    expect(box).to_have_value(typed)
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#q-activity-list [role='option']").first).to_have_attribute("data-value", "cold-store")
    # React holds the same words: a render of the box (a new active option) keeps them.
    page.keyboard.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", "q-activity-list-1")
    expect(box).to_have_value(typed)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(box).to_have_value("Cold store")
    assert page.js_errors == []
