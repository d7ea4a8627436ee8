"""data/search_terms.toml: the words owners use for their equipment ("DG set", "borewell") and
the page the header search leads each to, with the line the result shows to say why; and the
words that find the site's own tools (the renewal calendar, the finder, the updates)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .models import Model, SearchTerm, Text


class Equipment(Model):
    words: Annotated[list[SearchTerm], Field(min_length=1)]
    # A service's route, or the id of an approval outside the firm's services (data/finder.toml).
    service: Text
    also: list[Text] = []
    # Shown under the result: how the page deals with the thing typed (a page may not name a
    # DG set itself). No period, fee, threshold or form: those are the records'.
    explains: Text
    source: Text


# The site's own tools a search can lead to, by their page's key (contract.PAGE_ROUTES).
TOOL_PAGES = {"renewal-calendar", "approvals-finder", "regulatory-updates"}


class Tool(Model):
    page: Text
    name: Text
    words: Annotated[list[SearchTerm], Field(min_length=1)]
    explains: Text


class SearchTerms(Model):
    equipment: list[Equipment] = []
    tool: list[Tool] = []


def check_leads(terms: SearchTerms, pages: set[str]) -> list[str]:
    """Problems (file-and-field messages for ContentError) with pages that do not exist, so a
    misspelt route stops the build instead of leading nowhere."""
    problems = []
    for n, item in enumerate(terms.equipment):
        for field, lead in [("service", item.service), *((f"also[{i}]", a) for i, a in enumerate(item.also))]:
            if lead not in pages:
                problems.append(
                    f"field 'equipment[{n}].{field}': '{lead}' is neither a service route nor an outside approval's id"
                )
    for n, tool in enumerate(terms.tool):
        if tool.page not in TOOL_PAGES:
            problems.append(f"field 'tool[{n}].page': '{tool.page}' is not one of {sorted(TOOL_PAGES)}")
    seen: dict[str, int] = {}
    for n, item in enumerate(terms.equipment):
        for word in item.words:
            if word in seen and seen[word] != n:
                other = f"equipment[{seen[word]}]"
                problems.append(f"field 'equipment[{n}].words': '{word}' also leads elsewhere ({other})")
            seen.setdefault(word, n)
    return problems
