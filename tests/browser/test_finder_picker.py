"""The finder's typed activity picker in the built page: plain words find the sector, its
category decides the consents, at 390 and 1280 px, with the mouse and with the keyboard alone
(WAI-ARIA 1.2 combobox). The matching itself: tests/unit/test_finder_activity.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.browser.finder_steps import activity_box, activity_label
from tests.conftest import wait_until_interactive

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screens-finder2"


@pytest.mark.browser
def test_typed_words_find_the_sector_and_its_category_decides_consent(page) -> None:
    width = page.viewport_size["width"]
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    box = activity_box(page)
    listbox = page.locator("#q-activity-list")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(listbox).to_be_hidden()
    box.fill("rice mill")
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(box).to_have_attribute("aria-controls", "q-activity-list")
    expect(listbox).to_have_attribute("role", "listbox")
    first = listbox.get_by_role("option").first
    expect(first).to_have_attribute("data-value", "rice-mill")
    expect(first).to_contain_text("Orange category")
    # "Something else" is always offered, last.
    expect(listbox.get_by_role("option").last).to_have_attribute("data-value", "other")
    # The list floats over the page; below the fold, the box moves up so it shows in full.
    page.wait_for_function(
        "() => { const r = document.getElementById('q-activity-list').getBoundingClientRect();"
        " return r.height > 0 && r.bottom <= innerHeight; }"
    )
    box_area, list_area = box.bounding_box(), listbox.bounding_box()
    assert list_area["x"] >= 0 and list_area["x"] + list_area["width"] <= width
    assert list_area["y"] >= box_area["y"] + box_area["height"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"picker-open-{width}.png"))
    first.click()
    expect(box).to_have_value(activity_label("rice-mill"))
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#q-activity-chosen")).to_contain_text("We confirm your unit's category with the Board")
    expect(page).to_have_url(re.compile(r"activity=rice-mill"))
    page.get_by_role("group", name="What stage is it at?").get_by_label("Existing operation").check()
    expect(page.locator("#finder-results [data-approval='consent-to-operate']")).to_be_visible()
    expect(page.locator("#finder-results [data-approval='consent-to-operate']")).to_contain_text(
        "we confirm your unit's category with the Board"
    )
    page.screenshot(path=str(SHOTS / f"picker-chosen-{width}.png"))
    # Other words for other sectors; an activity the list does not settle says why.
    box.fill("mobile tower")
    listbox.locator("[data-value='telecom-tower']").click()
    expect(page.locator("#q-activity-chosen")).to_contain_text("we check with you whether it needs")
    consent = page.locator("#finder-undecided [data-undecided='consent-to-operate']")
    expect(consent).to_contain_text(content().finder.confirm_call)
    # Not a dead end: the call and WhatsApp buttons are beside it.
    expect(consent.locator("[data-call] a[href^='tel:']")).to_be_visible()
    expect(consent.locator("[data-call] a[href^='https://wa.me/']")).to_be_visible()
    consent.screenshot(path=str(SHOTS / f"consent-call-{width}.png"))
    assert page.js_errors == []


@pytest.mark.browser
def test_the_picker_works_by_keyboard_alone(desktop_page) -> None:
    page = desktop_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    box = activity_box(page)
    box.focus()
    page.keyboard.type("dyeing")
    options = page.locator("#q-activity-list [role='option']")
    # The first match is active as soon as one is typed.
    expect(box).to_have_attribute("aria-activedescendant", "q-activity-list-0")
    expect(options.nth(0)).to_have_attribute("aria-selected", "true")
    expect(options.nth(0)).to_have_attribute("data-value", "textile-dyeing")
    page.keyboard.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", "q-activity-list-1")
    expect(options.nth(0)).to_have_attribute("aria-selected", "false")
    page.keyboard.press("ArrowUp")
    expect(box).to_have_attribute("aria-activedescendant", "q-activity-list-0")
    # Up from the first wraps to the last ("Something else, or not sure").
    page.keyboard.press("ArrowUp")
    last = options.count() - 1
    expect(box).to_have_attribute("aria-activedescendant", f"q-activity-list-{last}")
    page.keyboard.press("Escape")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).not_to_have_attribute("aria-activedescendant", re.compile("."))
    expect(box).to_have_value("dyeing")
    page.keyboard.press("ArrowDown")
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(box).to_have_attribute("aria-activedescendant", "q-activity-list-0")
    page.screenshot(path=str(SHOTS / "picker-keyboard-1280.png"))
    page.keyboard.press("Enter")
    expect(box).to_have_value(activity_label("textile-dyeing"))
    expect(box).to_be_focused()
    expect(page).to_have_url(re.compile(r"activity=textile-dyeing"))
    # Typing again and Escape twice puts back the activity chosen before.
    page.keyboard.press("Control+a")
    page.keyboard.type("brick")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(box).to_have_value(activity_label("textile-dyeing"))
    # Tab moves on to the next question without choosing.
    page.keyboard.press("Tab")
    expect(box).not_to_be_focused()
    expect(page).to_have_url(re.compile(r"activity=textile-dyeing"))
    assert page.js_errors == []


@pytest.mark.browser
def test_the_chosen_activity_comes_back_from_the_address(mobile_page) -> None:
    page = mobile_page
    page.goto("/approvals-finder?activity=brick-kiln&stage=existing")
    wait_until_interactive(page)
    expect(activity_box(page)).to_have_value(activity_label("brick-kiln"))
    expect(page.locator("#finder-results [data-approval='consent-to-operate']")).to_be_visible()
    page.get_by_role("button", name="Start over").click()
    expect(activity_box(page)).to_have_value("")


WORDS = re.compile(r"/assets/activity_words-[\w-]+\.js$")


@pytest.mark.browser
def test_the_words_come_on_first_focus_and_what_is_typed_meanwhile_stays(page) -> None:
    """The activities' words are a script of their own (components/finder/picker.py): the
    finder's page loads without them, the first focus of the box fetches them once, and what
    the visitor types while they come stays in the box, its matches shown when they arrive.
    Once here, the picker needs no network."""
    held: list = []
    fetched: list[str] = []
    page.route(WORDS, lambda route: held.append(route))
    page.on("request", lambda request: fetched.append(request.url) if WORDS.search(request.url) else None)
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    page.wait_for_timeout(500)
    assert fetched == []
    box = activity_box(page)
    box.focus()
    page.keyboard.type("rice mi")
    while not held:
        page.wait_for_timeout(20)
    page.keyboard.type("ll")
    expect(box).to_have_value("rice mill")
    expect(page.locator(".picker [role='status']")).to_have_text("Loading the activities…")
    expect(box).to_have_attribute("aria-expanded", "false")
    held[0].continue_()
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#q-activity-list [role='option']").first).to_have_attribute("data-value", "rice-mill")
    expect(box).to_have_value("rice mill")
    # Offline now: other words still find their sector.
    page.context.set_offline(True)
    box.fill("dyeing")
    expect(page.locator("#q-activity-list [role='option']").first).to_have_attribute("data-value", "textile-dyeing")
    page.keyboard.press("Enter")
    expect(box).to_have_value(activity_label("textile-dyeing"))
    page.context.set_offline(False)
    assert len(fetched) == 1, fetched
    assert page.js_errors == []


@pytest.mark.browser
def test_words_that_cannot_come_are_said_and_tried_again(mobile_page) -> None:
    page = mobile_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    page.context.set_offline(True)
    box = activity_box(page)
    box.focus()
    page.keyboard.type("brick")
    failed = page.locator("#q-activity-failed")
    expect(failed).to_contain_text("did not load")
    expect(box).to_have_value("brick")
    page.context.set_offline(False)
    page.keyboard.type(" kiln")
    expect(page.locator("#q-activity-list [role='option']").first).to_have_attribute("data-value", "brick-kiln")
    expect(failed).to_have_count(0)
    expect(box).to_have_value("brick kiln")
