"""The tick-box document checklist of a service page, printable on its own."""

import reflex as rx

from consultancy.components.ui import print_button
from consultancy.content.models import ChecklistItem

from .state import ChecklistState


def _item(index: int, item: ChecklistItem) -> rx.Component:
    box_id = f"check-{index}"
    return rx.el.li(
        rx.el.input(
            type="checkbox",
            id=box_id,
            # Uncontrolled: the browser shows the tick at once; Python state counts it.
            # autocomplete=off stops the browser restoring ticks after a reload.
            default_checked=False,
            auto_complete="off",
            on_change=ChecklistState.toggle(index),
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
            rx.el.strong(ChecklistState.ticked.length().to_string()),
            f" of {total} documents ready",
            class_name="checklist__progress",
            id="checklist-progress",
            aria_live="polite",
        ),
        rx.el.ul(*[_item(i, item) for i, item in enumerate(items)], class_name="checklist__list"),
        print_button("Print checklist", "no-print"),
        class_name="checklist",
        # On mount, not on load: Reflex hydrates (and runs on_load) again after every
        # websocket reconnect, which must not wipe a visitor's ticks; a reload or another
        # service page mounts the checklist afresh and starts empty.
        on_mount=ChecklistState.clear_ticks,
    )
