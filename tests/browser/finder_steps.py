"""Steps the finder's browser tests share: choosing the activity in the typed picker."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from consultancy.content import content

ACTIVITY = "What is the project?"


def activity_box(page: Page) -> Locator:
    return page.get_by_role("combobox", name=ACTIVITY)


def activity_label(value: str) -> str:
    question = next(q for q in content().finder.questions if q.id == "activity")
    return next(o.label for o in question.options if o.value == value)


def pick_activity(page: Page, typed: str, value: str) -> None:
    """Types `typed` into the picker and clicks the match for the activity `value`."""
    box = activity_box(page)
    box.fill(typed)
    page.locator(f"#q-activity-list [role='option'][data-value='{value}']").click()
    expect(box).to_have_value(activity_label(value))
