"""A build prepared for a static host (deploy/static_host.py): the branded 404, real 301s
in `_redirects`, and per-page security headers in `_headers` whose script hashes match."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from consultancy.content.contract import redirect_map
from tests.conftest import ROOT, WEB

BUILD = WEB / "build" / "client"
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the built site (`base_url` makes sure it is built), prepared for a static host."""
    site = tmp_path_factory.mktemp("export") / "site"
    shutil.copytree(BUILD, site)
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "deploy" / "static_host.py"),
            str(site),
            "--backend-url",
            "https://api.example.com",
        ],
        check=True,
        capture_output=True,
    )
    return site


def test_404_is_the_branded_page(site: Path) -> None:
    page = (site / "404.html").read_text()
    assert "<title>" in page and "<h1" in page
    assert page == (site / "not-found" / "index.html").read_text()


def test_redirects_file_has_every_301(site: Path) -> None:
    lines = [line.split() for line in (site / "_redirects").read_text().splitlines() if not line.startswith("#")]
    assert {(a, b) for a, b, code in lines if code == "301"} == set(redirect_map().items())


def test_headers_give_each_page_its_policy(site: Path) -> None:
    from deploy.configure import inline_hashes

    text = (site / "_headers").read_text()
    assert "X-Frame-Options: DENY" in text and "Strict-Transport-Security" in text
    blocks = dict(re.findall(r"^(/\S*)\n  Content-Security-Policy: (.*)$", text, flags=re.M))
    scripts, _ = inline_hashes((site / "about" / "index.html").read_text())
    assert scripts, "the about page has inline scripts to hash"
    for path in ("/about", "/about/"):
        for digest in scripts:
            assert digest in blocks[path]
        assert "connect-src 'self' https://api.example.com wss://api.example.com" in blocks[path]
        assert "unsafe-inline" not in blocks[path] and "unsafe-eval" not in blocks[path]
    assert "/" in blocks and "/peso" in blocks


def test_every_path_has_a_policy_and_it_narrows_no_page(site: Path) -> None:
    """Static hosts answer an unknown path with 404.html under the headers of `/*` alone, and
    add `/*`'s headers to every page's own: its policy must exist, allow 404.html's inline
    code, and allow every page's, so that enforcing both leaves each page its own policy."""
    from deploy.configure import inline_hashes

    text = (site / "_headers").read_text()
    every = re.search(r"^/\*\n((?:  .*\n)+)", text, flags=re.M)
    assert every, "a block for every path"
    csp = [line for line in every.group(1).splitlines() if line.strip().startswith("Content-Security-Policy:")]
    assert len(csp) == 1, "every path has a policy"
    policy = csp[0]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "default-src 'none'" in policy
    scripts, styles = inline_hashes((site / "404.html").read_text())
    assert scripts, "the 404 page has inline scripts to hash"
    for page in site.rglob("*.html"):
        if page.name == "__spa-fallback.html":
            continue
        scripts, styles = inline_hashes(page.read_text())
        missing = [digest for digest in scripts + styles if digest not in policy]
        assert not missing, f"{page.relative_to(site)}: {missing}"
