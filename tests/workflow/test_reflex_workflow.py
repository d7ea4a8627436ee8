"""The owner's own workflow, as a Python team uses Reflex: plain `reflex run` (development
mode, hot reload) and plain `reflex export`, in a shell that knows nothing of the Makefile:
the machine's own Node first on PATH, none of the variables `make` sets."""

from __future__ import annotations

import os
import re
import subprocess
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ROOT
from tests.enquiry_fixtures import free_port

REFLEX = ROOT / ".venv" / "bin" / "reflex"
pytestmark = pytest.mark.browser


def fresh_shell_env(**extra: str) -> dict[str, str]:
    """The environment of a new shell: no project tool on PATH, no Reflex or npm settings."""
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if str(ROOT) not in p]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFLEX_", "NPM_CONFIG_", "npm_"))}
    return {**env, "PATH": os.pathsep.join(path), **extra}


def _answers(url: str) -> bool:
    # A development server compiling on a busy machine may take its time to answer.
    try:
        result = subprocess.run(["curl", "-sf", "--max-time", "10", "-o", "/dev/null", url], timeout=30)
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0


@pytest.fixture
def dev_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`reflex run` (no flags but the ports) on a copy of data/; yields its URL and that copy."""
    data = tmp_path / "data"
    subprocess.run(["cp", "-r", str(ROOT / "data"), str(data)], check=True)
    frontend, backend = free_port(), free_port()
    log = tmp_path / "dev.log"
    env = fresh_shell_env(CONSULTANCY_DATA_DIR=str(data), REFLEX_WEB_WORKDIR=".web-dev")
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            [str(REFLEX), "run", "--frontend-port", str(frontend), "--backend-port", str(backend)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    # Reflex's dev server (Vite) listens on `localhost`, which may name ::1 rather than 127.0.0.1.
    url = f"http://localhost:{frontend}"
    try:
        deadline = time.monotonic() + 600
        while not (_answers(url + "/") and _answers(f"http://127.0.0.1:{backend}/ping")):
            assert server.poll() is None, f"reflex run exited:\n{log.read_text(encoding='utf-8')[-3000:]}"
            assert time.monotonic() < deadline, f"reflex run not up:\n{log.read_text(encoding='utf-8')[-3000:]}"
            time.sleep(1)
        yield url, data
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)


def test_reflex_run_is_development_mode_and_reloads_an_edited_data_file(dev_site, browser) -> None:
    url, data = dev_site
    page = browser.new_page()
    try:
        page.goto(url + "/about")
        heading = page.get_by_role("heading", name="Redefining Possibilities", exact=True)
        heading.wait_for(timeout=120_000)
        about = data / "pages" / "about.toml"
        text = about.read_text(encoding="utf-8")
        about.write_text(
            text.replace('title = "Redefining Possibilities"', 'title = "Possibilities, edited"'), encoding="utf-8"
        )

        edited = page.get_by_role("heading", name="Possibilities, edited", exact=True)
        # The backend restarts and recompiles on the change; the page shows it after a reload.
        deadline = time.monotonic() + 180
        while True:
            page.reload()
            try:
                edited.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                assert time.monotonic() < deadline, "the edited heading never showed after a reload"
    finally:
        page.close()


def test_plain_reflex_export_is_the_complete_static_site(tmp_path: Path) -> None:
    env = fresh_shell_env(REFLEX_WEB_WORKDIR=".web-export-test", REFLEX_API_URL="https://api.example.com")
    result = subprocess.run(
        [str(REFLEX), "export", "--frontend-only", "--zip-dest-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    site = tmp_path / "site"
    with zipfile.ZipFile(tmp_path / "frontend.zip") as archive:
        archive.extractall(site)
    not_found = site / "404.html"
    assert re.search(r"<title>[^<]+</title>", not_found.read_text(encoding="utf-8")), "404.html has a title"
    assert not_found.read_text(encoding="utf-8") == (site / "not-found" / "index.html").read_text(encoding="utf-8"), (
        "404.html is the branded page"
    )
    assert "/contact /contact-us 301" in (site / "_redirects").read_text(encoding="utf-8")
    headers = (site / "_headers").read_text(encoding="utf-8")
    assert "connect-src 'self' https://api.example.com wss://api.example.com" in headers
    # What `reflex export` leaves in a checkout is not committed by mistake.
    paths = ["frontend.zip", "backend.zip", ".web-export-test/x"]
    ignored = subprocess.run(["git", "check-ignore", *paths], cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == paths
