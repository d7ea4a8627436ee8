"""Test-only switches exist in the test suite's own build and nowhere else: the production
stack's pages and scripts carry none of them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import WEB

SWITCH = b"__siteForceRenderError"


def _files_with(site: Path, needle: bytes) -> list[str]:
    return [
        str(p.relative_to(site))
        for p in site.rglob("*")
        if p.is_file() and p.suffix in (".js", ".html") and needle in p.read_bytes()
    ]


@pytest.mark.skipif(not os.environ.get("PROD_RUN_DIR"), reason="needs the production stack (scripts/test.sh)")
def test_the_production_build_has_no_test_switch() -> None:
    production = Path(os.environ["PROD_RUN_DIR"]) / "site"
    assert (production / "index.html").is_file()
    assert _files_with(production, SWITCH) == []
    # The switch does exist where the suite asked for it, so the check above can fail.
    assert _files_with(WEB / "build" / "client", SWITCH)
