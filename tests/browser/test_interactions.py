"""Interactions answer in the browser: at once on a slow network, and without a backend.

The slow network is the real websocket relayed with every message held 150 ms each way
(scripts/latency.py). "No backend" is the built site's static files served by
`python -m http.server` with their backend address on a relay that resets every connection,
as a static host whose backend is down; the same port is then opened as a relay to the
real backend, as a backend that comes back."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scripts.latency import INTERACTIONS, measure
from tests.browser.finder_steps import pick_activity
from tests.conftest import WEB, WIDTHS, static_server, wait_until_interactive

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BUDGET_MS = 100
NOTICE_AFTER_MS = 2000


@pytest.mark.parametrize("name", [i.name for i in INTERACTIONS])
def test_every_interaction_shows_within_100_ms_at_a_300_ms_round_trip(base_url: str, name: str) -> None:
    # The median of five: another test's browser and both servers share the two cores (one
    # CI run measured the lightbox at 111, 100 and 75 ms; 25-40 ms on an idle machine). The
    # measuring stops once the median is settled either way.
    runs = measure(base_url, delay_ms=150, names=[name], repeats=5, budget_ms=BUDGET_MS)[name]
    within = [r for r in runs if r is not None and r <= BUDGET_MS]
    slow = f"{name}: slower than {BUDGET_MS} ms in the median of five (None: never shown): {runs}"
    assert None not in runs and len(within) >= 3, slow


class Relay:
    """A TCP relay to the real backend that refuses connections until it is opened:
    a backend that is down, then comes back. It listens all along and, while closed, resets
    every connection it is offered: a port given up between tests could be taken as another
    connection's local port before the relay came back."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self._open = False
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def open(self) -> None:
        self._open = True

    def close(self) -> None:
        self._open = False

    def stop(self) -> None:
        self._server.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if not self._open:
                # A reset, as from a port nothing listens on.
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


@dataclass
class StaticSite:
    url: str
    backend: Relay


