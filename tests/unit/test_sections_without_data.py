"""A section whose demo items were removed, and whose real ones are not in yet, is left out
of its page instead of being shown half empty or with dummies; a partial list is refused,
naming the file and field."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.data_files import ROOT, published

RENDER = """
import json
import consultancy.pages.about as about, consultancy.pages.home as home, consultancy.pages.testimonials as page
texts = {
    "home": json.dumps(home.home.component().render(), default=str),
    "testimonials": json.dumps(page.testimonials.component().render(), default=str),
    "founder": json.dumps(about.founder().render(), default=str),
}
print(json.dumps(texts))
"""


def _without(text: str, table: str) -> str:
    return re.sub(r"\n\[" + re.escape(table) + r"\]\n(?:(?!\n\[).)*", "\n", text, flags=re.S)


def _has_id(rendered: str, name: str) -> bool:
    """Whether the rendered tree (as JSON text) has an element with this id."""
    return f'id:\\"{name}\\"' in rendered


def test_sections_with_no_data_are_left_out(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "data", tmp_path / "demo")
    data = shutil.copytree(ROOT / "data", tmp_path / "data")
    page = data / "pages" / "testimonials.toml"
    text = page.read_text(encoding="utf-8")
    for table in ("[client_logos]", "[testimonials]", "[videos]"):
        text = _without(text, table)
    page.write_text(text, encoding="utf-8")
    home = data / "pages" / "home.toml"
    home.write_text(_without(home.read_text(encoding="utf-8"), "[clients]"), encoding="utf-8")
    site = data / "site.toml"
    site.write_text(_without(site.read_text(encoding="utf-8"), "founder"), encoding="utf-8")
    with_demo, without = published(RENDER, tmp_path / "demo", data, timeout=120)
    for section in ("clients", "client-testimonials", "videos"):
        assert _has_id(with_demo["testimonials"], section) and not _has_id(without["testimonials"], section), section
    assert _has_id(with_demo["home"], "clients") and not _has_id(without["home"], "clients")
    assert "founder__name" in with_demo["founder"] and "founder__name" not in without["founder"]
    # The sections that do have data are all still there.
    assert _has_id(without["testimonials"], "gallery") and _has_id(without["testimonials"], "projects")


def test_a_partial_list_names_the_file_and_field(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    page = data / "pages" / "testimonials.toml"
    text = page.read_text(encoding="utf-8")
    first_video = text.index("\n[[videos]]\n")
    page.write_text(
        text[:first_video] + text[first_video:].replace("\n[[videos]]\n", "\n[[skipped]]\n", 1), encoding="utf-8"
    )
    result = subprocess.run(
        [sys.executable, "-m", "consultancy.content.check"],
        cwd=ROOT,
        env={"CONSULTANCY_DATA_DIR": str(data), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "testimonials.toml" in output and "videos" in output and "give all 3 items, or none" in output, output
