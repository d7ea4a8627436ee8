"""One hostile address against the production stack, and what an ordinary visitor sees meanwhile.

Usage: python scripts/flood.py [--url http://127.0.0.1:8080]
       [--mode hydrate|events|sockets-hydrate|spread] [--seconds 20] [--threads 16]
       [--source 127.0.0.2] [--per-socket-burst 60] [--per-socket-rate 20]

- `hydrate`: THREADS threads open sockets from SOURCE and hydrate on each, as fast as they
  can (a new socket as soon as the last one answered or was refused).
- `events`: THREADS sockets from SOURCE hydrate once, then send checklist events as fast as
  they can write them; a socket that is closed on them is opened again at once.
- `sockets-hydrate`: THREADS threads open sockets from SOURCE as fast as nginx lets them
  (SOCKET_RATE a second after a burst of 40, nginx's limit per address, so the flooder's own
  CPU is not spent on refusals; `--socket-rate 0` tries again at once after each) and send on
  each its whole allowance of hydrates at once (the backend's per-socket burst,
  PER_SOCKET_BURST), wait for the answers (2 s at most), close it and open the next.
- `spread`: THREADS sockets from SOURCE (nginx lets one address hold 16) each send hydrates
  just under the per-socket rate (PER_SOCKET_RATE), so no socket's own limit is ever hit;
  a socket closed on them is opened again.

Meanwhile the visitor, from 127.0.0.1, does one thing at a time: a new socket with its hydrate
(connect + hydrate), then a checklist event on a hydrated socket. The visitor's figures are
printed for four phases: before the flood, its first second (the flood's ramp-up: a burst
the budgets allow once), the rest of it, and the second after it stops; with the visitor's
failures in each; then how long after the flood stopped the backend's CPU fell back to idle
(its backlog). Prints figures only; tests/production/test_production.py judges the same run
with generous bounds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import websocket

sys.path.insert(0, str(Path(__file__).resolve().parent / "loadtest"))
from reflex_socket import CHECKLIST, STATE, connect_and_hydrate, open_socket, read_until, router, send_event

# A reader opens a socket a page view; four a second stays under nginx's 5 a second per address.
PAUSE_S = 0.25
IDLE_CPU_PERCENT = 15  # the backend's CPU (100 = one core) with one visitor on the site


@dataclass(eq=False)
class Visitor(threading.Thread):
    url: str
    samples: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: {"hydrate": [], "event": []})
    errors: int = 0
    failed_at: list[float] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        super().__init__(daemon=True)

    def run(self) -> None:
        ws: websocket.WebSocket | None = None
        n = 0
        while not self.stop.wait(PAUSE_S):
            try:
                started = time.perf_counter()
                fresh = connect_and_hydrate(self.url, "/peso", timeout=10)
                self.samples["hydrate"].append((time.monotonic(), (time.perf_counter() - started) * 1000))
                fresh.close()
                if ws is None:
                    ws = connect_and_hydrate(self.url, "/peso", timeout=10)
                started = time.perf_counter()
                send_event(ws, f"{CHECKLIST}.set_ticked", {"indexes": [n % 4]}, "ticked_rx_state_", "/peso")
                self.samples["event"].append((time.monotonic(), (time.perf_counter() - started) * 1000))
            except (websocket.WebSocketException, OSError):
                self.errors += 1
                self.failed_at.append(time.monotonic())
                if ws is not None:
                    ws.close()
                ws = None
            n += 1
        if ws is not None:
            ws.close()


@dataclass
class Flooder:
    url: str
    mode: str
    threads: int
    source: str
    per_socket_burst: int = 60
    per_socket_rate: float = 20
    # New sockets a second, after a burst, across all threads: nginx's limit per address, so
    # nearly every attempt is let through (0: try again at once after a refusal).
    socket_rate: float = 5
    socket_burst: int = 40
    sent: int = 0
    answered: int = 0
    sockets: int = 0
    refused: int = 0
    closed_on_us: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _next_socket: float = 0.0

    def _count(self, **counts: int) -> None:
        with self._lock:
            for name, value in counts.items():
                setattr(self, name, getattr(self, name) + value)

    def _hydrates(self) -> None:
        while not self.stop.is_set():
            try:
                ws = connect_and_hydrate(self.url, "/peso", timeout=5, source=self.source)
                ws.close()
                self._count(sockets=1, sent=1)
            except (websocket.WebSocketException, OSError):
                self._count(refused=1)

    def _events(self) -> None:
        message = "42/_event," + json.dumps(
            ["event", {"name": f"{CHECKLIST}.set_ticked", "payload": {"indexes": [1]}, "router_data": router("/peso")}]
        )
        hydrate = {"event": {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": router("/peso")}}
        while not self.stop.is_set():
            try:
                ws = open_socket(self.url, timeout=5, source=self.source)
                ws.send("40/_event," + json.dumps(hydrate))
                read_until(ws, '"is_hydrated_rx_state_":true')
                self._count(sockets=1)
            except (websocket.WebSocketException, OSError):
                self._count(refused=1)
                continue
            # A reader answers pings and drains replies, so only the server's own limits stop us.
            reader = threading.Thread(target=self._drain, args=(ws,), daemon=True)
            reader.start()
            try:
                while not self.stop.is_set():
                    ws.send(message)
                    self._count(sent=1)
            except (websocket.WebSocketException, OSError):
                self._count(closed_on_us=1)
            with contextlib.suppress(Exception):
                ws.close()

    def _hydrate_message(self) -> str:
        hydrate = ["event", {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": router("/peso")}]
        return "42/_event," + json.dumps(hydrate)

    def _open_hydrated(self) -> websocket.WebSocket | None:
        """A socket from SOURCE with its connect's hydrate answered, or None when refused."""
        try:
            ws = connect_and_hydrate(self.url, "/peso", timeout=5, source=self.source)
        except (websocket.WebSocketException, OSError):
            self._count(refused=1)
            return None
        self._count(sockets=1, sent=1, answered=1)
        return ws

    def _wait_for_a_socket(self) -> None:
        """Paces new sockets at SOCKET_RATE after SOCKET_BURST, as nginx counts them."""
        if self.socket_rate <= 0:
            return
        with self._lock:
            now = time.monotonic()
            if not self._next_socket:
                self._next_socket = now - self.socket_burst / self.socket_rate
            self._next_socket = (
                max(self._next_socket, now - self.socket_burst / self.socket_rate) + 1 / self.socket_rate
            )
            wait = self._next_socket - now
        if wait > 0:
            self.stop.wait(wait)

    def _sockets_hydrate(self) -> None:
        """Each socket's whole allowance of hydrates at once, then the next socket."""
        message = self._hydrate_message()
        while not self.stop.is_set():
            self._wait_for_a_socket()
            ws = self._open_hydrated()
            if ws is None:
                continue
            answered = 0
            try:
                for _ in range(self.per_socket_burst - 1):
                    ws.send(message)
                self._count(sent=self.per_socket_burst - 1)
                ws.settimeout(0.2)
                deadline = time.monotonic() + 2
                while answered < self.per_socket_burst - 1 and time.monotonic() < deadline:
                    with contextlib.suppress(websocket.WebSocketTimeoutException):
                        frame = ws.recv()
                        if not frame:
                            break
                        if frame == "2":
                            ws.send("3")
                        answered += frame.count('"is_hydrated_rx_state_":true')
            except (websocket.WebSocketException, OSError):
                self._count(closed_on_us=1)
            self._count(answered=answered)
            with contextlib.suppress(Exception):
                ws.close()

    def _spread(self) -> None:
        """Hydrates on a socket held open, just under its own rate."""
        message = self._hydrate_message()
        pause = 1 / (self.per_socket_rate * 0.9)
        while not self.stop.is_set():
            ws = self._open_hydrated()
            if ws is None:
                time.sleep(0.05)
                continue
            reader = threading.Thread(target=self._drain, args=(ws,), daemon=True)
            reader.start()
            try:
                while not self.stop.wait(pause):
                    ws.send(message)
                    self._count(sent=1)
            except (websocket.WebSocketException, OSError):
                self._count(closed_on_us=1)
            with contextlib.suppress(Exception):
                ws.close()

    def _drain(self, ws: websocket.WebSocket) -> None:
        with contextlib.suppress(Exception):
            while True:
                frame = ws.recv()
                if not frame:
                    return
                if frame == "2":
                    ws.send("3")
                if '"is_hydrated_rx_state_":true' in frame:
                    self._count(answered=1)

    def run(self, seconds: float, report: multiprocessing.Queue) -> None:
        target = {
            "hydrate": self._hydrates,
            "events": self._events,
            "sockets-hydrate": self._sockets_hydrate,
            "spread": self._spread,
        }[self.mode]
        workers = [threading.Thread(target=target, daemon=True) for _ in range(self.threads)]
        for worker in workers:
            worker.start()
        time.sleep(seconds)
        self.stop.set()
        report.put(
            {
                "sent": self.sent,
                "answered": self.answered,
                "sockets": self.sockets,
                "refused": self.refused,
                "closed_on_us": self.closed_on_us,
                # It shares the machine's cores with the server: what it used itself.
                "flooder_cpu_s": time.process_time(),
            }
        )


