"""Load test of the production stack: Locust visitors (scripts/loadtest/locustfile.py)
against `make prod`, bounded in count and time, loopback only.

Usage: python scripts/load.py [--url http://127.0.0.1:8080] [--users 500] [--spawn-rate 50]
       [--time 60] [--report docs/load.md]

Prints a table per request kind (count, p50/p95/p99, errors) as Locust timed it, the
same figures from an independent probe visitor (scripts/loadtest/probe.py: Locust's
timings include its own loop's queueing), and the CPU each part of the stack used. The
goals (p95 page < 50 ms, p95 state event < 100 ms) are judged on the probe, errors on
both; exits 1 when one is missed. With --report, replaces the measured part of the file
(after its `<!-- measured -->` line) and keeps the prose above it.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import psutil

ROOT = Path(__file__).resolve().parents[1]
LOCUSTFILE = ROOT / "scripts" / "loadtest" / "locustfile.py"
sys.path.insert(0, str(LOCUSTFILE.parent))
from probe import Probe, percentile  # noqa: E402

MAX_USERS, MAX_SECONDS = 2000, 600
PAGE_P95_MS, EVENT_P95_MS = 50, 100
PARTS = {"nginx": ("nginx",), "backend workers": ("granian",), "redis": ("redis-server",), "locust": ("locust",)}


def _part(process: psutil.Process) -> str | None:
    try:
        text = " ".join(process.cmdline()) or process.name()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    for part, needles in PARTS.items():
        if any(n in text for n in needles):
            return part
    return None


class CpuSampler(threading.Thread):
    """Average CPU of each part of the stack (100 % = one core) while the test runs."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.samples: dict[str, list[float]] = {part: [] for part in PARTS}
        self.machine: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        procs: dict[int, psutil.Process] = {}
        psutil.cpu_percent()
        while not self.stop.wait(2):
            totals = dict.fromkeys(PARTS, 0.0)
            for process in psutil.process_iter():
                if process.pid not in procs:
                    procs[process.pid] = process
                    with contextlib.suppress(psutil.Error):
                        process.cpu_percent()
                    continue
                part = _part(procs[process.pid])
                if part:
                    with contextlib.suppress(psutil.Error):
                        totals[part] += procs[process.pid].cpu_percent()
            for part, value in totals.items():
                self.samples[part].append(value)
            self.machine.append(psutil.cpu_percent() * psutil.cpu_count())

    def averages(self) -> dict[str, float]:
        tail = slice(2, None)  # skip the ramp-up
        out = {p: sum(v[tail]) / max(1, len(v[tail])) for p, v in self.samples.items()}
        out["whole machine"] = sum(self.machine[tail]) / max(1, len(self.machine[tail]))
        return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--spawn-rate", type=int, default=50)
    parser.add_argument("--time", type=int, default=60, help="seconds at full load after spawning")
    parser.add_argument("--processes", type=int, default=1, help="load-generator processes")
    parser.add_argument("--report", type=Path)
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the load generator at this lower CPU priority (19: the server and the probe "
        "first, as if the generator were on a machine of its own)",
    )
    args = parser.parse_args()
    if urlparse(args.url).hostname not in {"127.0.0.1", "localhost", "::1"}:
        raise SystemExit("load tests run against loopback only")
    if not (0 < args.users <= MAX_USERS and 0 < args.time <= MAX_SECONDS):
        raise SystemExit(f"bounded: at most {MAX_USERS} users and {MAX_SECONDS} s")
    spawn_s = args.users // args.spawn_rate
    run_time = args.time + spawn_s
    sampler = CpuSampler()
    probe = Probe(args.url, start_after=spawn_s + 2)
    with tempfile.TemporaryDirectory() as tmp:
        prefix = Path(tmp) / "load"
        command = [
            *(["nice", "-n", str(args.nice)] if args.nice else []),
            str(ROOT / ".venv/bin/locust"), "-f", str(LOCUSTFILE), "--headless", "--host", args.url,
            "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{run_time}s", "--csv", str(prefix),
            "--only-summary", "--stop-timeout", "10", "--loglevel", "WARNING", "--reset-stats",
            "--processes", str(args.processes),
        ]  # fmt: skip
        print("running:", " ".join(command), flush=True)
        sampler.start()
        probe.start()
        started = time.monotonic()
        subprocess.run(command, check=False, env={**os.environ, "PYTHONWARNINGS": "ignore"}, timeout=run_time + 120)
        elapsed = time.monotonic() - started
        sampler.stop.set()
        probe.stop.set()
        probe.join()
        with open(f"{prefix}_stats.csv", encoding="utf-8") as handle:
            rows = [r for r in csv.DictReader(handle)]
        with open(f"{prefix}_failures.csv", encoding="utf-8") as handle:
            failures = list(csv.DictReader(handle))

    lines = [
        "| kind | requests | p50 ms | p95 ms | p99 ms | max ms | errors | goal |",
        "|---|---|---|---|---|---|---|---|",
    ]
    missed = []
    for row in rows:
        name = row["Name"] if row["Type"] != "" else "all"
        count, errors = int(row["Request Count"]), int(row["Failure Count"])
        p50, p95, p99 = (float(row[k]) for k in ("50%", "95%", "99%"))
        goal = ""
        if name == "page":
            goal = f"p95 < {PAGE_P95_MS} (judged on the probe)"
        elif row["Type"] == "WS" and name != "ws connect + hydrate":
            goal = f"p95 < {EVENT_P95_MS} (judged on the probe)"
        if errors:
            missed.append(f"{name}: {errors} errors")
        label = "**all**" if row["Name"] == "Aggregated" else f"{row['Type']} {name}".strip()
        lines.append(
            f"| {label} | {count} | {p50:.0f} | {p95:.0f} | {p99:.0f} | {float(row['Max Response Time']):.0f} "
            f"| {errors} | {goal} |"
        )
    probe_lines = [
        "| kind | samples | p50 ms | p95 ms | p99 ms | max ms | errors | goal |",
        "|---|---|---|---|---|---|---|---|",
    ]
    goals = {"page": PAGE_P95_MS, "state event": EVENT_P95_MS}
    for name, values in probe.samples.items():
        p95 = percentile(values, 0.95)
        goal = ""
        if name in goals:
            goal = f"p95 < {goals[name]}"
            if not values or not p95 < goals[name]:
                missed.append(f"probe {name} p95 {p95:.0f} ms")
        if probe.errors[name]:
            missed.append(f"probe {name}: {probe.errors[name]} errors")
        probe_lines.append(
            f"| {name} | {len(values)} | {percentile(values, 0.5):.0f} | {p95:.0f} | {percentile(values, 0.99):.0f} "
            f"| {max(values, default=float('nan')):.0f} | {probe.errors[name]} | {goal} |"
        )
    cpu = sampler.averages()
    cpu_line = ", ".join(f"{part} {value:.0f} %" for part, value in cpu.items())
    table = (
        "As timed by Locust (includes the wait for the load generator's own loop):\n\n"
        + "\n".join(lines)
        + "\n\nAs timed by the independent probe, one request at a time (scripts/loadtest/probe.py):\n\n"
        + "\n".join(probe_lines)
    )
    summary = (
        f"{args.users} visitors (spawned at {args.spawn_rate}/s), {run_time} s, against {args.url}; "
        f"{psutil.cpu_count()} cores{f', the load generator at nice {args.nice}' if args.nice else ''}. "
        f"Average CPU during the run (100 % = one core): {cpu_line}."
    )
    print()
    print(summary)
    print(table)
    for failure in failures[:10]:
        print("failure:", failure.get("Method"), failure.get("Name"), failure.get("Error"), failure.get("Occurrences"))
    if any("429" in (f.get("Error") or "") for f in failures):
        print("nginx refused requests (429): start the stack with LIMIT_EXEMPT=127.0.0.1 for a load test")
    print("goals met" if not missed else "goals missed: " + "; ".join(missed), f"({elapsed:.0f} s)")
    if args.report:
        head = args.report.read_text(encoding="utf-8").split("<!-- measured -->")[0] if args.report.exists() else ""
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        failure_lines = "".join(
            f"- {f.get('Method')} {f.get('Name')}: {f.get('Error')} ×{f.get('Occurrences')}\n" for f in failures
        )
        args.report.write_text(
            head + "<!-- measured -->\n"
            f"Measured {stamp} with `make load` (scripts/load.py).\n\n{summary}\n\n{table}\n\n"
            + (f"Failures:\n{failure_lines}" if failures else "No failures.\n"),
            encoding="utf-8",
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
