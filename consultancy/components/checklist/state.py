import reflex as rx

from consultancy.framework.client_state import Shared

# More items than any checklist has: a hostile message cannot grow the state.
MAX_ITEMS = 50

# The ticks the visitor sees; ChecklistState keeps the same list on the backend.
ticked = Shared("checklist_ticked", [])


class ChecklistState(rx.State):
    """Ticks on a service page's document checklist, as the backend keeps them."""

    ticked: list[int] = []

    @rx.event
    def set_ticked(self, indexes: list[int]) -> None:
        # The whole list, not a toggle: a tick queued while offline and sent late still
        # leaves the backend with exactly what the visitor sees.
        self.ticked = sorted({i for i in indexes if isinstance(i, int) and 0 <= i < MAX_ITEMS})


def toggle(index: int) -> list:
    return [ticked.toggle_member(index), ChecklistState.set_ticked(ticked.now)]
