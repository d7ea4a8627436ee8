"""data/finder/sectors.toml: what each activity is (its CPCB pollution category, with source
and status) and the words an owner types for it. The loader turns it into answers to the
finder's activity question and into the derived questions `kind` and `category`."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from .models import Model, Text

# "listed": in the CPCB list and not White (the White list was read whole), its colour not
# read: the Board's consents are needed, and the firm confirms the colour.
Category = Literal["red", "orange", "green", "white", "blue", "listed"]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+([-_][a-z0-9]+)*$")]


class SectorSource(Model):
    title: Text
    by: Text
    # As the source gives it ("2016-02-29", "undated (post-2016)").
    date: Text
    url: Annotated[str, StringConstraints(pattern=r"^https?://\S+$")] | None = None


class Sector(Model):
    id: Slug
    # A new answer to the activity question; none for the finder's own activities.
    label: Text | None = None
    # The finder activity whose questions it follows.
    kind: Slug = "factory"
    category: Category | None = None
    status: Literal["settled", "reported"] | None = None
    # Which CPCB classification the category is from.
    edition: Literal["cpcb-2016", "cpcb-2025"] | None = None
    sources: list[Slug] = []
    synonyms: list[Text] = []
    # For the editors: what the sources leave open (never shown).
    note: str = ""

    @model_validator(mode="after")
    def _classified(self) -> Sector:
        if self.category is not None and (self.status is None or self.edition is None or not self.sources):
            raise ValueError("category: give its status, edition and sources")
        if self.category == "listed" and self.status != "reported":
            raise ValueError("category 'listed': its colour was not read, so its status is 'reported'")
        if self.category is None and (self.status or self.sources):
            raise ValueError("status: only an entry with a category has one (the others are 'ask us')")
        return self

    @property
    def category_answer(self) -> str | None:
        """The derived `category` answer: the category, marked "-settled" when the Board's or
        the CPCB's own text was read."""
        if self.category is None:
            return None
        return self.category if self.status == "reported" else f"{self.category}-settled"


class Sectors(Model):
    reviewed: dt.date
    sources: dict[Slug, SectorSource]
    sectors: Annotated[list[Sector], Field(min_length=1)]

    @model_validator(mode="after")
    def _references(self) -> Sectors:
        if len({s.id for s in self.sectors}) != len(self.sectors):
            raise ValueError("sectors: two share an id")
        for n, sector in enumerate(self.sectors):
            unknown = [k for k in sector.sources if k not in self.sources]
            if unknown:
                raise ValueError(f"sectors[{n}].sources: {unknown} not in [sources]")
        return self


def merge_into_finder(raw: dict[str, Any], sectors: Sectors) -> dict[str, Any]:
    """finder.toml's raw data with the sectors added: new activity options (with their words),
    the words of the finder's own activities, and the implied entries of the derived questions
    `kind` (the activity whose questions it follows) and `category` (before any written ones)."""
    questions = {q.get("id"): q for q in raw.get("questions", [])}
    activity, kind, category = questions.get("activity"), questions.get("kind"), questions.get("category")
    if activity is None or kind is None or category is None:
        return raw
    options = activity.setdefault("options", [])
    own = {o["value"] for o in options}
    by_id = {s.id: s for s in sectors.sectors}
    for option in options:
        sector = by_id.get(option["value"])
        if sector is not None:
            option["synonyms"] = list(sector.synonyms)
    for sector in sectors.sectors:
        if sector.id not in own and sector.label is not None:
            options.append({"value": sector.id, "label": sector.label, "synonyms": list(sector.synonyms)})
    kinds = {o["value"] for o in kind.get("options", [])}
    members: dict[str, list[str]] = {}
    for option in options:
        sector = by_id.get(option["value"])
        value = option["value"] if option["value"] in own else (sector.kind if sector else "")
        if value in kinds:
            members.setdefault(value, []).append(option["value"])
    kind["implied"] = [
        *kind.get("implied", []),
        *({"when": [{"question": "activity", "one_of": ids}], "value": k} for k, ids in members.items()),
    ]
    classes: dict[str, list[str]] = {}
    for sector in sectors.sectors:
        if sector.category_answer is not None:
            classes.setdefault(sector.category_answer, []).append(sector.id)
    # The list's entries first: a hotel of 100 rooms is Red whatever the written entries say.
    category["implied"] = [
        *({"when": [{"question": "activity", "one_of": ids}], "value": c} for c, ids in classes.items()),
        *category.get("implied", []),
    ]
    return raw
