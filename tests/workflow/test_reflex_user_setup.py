"""A Reflex user's own set-up, with nothing of the project's: in a copy of the checkout,
exactly `python -m venv v && v/bin/pip install -r requirements.txt && v/bin/reflex run`, in a
fresh shell whose environment holds only Reflex's prerequisite (Node 22 first on PATH) and this
network's npm registry. The site serves, reloads on a data edit, and that runtime venv holds no
test tools (requirements-dev.txt has them).

Measured on this 2-core machine with pip's and npm's caches warm (after `make setup`): the venv
and the install 27-36 s, the site answering after 51-75 s (`reflex run`'s first build of a fresh
.web: npm install, compile), the whole test 60-100 s. From an empty npm cache the site answered
after 94 s."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ROOT
from tests.enquiry_fixtures import free_port

pytestmark = pytest.mark.browser

NODE_BIN = ROOT / ".tools" / "node_modules" / "node" / "bin"
SERVICE = "fire-licensing"
HEADLINE = 'headline = "Fire safety certificate for buildings in use"'
TEST_TOOLS = ["pytest", "playwright", "locust", "aiosmtpd", "ruff"]


def _npm_registry() -> str:
    if registry := os.environ.get("NPM_CONFIG_REGISTRY"):
        return registry
    found = subprocess.run(["npm", "config", "get", "registry"], capture_output=True, text=True, timeout=60)
    return found.stdout.strip() or "https://registry.npmjs.org/"


def user_shell_env() -> dict[str, str]:
    """A new login shell's environment: the machine's PATH without any of the project's folders
    (its venv), Node 22 first; HOME (pip's and npm's caches and settings); npm, not bun, and the
    registry this network reaches, with the machine's CA for it when it has one (a proxy here
    re-signs TLS: without it only a warm npm cache works). Nothing else: no LANG, no TZ, no
    settings `make` exports."""
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p and str(ROOT) not in p]
    network = {name: os.environ[name] for name in ("NODE_EXTRA_CA_CERTS",) if name in os.environ}
    return {
        "PATH": os.pathsep.join([str(NODE_BIN), *path]),
        "HOME": os.environ.get("HOME", str(Path.home())),
        "REFLEX_USE_NPM": "1",
        "NPM_CONFIG_REGISTRY": _npm_registry(),
        **network,
    }


def copy_checkout(destination: Path) -> None:
    """The tracked files as they are in the work tree (so uncommitted edits are tested too),
    without .venv, .tools, .web or any build: the real checkout's build is never touched."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in listed.decode("utf-8").split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)


def _answers(url: str) -> bool:
    try:
        result = subprocess.run(["curl", "-sf", "--max-time", "10", "-o", "/dev/null", url], timeout=30)
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0


@pytest.fixture
def user_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The user's commands in a copy of the checkout; yields the site's URL and the copy."""
    checkout = tmp_path / "site"
    copy_checkout(checkout)
    frontend, backend = free_port(), free_port()
    log = tmp_path / "user.log"
    # The ports only: another run or engineer may hold Reflex's defaults on a shared machine.
    command = (
        "python -m venv v && v/bin/pip install -r requirements.txt && "
        f"exec v/bin/reflex run --frontend-port {frontend} --backend-port {backend}"
    )
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            ["bash", "-c", command],
            cwd=checkout,
            env=user_shell_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    # Reflex's dev server (Vite) listens on `localhost`, whichever address family that names here;
    # the backend on 0.0.0.0.
    url = f"http://localhost:{frontend}"
    installed = None
    try:
        deadline = started + 900
        while not (_answers(url + "/") and _answers(f"http://127.0.0.1:{backend}/ping")):
            if installed is None and (checkout / "v" / "bin" / "reflex").exists():
                installed = time.monotonic() - started
            tail = log.read_text(encoding="utf-8")[-3000:]
            assert server.poll() is None, f"the user's commands exited ({server.returncode}):\n{tail}"
            assert time.monotonic() < deadline, f"the site did not answer in 900 s:\n{tail}"
            time.sleep(1)
        print(f"venv and pip install: about {installed or 0:.0f} s; serving after {time.monotonic() - started:.0f} s")
        yield url, checkout
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(timeout=10)


def test_pip_install_requirements_then_reflex_run_serves_and_reloads_a_data_edit(user_site, browser) -> None:
    url, checkout = user_site
    for path in ("/", f"/{SERVICE}"):
        assert _answers(url + path), path

    # The runtime holds no test tools: production installs this same file.
    python = checkout / "v" / "bin" / "python"
    probe = "import importlib.util, sys; print(*[m for m in sys.argv[1:] if importlib.util.find_spec(m)])"
    importable = subprocess.run([python, "-c", probe, *TEST_TOOLS], capture_output=True, text=True, check=True)
    assert importable.stdout.split() == [], f"test tools in the runtime venv: {importable.stdout}"
    shown = subprocess.run([python, "-m", "pip", "show", *TEST_TOOLS], capture_output=True, text=True)
    assert "Name:" not in shown.stdout, shown.stdout

    page = browser.new_page()
    try:
        page.goto(f"{url}/{SERVICE}")
        page.get_by_role("heading", name="Fire safety certificate for buildings in use").wait_for(timeout=180_000)
        data = checkout / "data" / "services" / f"{SERVICE}.toml"
        text = data.read_text(encoding="utf-8")
        assert HEADLINE in text
        data.write_text(text.replace(HEADLINE, 'headline = "Fire safety, as edited"'), encoding="utf-8")
        edited = page.get_by_role("heading", name="Fire safety, as edited")
        # The backend reloads and recompiles on the change; the page shows it after a reload.
        deadline = time.monotonic() + 180
        while True:
            page.reload()
            try:
                edited.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                assert time.monotonic() < deadline, "the edited headline never showed after a reload"
    finally:
        page.close()
