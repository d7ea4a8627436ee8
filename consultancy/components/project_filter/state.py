import reflex as rx

from consultancy.framework.client_state import Shared

ALL = "All"

# What the visitor sees; ProjectFilterState keeps the same choice on the backend.
category = Shared("project_category", ALL)


class ProjectFilterState(rx.State):
    """Which project category the accomplished-projects list shows."""

    category: str = ALL

    @rx.event
    def choose(self, category: str) -> None:
        self.category = category


def choose(value: str) -> list:
    return [category.set(value), ProjectFilterState.choose(value)]
