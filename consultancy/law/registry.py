"""The records of data/law/ read together: by id, by former id, and their change entries."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from consultancy.datafiles import data_dir_in_use

from .model import Change, Record, Source
from .records import GENERAL, aliases, load_general, load_records


@dataclass(frozen=True)
class Update:
    """A change entry with what it touches: the updates page and feed list these."""

    change: Change
    # The record that defines it (None for the site-wide changes of _changes.toml).
    owner: str | None
    sources: dict[str, Source]
    approvals: tuple[str, ...]

    @property
    def id(self) -> str:
        return self.change.id

    @property
    def date(self) -> date:
        return self.change.date


@dataclass(frozen=True)
class Law:
    records: dict[str, Record]
    updates: tuple[Update, ...]
    former: dict[str, str]

    def record(self, approval_id: str) -> Record:
        """A record by its id or by an id it had before."""
        return self.records[self.former.get(approval_id, approval_id)]

    def canonical(self, approval_id: str) -> str | None:
        approval_id = self.former.get(approval_id, approval_id)
        return approval_id if approval_id in self.records else None

    def updates_for(self, approval_id: str) -> list[Update]:
        return [u for u in self.updates if approval_id in u.approvals]


def _touching(records: dict[str, Record], change_id: str) -> tuple[str, ...]:
    touched = []
    for record in records.values():
        own = any(c.id == change_id for c in record.changes)
        valued = any(getattr(fact, "change", None) == change_id for _, fact in record.facts())
        if own or valued or change_id in record.touched_by:
            touched.append(record.id)
    return tuple(touched)


def load_law(data_dir: Path | None = None) -> Law:
    directory = (data_dir or data_dir_in_use()) / "law"
    records = load_records(directory)
    updates: list[Update] = []
    for record in records.values():
        for change in record.changes:
            updates.append(Update(change, record.id, record.sources, _touching(records, change.id)))
    if (directory / GENERAL).is_file():
        general = load_general(directory)
        for change in general.changes:
            updates.append(Update(change, None, general.sources, _touching(records, change.id)))
    updates.sort(key=lambda u: (u.date, u.id), reverse=True)
    return Law(records=records, updates=tuple(updates), former=aliases(records))


@functools.cache
def law() -> Law:
    """The records, read once per process."""
    return load_law()
