"""Every text file the site, its scripts and its tests read or write names its encoding: without
one Python uses the locale's, so a machine with another LANG (a Latin-1 locale, say) would read
the UTF-8 data files, pages and logs wrongly."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import ROOT

CHECKED = ["consultancy", "scripts", "deploy", "tests", "rxconfig.py"]
# tests/browser/ is being reworked on main (issue 37); it joins once that has landed.
NOT_YET = ROOT / "tests" / "browser"
# Objects whose .open() is not a text file's.
NOT_FILES = {"os", "urlopen", "OPENER", "Image", "webbrowser", "zipfile", "ZipFile", "tarfile", "socket"}


def _mode(call: ast.Call) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return keyword.value
    position = 1 if isinstance(call.func, ast.Name) else 0
    return call.args[position] if len(call.args) > position else None


def _without_encoding(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or any(k.arg in {"encoding", None} for k in node.keywords):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in {"read_text", "write_text"}:
            yield node
        elif (isinstance(func, ast.Name) and func.id == "open") or (
            isinstance(func, ast.Attribute)
            and func.attr == "open"
            and getattr(func.value, "id", getattr(func.value, "attr", "")) not in NOT_FILES
        ):
            mode = _mode(node)
            if not (isinstance(mode, ast.Constant) and "b" in str(mode.value)):
                yield node


def _python_files() -> Iterator[Path]:
    for name in CHECKED:
        path = ROOT / name
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            if NOT_YET not in file.parents:
                yield file


def test_text_files_are_opened_with_an_explicit_encoding() -> None:
    found = [
        f"{file.relative_to(ROOT)}:{call.lineno}: {ast.unparse(call)[:80]}"
        for file in _python_files()
        for call in _without_encoding(ast.parse(file.read_text(encoding="utf-8")))
    ]
    assert not found, "add encoding='utf-8':\n" + "\n".join(found)


def test_the_check_finds_a_missing_encoding() -> None:
    source = 'Path("a").read_text()\nopen("b")\nopen("c", "rb")\nos.open("d", 0)\np.write_text("x", encoding="utf-8")'
    assert [call.lineno for call in _without_encoding(ast.parse(source))] == [1, 2]
