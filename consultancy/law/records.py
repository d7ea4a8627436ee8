"""Reads data/law/*.toml into records; a mistake names the file and the field.

The file name is the approval's id (data/law/consent-to-operate.toml is `consent-to-operate`),
so an id is written once and cannot disagree with its file.
"""

from __future__ import annotations

from pathlib import Path

from consultancy.datafiles import ContentError, display_path, load_model_from

from .model import GeneralChanges, Record

GENERAL = "_changes.toml"


def load_records(directory: Path) -> dict[str, Record]:
    """Every record in `directory`, by id, with former ids and change references checked.
    Files whose name starts with "_" are not approvals (see `load_general`)."""
    records: dict[str, Record] = {}
    for path in sorted(directory.glob("*.toml")):
        if path.name.startswith("_"):
            continue
        records[path.stem] = load_model_from(path, Record, extra={"id": path.stem})
    if not records:
        raise ContentError(directory, ["no approval records (data/law/<approval-id>.toml)"])
    check_references(directory, records)
    return records


def check_references(directory: Path, records: dict[str, Record]) -> None:
    """Across records: a former id names one approval only, and a change one record defines."""
    owners: dict[str, str] = {}
    for record in records.values():
        for n, old in enumerate(record.former_ids):
            if old in records or old in owners:
                raise ContentError(
                    directory / f"{record.id}.toml",
                    [f"field 'former_ids[{n}]': '{old}' is already the id of another approval"],
                )
            owners[old] = record.id
    defined = {change.id: record.id for record in records.values() for change in record.changes}
    general = directory / GENERAL
    if general.is_file():
        defined.update({change.id: GENERAL for change in load_general(directory).changes})
    for record in records.values():
        for n, change in enumerate(record.touched_by):
            if change not in defined:
                raise ContentError(
                    directory / f"{record.id}.toml",
                    [f"field 'touched_by[{n}]': no record defines the change '{change}' in its [[changes]]"],
                )
    seen: dict[str, str] = {}
    for record in records.values():
        for n, change in enumerate(record.changes):
            if change.id in seen:
                other = display_path(directory / f"{seen[change.id]}.toml")
                raise ContentError(
                    directory / f"{record.id}.toml",
                    [f"field 'changes[{n}].id': '{change.id}' is already defined in {other}"],
                )
            seen[change.id] = record.id


def aliases(records: dict[str, Record]) -> dict[str, str]:
    """Former id -> today's id."""
    return {old: record.id for record in records.values() for old in record.former_ids}


def load_general(directory: Path) -> GeneralChanges:
    return load_model_from(directory / GENERAL, GeneralChanges)
