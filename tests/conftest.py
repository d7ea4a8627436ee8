"""Fixtures: the built site served as production serves it, and Debian's Chromium.

The site is started once per test session with `reflex run --env prod
--single-port`, so pages are the prerendered build and every state change goes
over the real websocket to the real backend. Nothing is mocked.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from consultancy.framework.suite_visitors import COOKIE as VISITOR_COOKIE
from scripts.reflex_server import reflex_site
from tests.enquiry_fixtures import (  # noqa: F401  (fixtures: real databases and a mail server)
    clean_env,
    db_url,
    mail_server,
    migrated_sqlite,
    postgres_cluster,
    postgres_database,
    postgres_url,
    sqlite_url,
)
from tests.enquiry_fixtures import free_port as _free_port

ROOT = Path(__file__).resolve().parents[1]
# The build the site under test was served from (scripts/test.sh sets it; `.web` by default).
WEB = ROOT / os.environ.get("SITE_WEB_DIR", ".web")
# The suite builds and serves the demo content: deploy/prod.sh would refuse its placeholders.
os.environ.setdefault("SITE_DEMO", "1")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
BUILD_TIMEOUT_S = 900
WIDTHS = {"mobile": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
# Every browser context reads and writes dates as a visitor in Odisha does, whatever the
# machine's own language and time zone (a test may still pass its own). TEST_TIMEZONE tries
# another: Pacific/Kiritimati (UTC+14) puts the browser's day ahead of the server's.
VISITOR_LOCALE = {"locale": "en-IN", "timezone_id": os.environ.get("TEST_TIMEZONE", "Asia/Kolkata")}


class _VisitorBrowser:
    """The launched browser, whose new contexts default to `VISITOR_LOCALE`."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        return self._browser.new_context(**{**VISITOR_LOCALE, **options})

    def new_page(self, **options: Any) -> Any:
        return self._browser.new_page(**{**VISITOR_LOCALE, **options})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@contextlib.contextmanager
def static_server(directory: Path) -> Iterator[str]:
    """`directory` on `python -m http.server`, a static host with nothing of the site's own
    server: no clean URLs, no headers, no backend. Yields its URL."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=directory,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


# The order tests run in, by folder, in each worker: the unit tests before anything that opens
# a browser, since Playwright's sync API keeps an event loop running in the worker's thread from
# then on and `asyncio.run` in a later unit test would fail; then the workflow tests (minutes
# each: a fresh venv, builds), so they overlap the browser tests instead of ending the run.
RUN_ORDER = {"unit": 0, "workflow": 1, "browser": 2, "production": 3}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def folder(item: pytest.Item) -> int:
        parts = item.path.relative_to(ROOT).parts
        return RUN_ORDER.get(parts[1], len(RUN_ORDER)) if len(parts) > 2 and parts[0] == "tests" else len(RUN_ORDER)

    items.sort(key=folder)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """URL of the running site; SITE_URL reuses a server that is already up."""
    if os.environ.get("SITE_URL"):
        yield os.environ["SITE_URL"].rstrip("/")
        return
    port = int(os.environ.get("TEST_PORT", _free_port()))
    with reflex_site(ROOT, port, ROOT / "build" / "test-server.log", BUILD_TIMEOUT_S) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield _VisitorBrowser(instance)
        instance.close()


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def viewport(request: pytest.FixtureRequest) -> dict:
    return WIDTHS[request.param]


def _new_page(browser, base_url: str, viewport: dict, **options):
    context = browser.new_context(viewport=viewport, base_url=base_url, **options)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return context, page


@pytest.fixture
def page(browser, base_url: str, viewport: dict) -> Iterator:
    """A fresh page at the parametrised width (each test runs at 390 and 1280 px)."""
    context, page = _new_page(browser, base_url, viewport)
    yield page
    context.close()


@pytest.fixture
def desktop_page(browser, base_url: str) -> Iterator:
    context, page = _new_page(browser, base_url, WIDTHS["desktop"])
    yield page
    context.close()


@pytest.fixture
def mobile_page(browser, base_url: str) -> Iterator:
    context, page = _new_page(browser, base_url, WIDTHS["mobile"])
    yield page
    context.close()


@pytest.fixture
def new_page(browser, base_url: str):
    """Factory for pages with special options (no JavaScript, reduced motion...)."""
    contexts = []

    def make(viewport: dict | None = None, **options):
        context, page = _new_page(browser, base_url, viewport or WIDTHS["desktop"], **options)
        contexts.append(context)
        return page

    yield make
    for context in contexts:
        context.close()


def _visitor_addresses() -> Iterator[str]:
    """Addresses no other visitor gets: 198.18.0.0/15 (the benchmarking range) cut into 64
    blocks of 2,048, one per run, and each block into one of 256 per worker; then counted.
    A run takes the first block the server has seen no visitor of (SITE_TEST_VISITORS_LOG),
    so runs one after another against a server still up (REPEAT in scripts/test.sh) never
    share an address, nor the limits per address counting it; without the record, a block
    from xdist's run id."""
    network = ipaddress.ip_network("198.18.0.0/15")
    block_size, per_worker = 2048, 256
    blocks = network.num_addresses // block_size
    log = os.environ.get("SITE_TEST_VISITORS_LOG")
    seen = Path(log).read_text(encoding="utf-8").split() if log and Path(log).exists() else []
    addresses = [ipaddress.ip_address(a) for a in seen if re.fullmatch(r"[0-9.]+", a)]
    used = {(int(a) - int(network[0])) // block_size for a in addresses if a in network}
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getppid())
    block = next(
        (b for b in range(blocks) if b not in used), int(hashlib.sha256(run.encode()).hexdigest(), 16) % blocks
    )
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    start = block * block_size + (worker % 8) * per_worker
    for n in itertools.count(1):
        if n >= per_worker:
            raise RuntimeError(f"more than {per_worker - 1} test visitors in one worker")
        yield str(network[start + n])


