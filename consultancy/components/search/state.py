"""The header search: matches services by name, menu name and description.

The search runs in the browser, so results appear as the visitor types, with or without a
backend. Its index is a script of its own (consultancy/components/search/index.py), fetched when the
search box first gets the focus; until it is in, no results (and no "no match") show."""

from consultancy.components.search.index import IMPORT
from consultancy.framework.client_state import Shared, action, js

MAX_RESULTS = 6

query = Shared("search_query", "")
index = Shared("search_index", [])

# A failed fetch leaves the index empty, so the next focus tries again; meanwhile the form
# still submits to the services list.
load_index = action(
    "if (!{0}.length) import(" + f'"{IMPORT}"' + ").then((module) => {1}(module.default), () => {{}});",
    index.now,
    index.setter,
)

# Every query word in the name or description; name hits first; at most MAX_RESULTS.
_FIND = (
    "((q, index) => {{ const words = q.toLowerCase().split(/\\s+/).filter(Boolean);"
    " if (!words.length) return [];"
    " const hits = index.filter((s) => words.every((w) => s.text.includes(w)));"
    " const named = (s) => words.every((w) => s.title.includes(w));"
    " return [...hits.filter(named), ...hits.filter((s) => !named(s))].slice(0, " + str(MAX_RESULTS) + ");"
    " }})({0}, {1})"
)


results = js(_FIND, query.value, index.value, type_=list[dict[str, str]])
has_query = js("{0}.trim() !== ''", query.value, type_=bool)
# Results (or "no match") show once there is a query and an index to search.
shows_results = js("{0} && {1}.length > 0", has_query, index.value, type_=bool)
clear = query.set("")
