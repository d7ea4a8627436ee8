"""Every box of "Which of these will the project have?" ticks, for every kind of project, at
390 px by tapping and by keyboard: a box that cannot be ticked (carried over, or not asked)
is not shown. The boxes' answers are checked against the rules (content.finder.asked)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.conftest import wait_until_interactive

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screens-finder-boxes"
GROUP = "Which of these will the project have?"
PAGE = content().finder
MEMBERS = [q for q in PAGE.questions if q.group == GROUP]

# One project of each kind (and the cases seen: a plastics unit that builds, a hospital of 20 beds).
PROJECTS = {
    "hospital": {
        "activity": "hospital",
        "stage": "new",
        "premises": "build",
        "built_up_area": "2000",
        "height": "9",
        "floors": "2",
        "beds": "20",
    },
    "plastics-build": {
        "activity": "plastic-products",
        "stage": "new",
        "premises": "build",
        "built_up_area": "1500",
        "height": "8",
    },
    "plastics-rented": {"activity": "plastic-products", "stage": "new", "premises": "rented"},
    **{
        kind: {"activity": activity, "stage": "new"}
        for kind, activity in {
            "housing": "housing-sale",
            "township": "township",
            "office": "office",
            "mall": "mall",
            "hotel": "hotel",
            "clinic": "clinic",
            "school": "school",
            "hall": "hall",
            "warehouse": "warehouse",
            "cold-store": "cold-store",
            "bakery": "bakery",
            "petrol-pump": "petrol-pump",
            "lpg": "lpg",
            "stone-crusher": "stone-crusher",
            "steel": "steel",
            "mine": "mine",
            "solar": "solar",
            "factory": "factory",
            "other": "other",
            "power": "biomass-power",
            "depot": "fuel-depot",
            "tower": "telecom-tower",
        }.items()
    },
}


@pytest.mark.browser
@pytest.mark.parametrize("name", list(PROJECTS))
def test_every_box_shown_ticks_by_tap_and_by_keyboard(mobile_page, name: str) -> None:
    page = mobile_page
    answers = PROJECTS[name]
    page.goto(f"/approvals-finder?{urlencode(answers)}")
    wait_until_interactive(page)
    asked = set(PAGE.asked(answers))
    group = page.locator("fieldset[data-group='facilities']")
    boxes = [q for q in MEMBERS if q.id in asked]
    if not boxes:
        expect(group).to_be_hidden()
        return
    # Exactly the boxes the rules ask are shown: the others (carried over, not relevant) are not.
    for question in MEMBERS:
        box = group.get_by_label(question.box, exact=True)
        if question.id in asked:
            expect(box).to_be_visible()
        else:
            expect(box).to_be_hidden()
    for question in boxes:
        box = group.get_by_label(question.box, exact=True)
        box.click()
        expect(box).to_be_checked()
        box.click()
        expect(box).not_to_be_checked()
        box.focus()
        page.keyboard.press("Space")
        expect(box).to_be_checked()
        page.keyboard.press("Space")
        expect(box).not_to_be_checked()
    none = group.get_by_label("None of these")
    none.focus()
    page.keyboard.press("Space")
    expect(none).to_be_checked()
    for question in boxes:
        expect(group.get_by_label(question.box, exact=True)).not_to_be_checked()
    SHOTS.mkdir(parents=True, exist_ok=True)
    group.screenshot(path=str(SHOTS / f"boxes-{name}-390.png"))
    assert page.js_errors == []
