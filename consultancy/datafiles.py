"""The data files: where data/ is, reading one TOML file into a validated model, and the error
that names the file and the field. The law records (consultancy/law) and the content loader
(consultancy/content) both read through here; it imports neither, so the law stands on it
without reaching up to the content that reads the law.

Every problem names the file and the field, so the owner editing a TOML file knows exactly
what to fix.
"""

from __future__ import annotations

import copy
import functools
import os
import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[1] / "data"

M = TypeVar("M", bound=BaseModel)


class ContentError(Exception):
    """A data file is missing, malformed or breaks a rule of the content models."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"{display_path(path)}: " + "; ".join(problems))


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def field_name(loc: tuple[int | str, ...]) -> str:
    name = ""
    for part in loc:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name or "(file)"


def describe_error(error: dict) -> str:
    field = field_name(tuple(error["loc"]))
    kind = error["type"]
    if kind == "missing":
        return f"field '{field}' is missing"
    if kind == "extra_forbidden":
        return f"field '{field}' is not a known field (misspelt?)"
    message = error["msg"].removeprefix("Value error, ")
    # Model-level rules already start with the field they are about.
    if field == "(file)" and ":" in message:
        return f"field '{message.split(':', 1)[0]}': {message.split(':', 1)[1].strip()}"
    return f"field '{field}': {message}"


def read_toml(path: Path) -> dict:
    if not path.is_file():
        raise ContentError(path, ["file is missing"])
    try:
        # A copy: the caller may change what it is given, and the parse is shared.
        return copy.deepcopy(_parsed(path.read_bytes()))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(path, [f"not valid TOML ({error})"]) from None


@functools.lru_cache(maxsize=512)
def _parsed(text: bytes) -> dict:
    """A file's bytes parsed once per process: the dev server's reloads and the tests read the
    same unchanged files again and again, and parsing is half of reading data/."""
    return tomllib.loads(text.decode("utf-8"))


def load_model(path: Path, model: type[M]) -> M:
    return load_model_from(path, model)


def load_model_from(path: Path, model: type[M], extra: dict | None = None) -> M:
    """`load_model` with fields the file does not hold itself (a record's id is its file name)."""
    raw = {**read_toml(path), **(extra or {})}
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise ContentError(path, [describe_error(e) for e in error.errors()]) from None


def data_dir_in_use() -> Path:
    """data/, or the folder CONSULTANCY_DATA_DIR names (tests and previews use other content)."""
    return Path(os.environ.get("CONSULTANCY_DATA_DIR", DEFAULT_DATA_DIR))
