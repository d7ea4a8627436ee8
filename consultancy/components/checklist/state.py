import reflex as rx


class ChecklistState(rx.State):
    """Ticks on a service page's document checklist; they live only as long as the page."""

    ticked: list[int] = []

    @rx.event
    def toggle(self, index: int) -> None:
        if index in self.ticked:
            self.ticked = [i for i in self.ticked if i != index]
        else:
            self.ticked = sorted([*self.ticked, index])

    @rx.event
    def clear_ticks(self) -> None:
        # State outlives a reload (the session token survives it); a fresh page
        # must start with an empty checklist.
        self.ticked = []
