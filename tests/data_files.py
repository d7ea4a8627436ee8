"""A copy of data/ to break on purpose, and the one way the tests edit it."""

from __future__ import annotations

import shutil
from pathlib import Path

from consultancy.content.files import DEFAULT_DATA_DIR


def copy_of_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replaces `old` (which must be there) with `new` in a data file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
