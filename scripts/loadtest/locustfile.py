"""Locust visitors for `scripts/load.py`, behaving as the site makes a browser behave.

Every link on the site is a plain link, so each page view is a full page load: the
HTML and the assets not yet in the visitor's cache. The page opens no websocket until
the visitor does something the backend keeps (consultancy/framework/lazy_socket.py): on service
pages and the testimonials page the visitor ticks checklist items, filters projects and
steps through the lightbox every 1-3 s while reading (READ_S), and the first of these
opens a new Reflex websocket that hydrates, then sends the event. Home, about, services,
contact and the finder never reach the backend (their slideshows, menus and answers run
in the browser). Leaving a page closes its socket. State events are timed from send to
the answering delta; the connect with its hydrate separately.

Once a page works, the browser fetches the main menu's other pages ahead of the click
(consultancy/framework/next_pages.py) unless it fetched them in the last five minutes, and a menu page
fetched that way opens from the visitor's cache without a request.

Loopback only: scripts/load.py refuses any other host.
"""

from __future__ import annotations

import contextlib
import random
import re
import time

import gevent
import websocket
from locust import constant, events, task
from locust.contrib.fasthttp import FastHttpUser
from reflex_socket import CHECKLIST, STATE, connect_and_hydrate, send_event

FILTER = f"{STATE}.consultancy___components___project_filter___state____project_filter_state"
LIGHTBOX = f"{STATE}.consultancy___components___lightbox___state____lightbox_state"

PAGES = [
    "/", "/about", "/services", "/testimonials", "/contact-us", "/approvals-finder", "/peso",
    "/forest-clearance", "/consent-to-operate", "/fire-nocs", "/cgwanoc", "/bio-medical-waste-authorization",
]  # fmt: skip
MENU_PAGES = ["/", "/about", "/services", "/testimonials", "/contact-us"]
SERVICE_PAGES = [p for p in PAGES if p not in MENU_PAGES]
# How long a page fetched ahead is used from the cache (consultancy/framework/next_pages.py).
AHEAD_S = 300.0
# Every event below changes state, so each one is answered by a delta to time.
CATEGORIES = ["All", "Compliance", "Consulting", "Infrastructure"]
ASSET = re.compile(r'(?:href|src)="(/(?:assets|images|css)/[^"]+)"')
# The links whose pages the browser fetches ahead: those the page marks, as next_pages.js reads them.
AHEAD_LINK = re.compile(r"<a\b[^>]*\bdata-prefetch\b[^>]*>")
HREF = re.compile(r'\bhref="(/[^"]*)"')


def _fire(name: str, started: float, length: int = 0, error: Exception | None = None) -> None:
    events.request.fire(
        request_type="WS",
        name=name,
        response_time=(time.perf_counter() - started) * 1000,
        response_length=length,
        exception=error,
        context={},
    )


READ_S = (5.0, 15.0)
THINK_S = (1.0, 3.0)


class Visitor(FastHttpUser):
    wait_time = constant(0)  # each visit paces itself: a page is read for READ_S

    def on_start(self) -> None:
        self.seen: set[str] = set()
        self.ahead: dict[str, tuple[float, str]] = {}  # path -> (when fetched, its HTML)
        self.ws: websocket.WebSocket | None = None
        self.category = "All"
        self.ticked: set[int] = set()
        self.image = 0

    def on_stop(self) -> None:
        self.close_socket()

    @task
    def visit_a_page(self) -> None:
        self.close_socket()  # the previous page's, as a browser closes it on leaving
        path = random.choice(PAGES)
        if not self.view(path):
            gevent.sleep(random.uniform(*READ_S))
            return
        # Only what the visitor chooses reaches the backend (as the site sends it since the
        # interactions moved into the browser): no mount events, no slideshow ticks, and no
        # socket before the first of them.
        until = time.monotonic() + random.uniform(*READ_S)
        while time.monotonic() < until:
            if path in SERVICE_PAGES:
                gevent.sleep(random.uniform(*THINK_S))
                self.ticked ^= {random.randrange(4)}
                self.event("ws checklist tick", f"{CHECKLIST}.set_ticked", {"indexes": sorted(self.ticked)},
                           "ticked_rx_state_", path)  # fmt: skip
            elif path == "/testimonials":
                gevent.sleep(random.uniform(*THINK_S))
                if random.random() < 0.3:
                    self.category = random.choice([c for c in CATEGORIES if c != self.category])
                    self.event("ws project filter", f"{FILTER}.choose", {"category": self.category},
                               "project_filter_state", path)  # fmt: skip
                else:
                    self.image = (self.image + random.randrange(1, 9)) % 9
                    self.event("ws lightbox step", f"{LIGHTBOX}.open_at", {"index": self.image},
                               "lightbox_state", path)  # fmt: skip
                    gevent.sleep(random.uniform(*THINK_S))
                    self.image = (self.image + 1) % 9
                    self.event("ws lightbox step", f"{LIGHTBOX}.show", {"index": self.image}, "lightbox_state", path)
            else:
                gevent.sleep(max(0.0, until - time.monotonic()))

    # --- pages and assets, as a browser with a cache fetches them ---

    def view(self, path: str) -> bool:
        html = self._fresh_ahead(path) or self._page(path, "page", {})
        if html is None:
            return False
        for asset in ASSET.findall(html):
            if asset not in self.seen:
                self.seen.add(asset)
                self.client.get(asset, name="asset", headers={"Accept-Encoding": "br, gzip"})
        links = (HREF.search(tag) for tag in AHEAD_LINK.findall(html))
        for page in dict.fromkeys(link.group(1) for link in links if link):
            if page != path and self._fresh_ahead(page) is None:
                ahead = self._page(page, "page ahead", {"Sec-Purpose": "prefetch"})
                if ahead is not None:
                    self.ahead[page] = (time.monotonic(), ahead)
        return True

    def _fresh_ahead(self, path: str) -> str | None:
        fetched, html = self.ahead.get(path, (0.0, ""))
        return html if time.monotonic() - fetched < AHEAD_S else None

    def _page(self, path: str, name: str, headers: dict[str, str]) -> str | None:
        with self.client.get(
            path, name=name, headers={"Accept-Encoding": "gzip", **headers}, catch_response=True
        ) as reply:
            if reply.status_code != 200 or b"<h1" not in (reply.content or b""):
                reply.failure(f"{path}: {reply.status_code}")
                return None
            return reply.text

    # --- the websocket: opened by a page's first backend event ---

    def close_socket(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):  # already gone
                self.ws.close()
            self.ws = None

    def open_socket(self, path: str) -> None:
        self.close_socket()
        started = time.perf_counter()
        try:
            self.ws = connect_and_hydrate(self.host, path)
            _fire("ws connect + hydrate", started)
        except Exception as error:  # every failure is a counted error
            self.ws = None
            _fire("ws connect + hydrate", started, error=error)

    def event(self, name: str, handler: str, payload: dict, marker: str, path: str) -> None:
        """Sends one state event and times it to the delta that answers it; the page's first
        (or the first after a failure) opens the socket first, as the browser does."""
        if self.ws is None:
            self.open_socket(path)
        if self.ws is None:
            return
        started = time.perf_counter()
        try:
            _fire(name, started, send_event(self.ws, handler, payload, marker, path))
        except Exception as error:
            _fire(name, started, error=error)
            self.close_socket()
