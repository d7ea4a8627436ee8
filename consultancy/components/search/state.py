"""The header search: matches services by name, menu name and description.

The search runs in the browser, so results appear as the visitor types, with or without a
backend. Its index is a script of its own (consultancy/components/search/index.py), fetched when the
search box first gets the focus; until it is in, no results (and no "no match") show."""

from consultancy.framework.assets import shared_asset
from consultancy.framework.client_state import Shared, action, call, imported, js

MAX_RESULTS = 6

query = Shared("search_query", "")
index = Shared("search_index", [])

_SEARCH = shared_asset("search.js", __name__).importable_path

load_index = action("{0};", call(imported(_SEARCH, "loadIndex"), index.now, index.setter))
results = call(imported(_SEARCH, "findServices"), query.value, index.value, MAX_RESULTS, type_=list[dict[str, str]])
open_best_match = action("{0};", call(imported(_SEARCH, "openBestMatch"), results))
has_query = js("{0}.trim() !== ''", query.value, type_=bool)
# Results (or "no match") show once there is a query and an index to search.
shows_results = js("{0} && {1}.length > 0", has_query, index.value, type_=bool)
clear = query.set("")