@pytest.fixture(scope="module")
def static_site(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    """The built site's static files on `python -m http.server`, their backend address
    pointed at a relay that refuses every connection until a test opens it."""
    site = tmp_path_factory.mktemp("static") / "site"
    shutil.copytree(WEB / "build" / "client", site)
    backend = urlsplit(base_url)
    relay = Relay((backend.hostname or "127.0.0.1", backend.port or 80))
    # Reflex's env.json (the backend's URLs) is bundled with its runtime (consultancy/framework/bundle.py).
    backend_url = re.compile(r"(?<=[\"`])((?:http|ws)s?)://(?:localhost|127\.0\.0\.1):\d+")
    rewritten = 0
    for script in site.glob("assets/*.js"):
        text = script.read_text()
        if backend_url.search(text):
            script.write_text(backend_url.sub(lambda m: f"{m.group(1)}://127.0.0.1:{relay.port}", text))
            rewritten += 1
            for packed in (script.with_name(script.name + ".gz"), script.with_name(script.name + ".br")):
                packed.unlink(missing_ok=True)
    assert rewritten == 1, "the backend's address should be in one script"
    try:
        with static_server(site) as url:
            yield StaticSite(url, relay)
    finally:
        relay.stop()


@pytest.fixture
def static_page(browser, static_site: StaticSite) -> Iterator:
    context = browser.new_context(viewport=WIDTHS["desktop"], base_url=static_site.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()
    static_site.backend.close()


def _check_controls_work(page) -> None:
    """Every control of the chrome and the pages works in the browser alone."""
    page.goto("/about")
    page.mouse.move(5, 890)
    page.locator("#services-trigger").click()
    expect(page.locator("#services-menu")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/about/?$"))
    page.keyboard.press("Escape")
    page.locator("#site-search").fill("groundwater")
    expect(page.locator("#search-results a").first).to_have_attribute("href", "/cgwanoc")
    page.locator("#site-search").fill("")
    page.get_by_role("button", name=re.compile(r"^Show slide 3")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Show slide 3"))).to_have_attribute("aria-current", "true")

    page.goto("/peso")
    page.locator("label[for='check-0']").click()
    page.locator("label[for='check-2']").click()
    expect(page.locator("#checklist-progress strong")).to_have_text("2")
    # Printing is not held back by the ticks waiting for the backend.
    page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
    page.get_by_role("button", name="Print checklist").click()
    page.wait_for_function("() => window.__printed === 1")

    page.goto("/testimonials")
    page.locator("#gallery-item-2").click()
    expect(page.locator("#lightbox-counter")).to_have_text("3 of 9")
    page.get_by_role("button", name="Next image").click()
    expect(page.locator("#lightbox-counter")).to_have_text("4 of 9")
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Compliance", exact=True).click()
    expect(page.locator("#project-count")).not_to_have_text("15")
    page.get_by_role("link", name=re.compile(r"^Play video")).first.click()
    expect(page.locator("iframe.video__frame")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"/testimonials/?$"))

    page.goto("/contact-us")
    page.get_by_role("button", name="Show interactive map").click()
    expect(page.locator("iframe.map__frame")).to_have_count(1)

    page.goto("/approvals-finder")
    # The typed activity picker matches and chooses in the page, backend or none.
    pick_activity(page, "quarry", "mine")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    page.get_by_role("group", name=re.compile("forest land")).get_by_label("Yes").check()
    expect(page.locator("#finder-results [data-approval='forest-clearance']")).to_be_visible()


def test_every_control_works_with_the_backend_refused_on_a_static_host(static_page) -> None:
    _check_controls_work(static_page)
    assert static_page.js_errors == []


def test_connection_notice_comes_after_2_s_and_goes_when_the_backend_returns(static_page, static_site) -> None:
    page = static_page
    page.goto("/peso")
    wait_until_interactive(page)
    notice = page.locator("#connection-notice")
    # Reading needs no backend, so nothing is tried and nothing is said.
    page.wait_for_timeout(NOTICE_AFTER_MS + 500)
    expect(notice).to_have_count(0)
    # A tick is something the backend keeps: now the page tries, fails and says so.
    page.locator("label[for='check-0']").click()
    started = time.monotonic()
    expect(page.locator("#checklist-progress strong")).to_have_text("1")
    expect(notice).to_be_attached()
    # Present but not yet shown: the stylesheet holds it back for 2 s.
    assert notice.evaluate("el => getComputedStyle(el).visibility") == "hidden"
    expect(notice).to_be_visible(timeout=5000)
    assert time.monotonic() - started >= NOTICE_AFTER_MS / 1000 - 0.2
    expect(notice).to_contain_text("Connection lost")
    static_site.backend.open()
    expect(notice).not_to_be_attached(timeout=15_000)
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "1")


def test_pages_without_backend_features_never_show_the_notice(static_page) -> None:
    static_page.goto("/services")
    static_page.wait_for_timeout(NOTICE_AFTER_MS + 1000)
    expect(static_page.locator("#connection-notice")).to_have_count(0)


def test_ticks_made_offline_reach_the_backend_when_it_returns(static_page, static_site) -> None:
    page = static_page
    page.goto("/peso")
    page.locator("label[for='check-0']").click()
    page.locator("label[for='check-1']").click()
    expect(page.locator("#checklist-progress strong")).to_have_text("2")
    static_site.backend.open()
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "2", timeout=15_000)


def test_backend_keeps_what_the_visitor_sees(desktop_page) -> None:
    page = desktop_page
    page.goto("/peso")
    wait_until_interactive(page)
    for n in (0, 1, 3):
        page.locator(f"label[for='check-{n}']").click()
    expect(page.locator("#checklist-progress strong")).to_have_text("3")
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "3")
    page.locator("label[for='check-1']").click()
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "2")


def _open_everything(page) -> None:
    page.locator("#gallery-item-4").click()
    expect(page.locator("#lightbox-counter")).to_have_text("5 of 9")


def test_a_page_opens_its_websocket_only_for_what_the_backend_keeps(desktop_page) -> None:
    """consultancy/framework/lazy_socket.py: reading costs the backend nothing, a tick opens the socket."""
    page = desktop_page
    sockets: list[str] = []
    scripts: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    for path in ("/", "/about", "/approvals-finder", "/peso"):
        page.goto(path)
        wait_until_interactive(page)
        page.wait_for_timeout(1000)
    assert sockets == []
    loaded = len(scripts)
    assert page.locator("#app-ready").get_attribute("data-hydrated") == "false"
    page.locator("label[for='check-0']").click()
    expect(page.locator(".checklist")).to_have_attribute("data-saved", "1")
    assert len(sockets) == 1 and "/_event" in sockets[0]
    expect(page.locator("#app-ready")).to_have_attribute("data-hydrated", "true")
    assert len(scripts) > loaded, "the socket client loads with the first backend event"
    # The staff inbox loads its list on arrival, so it connects at once.
    page.goto("/staff")
    expect(page.locator("#app-ready")).to_have_attribute("data-hydrated", "true")
    assert len(sockets) == 2


@pytest.mark.parametrize("how", ["reload", "back", "return"])
def test_lightbox_is_closed_after_a_reload_a_back_and_a_return(desktop_page, how: str) -> None:
    page = desktop_page
    page.goto("/testimonials")
    wait_until_interactive(page)
    _open_everything(page)
    if how == "reload":
        page.reload()
    elif how == "back":
        page.goto("/about")
        page.go_back()
    else:
        page.goto("/about")
        page.goto("/testimonials")
    expect(page).to_have_url(re.compile(r"/testimonials$"))
    wait_until_interactive(page)
    page.wait_for_timeout(300)
    expect(page.locator(".lightbox__panel")).to_have_count(0)
    expect(page.locator(".lightbox")).not_to_have_class(re.compile(r"is-open"))


