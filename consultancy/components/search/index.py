"""The header search's index, a module of its own that the browser fetches only when a
visitor starts a search.

The search runs in the browser, over the names, menu names, search terms (the words visitors
use: "pollution NOC", "consent renewal"), descriptions and FAQ questions of the 23 services, the
owners' words for their equipment in data/search_terms.toml ("DG set", "borewell"), and over the
approvals outside the firm's services that the approvals finder names (RERA, AERB...): those
lead to the finder, which says who grants them; and over the site's own tools (the renewal
calendar, the finder, the updates), by the words visitors use for what they do ("reminder").
An owner's word carries the line that says how its page deals with it (`explains`), shown under
the result, so a result never leaves the visitor wondering why a page that does not say "DG set"
came up for it. Compiled into the header's components, that
index (11 KB, 2.4 KB as sent) rode on every page's first load although most visitors never
search, and three of the header's components each carried a copy. It is now written at compile
time as `utils/search_index.js` in Reflex's web directory (by the build plugins, through
`search_index_module` in consultancy/build.py), and the search box imports it on focus
(`import()` of a module the bundler gives a hashed chunk of its own, cached like every other
script).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from consultancy.content import Content

MODULE = "utils/search_index.js"
# How a compiled page imports it (Reflex's Vite config maps `$` to its web directory).
IMPORT = "$/" + MODULE


FINDER_PATH = "/approvals-finder"
OUTSIDE_CATEGORY = "Not one of our services: the approvals finder says who grants it"
TOOL_CATEGORY = "Free tool"


def _with_owners_words(entry: dict[str, object], page: str, data: Content) -> dict[str, object]:
    """`entry` with the owners' words that name its page (a route or an outside approval's id):
    in `says` where the page is the one to put first for them, in `text` (ranked lowest) where
    it is only to be listed; and each item's `explains` with its words (`why`, [words, line])."""
    items = [item for item in data.search_terms.equipment if item.service == page]
    leads = [w for item in items for w in item.words]
    related = [w for item in data.search_terms.equipment if page in item.also for w in item.words]
    if leads:
        entry["says"] = " | ".join(leads)
        entry["why"] = [[" | ".join(item.words), item.explains] for item in items]
    if related:
        entry["text"] = f"{entry['text']} {' '.join(related)}"
    return entry


def _tool_path(page: str) -> str:
    from consultancy.content.contract import PAGE_ROUTES

    return FINDER_PATH if page == "approvals-finder" else PAGE_ROUTES[page]


def entries() -> list[dict[str, object]]:
    """One entry per service, then one per approval outside the firm's services, then one per
    tool of the site. `title`, `says`, `terms` and `text` are what the browser matches
    (search.js ranks by them); `why` and `note` are lines it may show under a result."""
    # Imported here: the content loads (and validates) every data file, which only a compile needs.
    from consultancy.content import content

    data = content()
    found = []
    for service in data.services:
        title = f"{service.menu_name} {service.name}".lower()
        questions = " ".join(faq.question for faq in service.faqs)
        entry: dict[str, object] = {
            "name": service.menu_name,
            "path": service.path,
            "category": service.category,
            "title": title,
            "terms": " | ".join(service.search_terms),
            "text": f"{title} {service.description} {questions}".lower(),
        }
        found.append(_with_owners_words(entry, service.route, data))
    for outside in data.finder.outside:
        entry: dict[str, object] = {
            "name": outside.title,
            "path": FINDER_PATH,
            "category": OUTSIDE_CATEGORY,
            "title": outside.title.lower(),
            "terms": outside.id.replace("-", " "),
            "text": f"{outside.title} {outside.authority}".lower(),
            "outside": "1",
        }
        found.append(_with_owners_words(entry, outside.id, data))
    for tool in data.search_terms.tool:
        words = " | ".join(tool.words)
        found.append(
            {
                "name": tool.name,
                "path": _tool_path(tool.page),
                "category": TOOL_CATEGORY,
                "title": tool.name.lower(),
                "terms": words,
                "says": words,
                "text": tool.explains.lower(),
                "why": [[words, tool.explains]],
            }
        )
    return found


def module_source() -> str:
    return "export default " + json.dumps(entries(), ensure_ascii=False, separators=(",", ":")) + ";\n"
