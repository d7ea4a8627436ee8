"""A copy of data/ to break on purpose, and the one way the tests edit it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from consultancy.content.loader import load_content
from consultancy.datafiles import DEFAULT_DATA_DIR, ContentError
from consultancy.framework.toolchain import NO_CAFILE

ROOT = Path(__file__).resolve().parents[1]


def copy_of_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replaces `old` (which must be there) with `new` in a data file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _npm_answers() -> dict[str, str]:
    """What this process knows of npm's settings (consultancy/framework/toolchain.py), so an
    interpreter loading the config does not start npm to ask again."""
    return {k: v for k, v in os.environ.items() if k.startswith("NPM_CONFIG_") or k == NO_CAFILE}


def published(code: str, *folders: Path, timeout: float = 300) -> list[Any]:
    """What `code` prints last (as JSON) on each copy of data/ in `folders`, each in a fresh
    interpreter (the site reads its content once per process), the interpreters side by side."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={"CONSULTANCY_DATA_DIR": str(folder), "PATH": "/usr/bin:/bin", "SITE_DEMO": "1", **_npm_answers()},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for folder in folders
    ]
    try:
        outputs = [run.communicate(timeout=timeout) for run in runs]
    finally:
        for run in runs:
            run.kill()
    for run, (_, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err[-3000:]
    return [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]


def expect_error(data: Path, *fragments: str) -> str:
    """The start-up check refuses the data, with every fragment in its message."""
    with pytest.raises(ContentError) as caught:
        load_content(data)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    return message
