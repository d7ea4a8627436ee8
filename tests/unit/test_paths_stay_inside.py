"""No tracked file names a path outside the repository: someone who clones it must be able to
read everything a file points at.

Three kinds of pointer are caught, in every text file `git ls-files` lists:
- an absolute path into a folder of this machine (MACHINE_FOLDERS) or a file URL, except the
  few runtime scratch paths in ALLOWED_ABSOLUTE, each with its reason;
- a relative path whose `../` climbs out of the checkout, read from the file's own folder; the
  one pointer allowed out is `../shared/...`, the firm's shared reference beside the checkout,
  which the files name from the repository's root;
- a notes or data file (Markdown or TOML) that the repository does not hold, by its path or by
  its bare name, except the runtime names in ALLOWED_MISSING.

This file itself is not scanned: it spells out the pointers it looks for.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()

# Folders of this machine that a clone does not have.
MACHINE_FOLDERS = ("work", "root", "home", "tmp")
ABSOLUTE = re.compile(r"(?<![\w@.~/-])/(?:" + "|".join(MACHINE_FOLDERS) + r")/[^\s'\"`)\]>]*|\bfile://[^\s'\"`)\]>]*")
# `../` at the start of a path (not inside a longer word or path).
CLIMB = re.compile(r"(?<![\w.-])((?:\.\./)+)([\w.@-]*(?:/[\w.@-]+)*)")
NOTE = re.compile(r"(?<![\w.-])((?:\.\./)*[\w.-]+(?:/[\w.-]+)*\.(?:md|toml))(?![\w-])")
SHARED = "../shared/"

# (file, path): why a machine path is right there.
ALLOWED_ABSOLUTE = {
    ("docs/flakes.md", "/tmp/hog"): "a scratch file the flake recipe writes to load the disk; any path would do",
    (
        "scripts/extract_odisha_pins.py",
        "/tmp/pincode-geo",
    ): "where the script's usage installs the source package for one run; not a file of the repository",
}
# (file, name): why a name of a file the repository does not hold is right there.
ALLOWED_MISSING = {
    ("README.md", "ANSWERS.toml"): "the finder command's argument: the user's own answers file",
    ("consultancy/finder/__init__.py", "ANSWERS.toml"): "the finder command's argument",
    ("consultancy/finder/__main__.py", "ANSWERS.toml"): "the finder command's argument",
    ("docs/finder.md", "ANSWERS.toml"): "the finder command's argument",
    ("tests/unit/test_finder_cli.py", "ANSWERS.toml"): "the usage text the test reads",
    ("tests/unit/test_finder_cli.py", "answers.toml"): "a file the test writes in its temporary folder",
    ("tests/unit/test_content.py", "cgwanoc-copy.toml"): "a file the test writes in its temporary copy of data/",
}


def tracked_files(root: Path = ROOT) -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, text=True, check=True)
    return [name for name in listed.stdout.split("\0") if name]


def _text(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:  # a tracked file deleted in the work tree
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _escapes(file: str, climb: str) -> bool:
    """Whether `climb` (some `../`) read from `file`'s folder leaves the repository."""
    depth = len(PurePosixPath(file).parent.parts)
    return climb.count("../") > depth


def _held(mention: str, file: str, files: set[str], names: set[str]) -> bool:
    if "/" not in mention:
        return mention in names
    path = PurePosixPath(mention)
    # A path as written from the repository's root, from the file's folder, or as the tail of
    # a tracked path (`law/model.py` for `consultancy/law/model.py`).
    beside = PurePosixPath(file).parent / path
    normal = []
    for part in beside.parts:
        if part == "..":
            if not normal:
                return False
            normal.pop()
        else:
            normal.append(part)
    return mention in files or "/".join(normal) in files or any(f.endswith("/" + mention.lstrip("./")) for f in files)


