"""Every page as served is valid HTML (the W3C Nu HTML checker, vnu-jar from npm)."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path

import pytest

from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES, redirect_map

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / ".tools" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
PATHS = [
    *PAGE_ROUTES.values(),
    *[f"/{route}" for route in SERVICE_ROUTES],
    "/approvals-finder",
    "/privacy",
    "/rough",
    # The branded 404 as nginx serves it (the single-port server's own 404 answer is
    # Reflex's empty shell, which has no <title>).
    "/not-found",
    *redirect_map(),
]


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=15) as response:
        return response.read().decode()


def test_every_page_is_valid_html(base_url: str, tmp_path: Path) -> None:
    files = []
    for n, path in enumerate(PATHS):
        file = tmp_path / f"{n:03d}.html"
        file.write_text(_fetch(base_url + path))
        files.append(file)
    result = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(result.stderr or result.stdout)["messages"]
    errors = [f"{PATHS[int(Path(m['url']).stem)]}: {m['message']}" for m in messages if m.get("type") == "error"]
    assert len(files) >= 35
    assert errors == [], "\n".join(errors)