def backend_processes(port: int | None = None) -> list[psutil.Process]:
    """The granian processes (the backend) on this machine; only the one on `port` if given."""
    found = []
    for process in psutil.process_iter(["cmdline"]):
        with contextlib.suppress(psutil.Error):
            cmdline = process.info["cmdline"] or []
            if any("granian" in part for part in cmdline) and (port is None or str(port) in cmdline):
                found.append(process)
    return found


def backend_cpu(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            total += process.cpu_percent()
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def load() -> str:
    """The machine's load average (1, 5, 15 min): the figures depend on what else runs."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def summary(values: list[float]) -> str:
    if not values:
        return "no samples"
    p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
    return f"n {len(values)}, p50 {p50:.0f}, p95 {p95:.0f}, max {max(values):.0f} ms"


def run(
    url: str,
    mode: str,
    seconds: float,
    threads: int,
    source: str,
    warmup: float = 3,
    per_socket_burst: int = 60,
    per_socket_rate: float = 20,
    socket_rate: float = 5,
) -> dict:
    # deploy/prod.sh puts the backend on the port after nginx's.
    processes = backend_processes((urlsplit(url).port or 80) + 1)
    visitor = Visitor(url)
    visitor.start()
    time.sleep(warmup)
    # The flooder is a process of its own: as threads of this one, it would hold the GIL the
    # visitor's timings depend on, and they would measure this script, not the server.
    report: multiprocessing.Queue = multiprocessing.Queue()
    flooder = multiprocessing.Process(
        target=Flooder(url, mode, threads, source, per_socket_burst, per_socket_rate, socket_rate).run,
        args=(seconds, report),
        daemon=True,
    )
    flood_start = time.monotonic()
    flooder.start()
    peak = 0.0
    backend_cpu(processes)
    while time.monotonic() - flood_start < seconds:
        time.sleep(0.5)
        peak = max(peak, backend_cpu(processes))
    flood = report.get(timeout=30)
    flood_end = time.monotonic()
    flooder.kill()
    # The backlog: how long the backend stays busy once the flood has stopped (two quiet
    # samples in a row, 100 ms apart).
    backend_cpu(processes)
    quiet, busy_until = 0, flood_end
    while quiet < 2 and time.monotonic() - flood_end < 30:
        time.sleep(0.1)
        if backend_cpu(processes) < IDLE_CPU_PERCENT:
            quiet += 1
        else:
            quiet, busy_until = 0, time.monotonic()
    time.sleep(1)
    visitor.stop.set()
    visitor.join(15)

    def phase(kind: str, start: float, end: float) -> list[float]:
        return [ms for at, ms in visitor.samples[kind] if start <= at < end]

    phases = {
        "before": (0, flood_start),
        "first s": (flood_start, flood_start + 1),  # the flood's ramp-up
        "during": (flood_start + 1, flood_end),
        "after": (flood_end, flood_end + 1),
    }
    result = {
        "flood": {**flood, "peak_backend_cpu": peak},
        "backlog_s": busy_until - flood_end,
        "visitor_errors": visitor.errors,
        "visitor_failures": {
            name: sum(1 for at in visitor.failed_at if start <= at < end) for name, (start, end) in phases.items()
        },
    }
    for kind in ("hydrate", "event"):
        result[kind] = {name: phase(kind, start, end) for name, (start, end) in phases.items()}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--mode", choices=("hydrate", "events", "sockets-hydrate", "spread"), default="hydrate")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--source", default="127.0.0.2")
    # The backend's per-socket allowance (EVENT_BURST, EVENT_RATE), which the new modes spend.
    parser.add_argument("--per-socket-burst", type=int, default=60)
    parser.add_argument("--per-socket-rate", type=float, default=20)
    # sockets-hydrate: new sockets a second (nginx's 5 after a burst of 40); 0 tries again at once.
    parser.add_argument("--socket-rate", type=float, default=5)
    args = parser.parse_args()
    result = run(
        args.url.rstrip("/"),
        args.mode,
        args.seconds,
        args.threads,
        args.source,
        per_socket_burst=args.per_socket_burst,
        per_socket_rate=args.per_socket_rate,
        socket_rate=args.socket_rate,
    )
    flood = result["flood"]
    print(
        f"flood ({args.mode}, {args.threads} threads from {args.source}, {args.seconds:.0f} s): "
        f"{flood['sent']} messages sent, {flood['answered']} hydrates answered, {flood['sockets']} sockets opened, "
        f"{flood['refused']} refused, {flood['closed_on_us']} closed by the server; "
        f"backend CPU peak {flood['peak_backend_cpu']:.0f} %, "
        f"the flooder's own CPU {flood['flooder_cpu_s']:.1f} s"
    )
    failures = result["visitor_failures"]
    for kind, label in (("hydrate", "visitor connect + hydrate"), ("event", "visitor state event")):
        for phase in ("before", "first s", "during", "after"):
            print(f"{label:27} {phase:7} {summary(result[kind][phase])}")
    print("visitor failures: " + ", ".join(f"{phase} {count}" for phase, count in failures.items()))
    print(f"backend busy for {result['backlog_s']:.1f} s after the flood stopped; load {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
