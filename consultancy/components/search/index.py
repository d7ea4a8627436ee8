"""The header search's index, a module of its own that the browser fetches only when a
visitor starts a search.

The search runs in the browser, over the names, menu names, search terms (the words visitors
use: "pollution NOC", "consent renewal"), descriptions and FAQ questions of the 23 services, the
owners' words for their equipment in data/search_terms.toml ("DG set", "borewell"), and over the
approvals outside the firm's services that the approvals finder names (RERA, AERB...): those
lead to the finder, which says who grants them. Compiled into the header's components, that
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


def _with_owners_words(entry: dict[str, str], page: str, data: Content) -> dict[str, str]:
    """`entry` with the owners' words that name its page (a route or an outside approval's id):
    in `says` where the page is the one to put first for them, in `text` (ranked lowest) where
    it is only to be listed."""
    leads = [w for item in data.search_terms.equipment if item.service == page for w in item.words]
    related = [w for item in data.search_terms.equipment if page in item.also for w in item.words]
    if leads:
        entry["says"] = " | ".join(leads)
    if related:
        entry["text"] += " " + " ".join(related)
    return entry


def entries() -> list[dict[str, str]]:
    """One entry per service, then one per approval outside the firm's services. `title`,
    `says`, `terms` and `text` are what the browser matches (search.js ranks by them)."""
    # Imported here: the content loads (and validates) every data file, which only a compile needs.
    from consultancy.content import content

    data = content()
    found = []
    for service in data.services:
        title = f"{service.menu_name} {service.name}".lower()
        questions = " ".join(faq.question for faq in service.faqs)
        entry = {
            "name": service.menu_name,
            "path": service.path,
            "category": service.category,
            "title": title,
            "terms": " | ".join(service.search_terms),
            "text": f"{title} {service.description} {questions}".lower(),
        }
        found.append(_with_owners_words(entry, service.route, data))
    for outside in data.finder.outside:
        entry = {
            "name": outside.title,
            "path": FINDER_PATH,
            "category": OUTSIDE_CATEGORY,
            "title": outside.title.lower(),
            "terms": outside.id.replace("-", " "),
            "text": f"{outside.title} {outside.authority}".lower(),
            "outside": "1",
        }
        found.append(_with_owners_words(entry, outside.id, data))
    return found


def module_source() -> str:
    return "export default " + json.dumps(entries(), ensure_ascii=False, separators=(",", ":")) + ";\n"
