"""The tick-box document checklist of a service page, printable on its own."""

import reflex as rx

from consultancy.components.ui import print_button
from consultancy.content.models import ChecklistItem

from .state import ChecklistState, ticked, toggle


def _item(index: int, item: ChecklistItem) -> rx.Component:
    box_id = f"check-{index}"
    return rx.el.li(
        rx.el.input(
            type="checkbox",
            id=box_id,
            # The tick and the count are browser state, shown at once; the backend
            # keeps a copy of the list.
            checked=ticked.value.contains(index),
            on_change=toggle(index),
            aria_describedby=f"{box_id}-desc",
            class_name="checklist__box",
        ),
        rx.el.label(
            rx.el.span(item.name, class_name="checklist__name"),
            rx.el.span(item.description, id=f"{box_id}-desc", class_name="checklist__desc"),
            html_for=box_id,
        ),
        class_name="checklist__item",
    )


def checklist(items: list[ChecklistItem]) -> rx.Component:
    total = len(items)
    return rx.el.div(
        rx.el.p(
            rx.el.strong(ticked.value.length().to_string()),
            f" of {total} documents ready",
            class_name="checklist__progress",
            id="checklist-progress",
            aria_live="polite",
        ),
        # autocomplete=off on the form (the one place HTML allows it for checkboxes) stops
        # the browser restoring ticks after a reload or a Back.
        rx.el.form(
            rx.el.ul(*[_item(i, item) for i, item in enumerate(items)], class_name="checklist__list"),
            auto_complete="off",
            aria_label="Document checklist",
        ),
        print_button("Print checklist", "no-print"),
        class_name="checklist",
        # What the backend holds, for the tests that check it survives faults.
        data_saved=ChecklistState.ticked.length(),
    )
