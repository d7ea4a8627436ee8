"""The header search's index, a module of its own that the browser fetches only when a
visitor starts a search.

The search runs in the browser, over the names, menu names and descriptions of the 23
services. Compiled into the header's components, that index (11 KB, 2.4 KB as sent) rode on
every page's first load although most visitors never search, and three of the header's
components each carried a copy. It is now written at compile time as `utils/search_index.js`
in Reflex's web directory (the SearchIndex plugin in consultancy/framework/plugins.py),
and the search box imports it on focus (`import()` of a module
the bundler gives a hashed chunk of its own, cached like every other script).
"""

from __future__ import annotations

import json

MODULE = "utils/search_index.js"
# How a compiled page imports it (Reflex's Vite config maps `$` to its web directory).
IMPORT = "$/" + MODULE


def entries() -> list[dict[str, str]]:
    # Imported here: the content loads (and validates) every data file, which only a compile needs.
    from consultancy.content import content

    found = []
    for service in content().services:
        title = f"{service.name} {service.menu_name}".lower()
        found.append(
            {
                "name": service.name,
                "path": service.path,
                "category": service.category,
                "title": title,
                "text": f"{title} {service.description}".lower(),
            }
        )
    return found


def module_source() -> str:
    return "export default " + json.dumps(entries(), ensure_ascii=False, separators=(",", ":")) + ";\n"
