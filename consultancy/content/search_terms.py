"""data/search_terms.toml: the words owners use for their equipment ("DG set", "borewell") and
the page the header search leads each to."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .models import Model, SearchTerm, Text


class Equipment(Model):
    words: Annotated[list[SearchTerm], Field(min_length=1)]
    # A service's route, or the id of an approval outside the firm's services (data/finder.toml).
    service: Text
    also: list[Text] = []
    source: Text


class SearchTerms(Model):
    equipment: list[Equipment] = []


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
    seen: dict[str, int] = {}
    for n, item in enumerate(terms.equipment):
        for word in item.words:
            if word in seen and seen[word] != n:
                other = f"equipment[{seen[word]}]"
                problems.append(f"field 'equipment[{n}].words': '{word}' also leads elsewhere ({other})")
            seen.setdefault(word, n)
    return problems