VISITOR_ADDRESSES = _visitor_addresses()


class Visitors:
    """Browsers that are visitors of their own address (consultancy/framework/suite_visitors.py):
    the limits per address count each apart, as they would count real people.

    Each visitor's event sockets are watched; when one of them was answered by the backend,
    `check` asks the server's record of handshakes (SITE_TEST_VISITORS_LOG) whether the backend
    saw it under the visitor's own address, and fails loudly when it did not: the backend would
    be counting several test visitors as one, and the limits per address would hold or refuse
    their enquiries."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.answered: dict[str, int] = {}

    def add(self, context) -> str:
        """Makes every page of `context` one visitor; returns its address."""
        address = next(VISITOR_ADDRESSES)
        context.add_cookies([{"name": VISITOR_COOKIE, "value": address, "url": self.base_url}])
        self.answered.setdefault(address, 0)

        def watch(socket) -> None:
            if "/_event" in socket.url:
                socket.once("framereceived", lambda _frame: self._answered(address))

        context.on("page", lambda page: page.on("websocket", watch))
        for page in context.pages:
            page.on("websocket", watch)
        return address

    def _answered(self, address: str) -> None:
        self.answered[address] += 1

    def check(self) -> None:
        answered = [address for address, count in self.answered.items() if count]
        if not answered:
            return
        log = os.environ.get("SITE_TEST_VISITORS_LOG")
        assert log, (
            "the server under test does not give test visitors addresses of their own: start it "
            "with scripts/test.sh (SITE_TEST_HOOKS=1, SITE_TEST_VISITORS_LOG)"
        )
        seen: set[str] = set()
        for _ in range(50):
            seen = set(Path(log).read_text(encoding="utf-8").split())
            if all(address in seen for address in answered):
                return
            time.sleep(0.1)
        missing = [address for address in answered if address not in seen]
        raise AssertionError(
            f"the backend answered the sockets of test visitors {missing} but never saw them under "
            f"their own addresses (cookie {VISITOR_COOKIE} missing from the websocket handshake?): "
            "it is counting several test visitors as one address"
        )


@pytest.fixture
def visitors(base_url: str) -> Iterator[Visitors]:
    tracker = Visitors(base_url)
    yield tracker
    tracker.check()


@pytest.fixture
def visitor(new_page, visitors: Visitors):
    """Factory for a page of a visitor of their own address (`page.visitor_address`)."""

    def make(viewport: dict | None = None, **options):
        page = new_page(viewport or WIDTHS["desktop"], **options)
        page.visitor_address = visitors.add(page.context)  # type: ignore[attr-defined]
        return page

    return make


def navigate_in_page(page, path: str) -> None:
    """React Router's own navigation to `path`, as a redirect inside the page would make one.
    Started from a timer so that evaluate returns before the document it runs in unloads
    (returning navigate()'s promise raced the load: "Execution context was destroyed")."""
    page.evaluate(f"setTimeout(() => window.__reactRouterDataRouter.navigate({json.dumps(path)}), 0)")


# The pages a document asked for with a <link> (prefetch, consultancy/framework/next_pages.py; the hero
# picture's preload is a file), and whether each has arrived.
PAGES_AHEAD_JS = """() => performance.getEntriesByType("resource")
  .filter((entry) => entry.initiatorType === "link" && !/\\.\\w+$/.test(new URL(entry.name).pathname))
  .map((entry) => [new URL(entry.name).pathname, entry.responseEnd > 0])"""


def pages_fetched_ahead(page) -> dict[str, bool]:
    return dict(page.evaluate(PAGES_AHEAD_JS))


def wait_for_pages_fetched_ahead(page, count: int) -> dict[str, bool]:
    """Blocks until `count` pages fetched ahead have arrived; returns them all."""
    page.wait_for_function(f"() => ({PAGES_AHEAD_JS})().filter(([, done]) => done).length >= {count}", timeout=15_000)
    return pages_fetched_ahead(page)


def wait_until_interactive(page) -> None:
    """Block until React has taken over the page, so clicks run its handlers. The websocket
    opens on the first backend event (consultancy/framework/lazy_socket.py); events wait for it."""
    page.wait_for_selector("#app-ready[data-ready='true']", state="attached")


class HeldScripts:
    """Holds back every script a page asks for until `release()`: the page as a phone shows it
    after its first paint and before React has taken it over (consultancy/framework/early_input.py)."""

    def __init__(self, page) -> None:
        self._held: list = []
        self._released = False
        page.route(re.compile(r"/assets/[^?#]+\.js(?:[?#].*)?$"), self._hold)

    def _hold(self, route) -> None:
        if self._released:
            route.continue_()
        else:
            self._held.append(route)

    def release(self) -> None:
        self._released = True
        for route in self._held:
            route.continue_()
        self._held.clear()


def run_in_own_thread(scenario: Callable[[], Coroutine[Any, Any, None]], timeout: float = 60) -> None:
    """Runs an async scenario to the end in a thread of its own (in the same test process
    Playwright's sync API may own this thread's event loop, and asyncio.run() refuses to start
    inside a running loop); its exception is raised here."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:  # handed to the test's thread
            failures.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "the scenario did not finish"
    if failures:
        raise failures[0]
