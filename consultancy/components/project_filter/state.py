import reflex as rx

ALL = "All"


class ProjectFilterState(rx.State):
    """Which project category the accomplished-projects list shows."""

    category: str = ALL

    @rx.event
    def choose(self, category: str) -> None:
        self.category = category
