"""The header search: matches services by name, menu name and description.

The index of the 23 services ships with the page and is searched in the browser, so
results appear as the visitor types, with or without a backend. `find_services` is the
same rule in Python (used by the tests to check the browser's answers)."""

import reflex as rx

from consultancy.content import content
from consultancy.state.client import Shared, js

MAX_RESULTS = 6

query = Shared("search_query", "")


def _index() -> list[dict[str, str]]:
    entries = []
    for service in content().services:
        title = f"{service.name} {service.menu_name}".lower()
        entries.append(
            {
                "name": service.name,
                "path": service.path,
                "category": service.category,
                "title": title,
                "text": f"{title} {service.description}".lower(),
            }
        )
    return entries


def find_services(text: str, limit: int = MAX_RESULTS) -> list[dict[str, str]]:
    """Services whose every query word appears in the name or description, name hits first."""
    words = text.lower().split()
    if not words:
        return []
    hits = [entry for entry in _index() if all(word in entry["text"] for word in words)]
    first = [entry for entry in hits if all(word in entry["title"] for word in words)]
    rest = [entry for entry in hits if entry not in first]
    return [{k: entry[k] for k in ("name", "path", "category")} for entry in (first + rest)[:limit]]


# find_services, in the browser: same words, same order, same limit.
_FIND = (
    "((q, index) => {{ const words = q.toLowerCase().split(/\\s+/).filter(Boolean);"
    " if (!words.length) return [];"
    " const hits = index.filter((s) => words.every((w) => s.text.includes(w)));"
    " const named = (s) => words.every((w) => s.title.includes(w));"
    " return [...hits.filter(named), ...hits.filter((s) => !named(s))].slice(0, " + str(MAX_RESULTS) + ");"
    " }})({0}, {1})"
)


def results_for(text: rx.Var) -> rx.Var:
    return js(_FIND, text, rx.Var.create(_index()), type_=list[dict[str, str]])


results = results_for(query.value)
has_query = js("{0}.trim() !== ''", query.value, type_=bool)
clear = query.set("")
