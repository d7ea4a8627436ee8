"""What each kind of websocket event costs the backend, in CPU time: the figures behind the
weights of the per-address event budget (consultancy/framework/event_limits.py).

Usage: python scripts/event_costs.py [--backend http://127.0.0.1:8081] [--count 300]

Talks to the backend port directly (nginx's limits and nginx's own CPU left out), one
operation at a time, and divides the backend processes' CPU time (all granian workers,
less what they use idle over as long) by the number of operations:

- `connect`: a new socket and its socket.io connect without a hydrate, then closed;
- `connect + hydrate`: a new socket with its hydrate (what a page view does), then closed;
- `hydrate`: a hydrate sent again on an open socket;
- `tick`: a checklist event on an open, hydrated socket (a typical click).

Paced under the backend's per-socket limit (a few sockets in turn). Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import websocket

sys.path.insert(0, str(Path(__file__).resolve().parent / "loadtest"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from flood import backend_processes
from reflex_socket import CHECKLIST, STATE, connect_and_hydrate, open_socket, read_until, router, send_event

SOCKETS = 8
PACE_S = 0.012  # at most ~80 operations a second over SOCKETS sockets: under 20 a second each


def cpu_seconds(processes: list) -> float:
    total = 0.0
    for process in processes:
        times = process.cpu_times()
        total += times.user + times.system
    return total


def measure(
    label: str, count: int, operation: Callable[[int], None], backend: list, redis: list, pace: float = PACE_S
) -> float:
    """The backend's CPU per operation (printed with Redis's beside it)."""
    idle_from = cpu_seconds(backend), cpu_seconds(redis)
    time.sleep(2)
    idle_per_s = [(cpu_seconds(group) - before) / 2 for group, before in zip((backend, redis), idle_from, strict=True)]
    started_cpu, started = (cpu_seconds(backend), cpu_seconds(redis)), time.perf_counter()
    for n in range(count):
        operation(n)
        time.sleep(pace)
    elapsed = time.perf_counter() - started
    backend_ms, redis_ms = (
        (cpu_seconds(group) - before - idle * elapsed) / count * 1000
        for group, before, idle in zip((backend, redis), started_cpu, idle_per_s, strict=True)
    )
    print(f"{label:20} backend {backend_ms:5.2f} ms CPU each, Redis {redis_ms:5.2f} ms ({count} in {elapsed:.1f} s)")
    return backend_ms


def redis_processes() -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["name"]):
        if process.info["name"] == "redis-server":
            found.append(process)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="http://127.0.0.1:8081")
    parser.add_argument("--count", type=int, default=300)
    # The site's address: the backend refuses sockets from other origins.
    parser.add_argument("--origin", default="http://127.0.0.1:8080")
    # Seconds between operations: slower keeps one address under the backend's budget per
    # address (40 ticks a second; a connect and hydrate weighs four), which it charges too.
    parser.add_argument("--pace", type=float, default=PACE_S)
    parser.add_argument("--only", nargs="*", default=None, help="connect, connect+hydrate, hydrate, tick")
    args = parser.parse_args()
    url, origin = args.backend.rstrip("/"), args.origin
    processes = backend_processes()
    assert processes, "no granian processes on this machine"
    # Every redis-server on the machine: run it with only the measured stack's Redis busy.
    redis = redis_processes()

    def connect(_: int) -> None:
        ws = open_socket(url, origin=origin)
        ws.send("40/_event,")
        read_until(ws, "40/_event")
        ws.close()

    def connect_hydrate(_: int) -> None:
        connect_and_hydrate(url, "/peso", origin=origin).close()

    sockets = [connect_and_hydrate(url, "/peso", origin=origin) for _ in range(SOCKETS)]
    hydrate = json.dumps(
        ["event", {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": router("/peso")}]
    )

    def rehydrate(n: int) -> None:
        ws = sockets[n % SOCKETS]
        ws.send("42/_event," + hydrate)
        read_until(ws, '"is_hydrated_rx_state_":true')

    def tick(n: int) -> None:
        send_event(sockets[n % SOCKETS], f"{CHECKLIST}.set_ticked", {"indexes": [n % 4]}, "ticked_rx_state_", "/peso")

    results = {}
    for label, operation in (
        ("connect", connect),
        ("connect + hydrate", connect_hydrate),
        ("hydrate", rehydrate),
        ("tick", tick),
    ):
        if args.only is not None and label.replace(" ", "") not in args.only:
            continue
        try:
            results[label] = measure(label, args.count, operation, processes, redis, args.pace)
        except (websocket.WebSocketException, OSError) as error:
            print(f"{label}: {error}")
    for ws in sockets:
        ws.close()
    if "tick" in results:
        print("relative to a tick: " + ", ".join(f"{k} {v / results['tick']:.1f}" for k, v in results.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
