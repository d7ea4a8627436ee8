"""The header search: matches services by name, menu name and description."""

import reflex as rx

from consultancy.content import content

MAX_RESULTS = 6


def find_services(query: str, limit: int = MAX_RESULTS) -> list[dict[str, str]]:
    """Services whose every query word appears in the name or description, name hits first."""
    words = query.lower().split()
    if not words:
        return []
    hits: list[tuple[int, dict[str, str]]] = []
    for service in content().services:
        title = f"{service.name} {service.menu_name}".lower()
        text = f"{title} {service.description}".lower()
        if all(word in text for word in words):
            entry = {"name": service.name, "path": service.path, "category": service.category}
            hits.append((0 if all(word in title for word in words) else 1, entry))
    hits.sort(key=lambda hit: hit[0])
    return [entry for _, entry in hits[:limit]]


class SearchState(rx.State):
    query: str = ""

    @rx.var
    def results(self) -> list[dict[str, str]]:
        return find_services(self.query)

    @rx.var
    def has_query(self) -> bool:
        return bool(self.query.strip())

    @rx.event
    def set_query(self, value: str) -> None:
        self.query = value

    @rx.event
    def clear(self) -> None:
        self.query = ""

    @rx.event
    def submit(self, form: dict) -> rx.event.EventSpec | None:
        """Enter in the box opens the best match."""
        hits = find_services(str(form.get("q", self.query)), limit=1)
        if hits:
            self.query = ""
            return rx.redirect(hits[0]["path"])
        return None
