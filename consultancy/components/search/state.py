"""The header search: matches services by name, menu name and description.

The index of the 23 services ships with the page and is searched in the browser, so
results appear as the visitor types, with or without a backend."""

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


# Every query word in the name or description; name hits first; at most MAX_RESULTS.
_FIND = (
    "((q, index) => {{ const words = q.toLowerCase().split(/\\s+/).filter(Boolean);"
    " if (!words.length) return [];"
    " const hits = index.filter((s) => words.every((w) => s.text.includes(w)));"
    " const named = (s) => words.every((w) => s.title.includes(w));"
    " return [...hits.filter(named), ...hits.filter((s) => !named(s))].slice(0, " + str(MAX_RESULTS) + ");"
    " }})({0}, {1})"
)


results = js(_FIND, query.value, rx.Var.create(_index()), type_=list[dict[str, str]])
has_query = js("{0}.trim() !== ''", query.value, type_=bool)
clear = query.set("")