@pytest.mark.parametrize("how", ["reload", "back"])
def test_menus_and_iso_dialog_are_closed_after_a_reload_and_a_back(mobile_page, how: str) -> None:
    page = mobile_page
    page.goto("/about")
    wait_until_interactive(page)
    page.locator(".menu-toggle").click()
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "true")
    page.locator("#iso-badge").click()
    expect(page.locator("#iso-dialog")).to_be_visible()
    if how == "reload":
        page.reload()
    else:
        page.goto("/services")
        page.go_back()
    wait_until_interactive(page)
    page.wait_for_timeout(300)
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#iso-dialog")).to_be_hidden()


def test_a_rendering_error_shows_the_branded_error_page(new_page) -> None:
    page = new_page()
    page.add_init_script("window.__siteForceRenderError = true")
    page.goto("/about")
    error_page = page.locator("#error-page")
    expect(error_page).to_be_visible()
    expect(page.locator("h1")).to_have_text("Sorry, this page could not be shown")
    expect(error_page.get_by_role("link", name="Go to the home page")).to_have_attribute("href", "/")
    expect(error_page.get_by_role("link", name="Contact us")).to_have_attribute("href", "/contact-us")
    expect(error_page.locator("a[href^='tel:']")).to_have_count(1)
    text = page.locator("body").inner_text()
    for internal in ("forced rendering error", "Error:", "An error occurred", "stack"):
        assert internal not in text


def _uncovered_controls(page) -> list[str]:
    """Controls in view whose middle another element (a floating bar) sits on."""
    return page.evaluate(
        """() => [...document.querySelectorAll('a[href], button, input, select, summary')]
        .filter((el) => el.checkVisibility() && !el.closest('.fabs, .finder__summary, .skip-link'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
          const hit = document.elementFromPoint(x, y);
          return hit && !el.contains(hit) && !hit.contains(el) && hit.closest('.fabs, .finder__summary');
        })
        .map((el) => el.outerHTML.slice(0, 80))"""
    )


@pytest.mark.parametrize("path", ["/", "/about", "/services", "/testimonials", "/contact-us", "/peso",
                                  "/approvals-finder", "/tank-testing-certificate", "/rough"])  # fmt: skip
def test_floating_buttons_cover_no_control_at_the_end_of_a_page(mobile_page, path: str) -> None:
    page = mobile_page
    page.goto(path)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(200)
    assert _uncovered_controls(page) == []


def test_floating_buttons_cover_no_lightbox_control(mobile_page) -> None:
    page = mobile_page
    page.goto("/testimonials")
    page.locator("#gallery-item-3").click()
    expect(page.locator("#lightbox-counter")).to_have_text("4 of 9")
    for name in ("Next image", "Previous image", "Zoom in", "Close"):
        button = page.get_by_role("button", name=name)
        box = button.bounding_box()
        assert box is not None
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label')",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == name


def test_phone_header_is_one_row_with_the_iso_badge_in_reach(mobile_page) -> None:
    page = mobile_page
    page.goto("/about")
    brand = page.locator(".brand").bounding_box()
    menu = page.locator(".menu-toggle").bounding_box()
    badge = page.locator("#iso-badge").bounding_box()
    assert brand and menu and badge
    for box in (menu, badge):
        assert abs((box["y"] + box["height"] / 2) - (brand["y"] + brand["height"] / 2)) < 8
    assert page.locator(".site-header").bounding_box()["height"] <= 72  # type: ignore[index]
    # The firm's name is not cut short.
    name = page.locator(".brand__name")
    assert name.evaluate("el => el.scrollWidth <= el.clientWidth")
    page.locator("#iso-badge").click()
    expect(page.get_by_role("dialog", name="ISO Certifications")).to_be_visible()


def test_a_link_loads_the_next_page_as_a_new_document(desktop_page) -> None:
    """Links are plain links (issue 18, consultancy/framework/paint.py): the next page arrives as its
    prerendered HTML and paints before any script runs, rather than being rendered by React
    in the page the visitor leaves."""
    page = desktop_page
    page.goto("/about")
    wait_until_interactive(page)
    page.evaluate("window.__previousDocument = true")
    page.locator("#site-nav .nav__list").get_by_role("link", name="Contact", exact=True).click()
    expect(page).to_have_url(re.compile(r"/contact-us$"))
    wait_until_interactive(page)
    assert page.evaluate("window.__previousDocument === undefined")
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "false")
