"""One more visitor, outside the load generator, timing what a visitor would see.

Locust runs hundreds of visitors in one gevent loop, and its timings include the time a
reply waits for that loop to get round to it: on this 2-core machine, where the generator
shares the cores with the server, that wait can be larger than the server's own time.
The probe runs in its own thread, does one thing at a time, and so times the server:
a page fetch (a new connection, as a first visit), a state event on a hydrated page (a
checklist tick on /peso), and now and then a new websocket with its hydrate.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from urllib.parse import urlparse

import websocket
from reflex_socket import CHECKLIST, connect_and_hydrate, send_event

PAGES = ["/", "/about", "/services", "/testimonials", "/contact-us", "/peso", "/fire-nocs"]
PAUSE_S = 0.1
HYDRATE_EVERY = 10  # state events between two new sockets


class Probe(threading.Thread):
    def __init__(self, url: str, start_after: float) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.start_after = start_after
        self.samples: dict[str, list[float]] = {"page": [], "state event": [], "connect + hydrate": []}
        self.errors: dict[str, int] = dict.fromkeys(self.samples, 0)
        self.stop = threading.Event()

    def _page(self) -> None:
        target = urlparse(self.url)
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(target.hostname, target.port, timeout=15)
            connection.request("GET", random.choice(PAGES), headers={"Accept-Encoding": "gzip"})
            reply = connection.getresponse()
            reply.read()
            connection.close()
            if reply.status != 200:
                raise RuntimeError(reply.status)
            self.samples["page"].append((time.perf_counter() - started) * 1000)
        except Exception:
            self.errors["page"] += 1

    def run(self) -> None:
        if self.stop.wait(self.start_after):  # measure the steady state, as Locust's reset stats do
            return
        ws: websocket.WebSocket | None = None
        events = 0
        while not self.stop.wait(PAUSE_S):
            self._page()
            if ws is None or events % HYDRATE_EVERY == 0:
                if ws is not None:
                    ws.close()
                started = time.perf_counter()
                try:
                    ws = connect_and_hydrate(self.url, "/peso")
                    self.samples["connect + hydrate"].append((time.perf_counter() - started) * 1000)
                except Exception:
                    self.errors["connect + hydrate"] += 1
                    ws = None
                    continue
            started = time.perf_counter()
            try:
                send_event(ws, f"{CHECKLIST}.set_ticked", {"indexes": [events % 4]}, "ticked_rx_state_", "/peso")
                self.samples["state event"].append((time.perf_counter() - started) * 1000)
            except Exception:
                self.errors["state event"] += 1
                ws.close()
                ws = None
            events += 1
        if ws is not None:
            ws.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")