def outside_pointers(root: Path, files: Iterable[str]) -> list[str]:
    """'file:line: what' for every pointer out of the repository in `files` (paths relative
    to `root`)."""
    listed = sorted(files)
    held = set(listed)
    names = {PurePosixPath(f).name for f in listed}
    found: list[str] = []
    for file in listed:
        text = _text(root / file)
        if text is None:
            continue
        for match in ABSOLUTE.finditer(text):
            path = match.group(0).rstrip(".,;:")
            if (file, path) not in ALLOWED_ABSOLUTE:
                found.append(f"{file}:{_line(text, match.start())}: machine path {path}")
        for match in CLIMB.finditer(text):
            if text.startswith(SHARED, match.start()) and match.group(1) == "../":
                continue
            if _escapes(file, match.group(1)):
                found.append(f"{file}:{_line(text, match.start())}: leaves the repository: {match.group(0)}")
        for match in NOTE.finditer(text):
            mention = match.group(1)
            if mention.startswith("../"):
                continue  # a climb: judged above
            if text[max(0, match.start() - 1)] == "/" and match.start() > 0:
                continue  # the tail of an absolute path: judged above
            if (file, mention) in ALLOWED_MISSING or _held(mention, file, held, names):
                continue
            found.append(f"{file}:{_line(text, match.start())}: names {mention}, which the repository does not hold")
    return found


def test_no_tracked_file_points_outside_the_repository() -> None:
    found = outside_pointers(ROOT, [f for f in tracked_files() if f != THIS])
    assert found == [], "pointers out of the repository:\n" + "\n".join(found)


def test_every_allowance_is_still_needed() -> None:
    """An allowance whose file no longer says it would let a later slip through unseen."""
    stale = [
        f"{file}: {path}"
        for file, path in [*ALLOWED_ABSOLUTE, *ALLOWED_MISSING]
        if path not in ((ROOT / file).read_text(encoding="utf-8") if (ROOT / file).is_file() else "")
    ]
    assert stale == []


# --- the scanner finds what it must ----------------------------------------------------------------


def _plant(tmp_path: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return outside_pointers(tmp_path, files)


def test_each_kind_of_pointer_out_is_found_with_its_line(tmp_path: Path) -> None:
    machine = "/" + MACHINE_FOLDERS[0]
    notes = "law-research" + ".md"
    found = _plant(
        tmp_path,
        {
            "README.md": "See docs/research/consent.md and ../shared/reference/facts.md.\n",
            "docs/research/consent.md": "Read [the README](../../README.md).\n",
            "data/law/cto.toml": f"# Research: {machine}/notes/{notes} §7\n# and {notes} again\n",
            "data/place/zones.toml": f'name = "x"\n# Source: {machine}/shared/reference/facts.md\n',
            "docs/a.md": "Above the checkout: ../../elsewhere/notes.md; beside it: ../shared/x.md\n",
            "scripts/run.py": 'HOME = "/ho' + 'me/someone/.config"\nURL = "fi' + 'le:///etc/x"\n',
            "deploy/nginx.conf.in": "client_body_temp_path @RUN_DIR@/tmp/body;\n",
            "tests/unit/test_x.py": 'BAD = "../staff"  # an attack string: stays inside\n',
            "docs/b.md": "The notes live in docs/research/gone.md and in cpcb" + "_categories.toml.\n",
        },
    )
    assert found == [
        f"data/law/cto.toml:1: machine path {machine}/notes/{notes}",
        f"data/law/cto.toml:2: names {notes}, which the repository does not hold",
        f"data/place/zones.toml:2: machine path {machine}/shared/reference/facts.md",
        "docs/a.md:1: leaves the repository: ../../elsewhere/notes.md",
        "docs/b.md:1: names docs/research/gone.md, which the repository does not hold",
        "docs/b.md:1: names cpcb_categories.toml, which the repository does not hold",
        "scripts/run.py:1: machine path /home/someone/.config",
        "scripts/run.py:2: machine path file:///etc/x",
    ]
