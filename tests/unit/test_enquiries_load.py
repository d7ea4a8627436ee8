"""1,000 enquiries from 1,000 addresses within a minute, sent by four processes of four
threads each (as several backend workers would), on SQLite and on PostgreSQL: every one
confirmed is stored, once, with its own number and its email queued (or, over the hourly
bound on the firm's notifications, counted in the hour's digest). Counted."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.enquiry_fixtures import UNMENTIONED_SQL

ROOT = Path(__file__).resolve().parents[2]
TOTAL = 1000
PROCESSES = 4
THREADS = 4
WORKER = """
import sys, threading, time, traceback
from consultancy.enquiries import store
from consultancy.forms.enquiry_form import read_form

worker, count, threads = map(int, sys.argv[1:4])
SEPARATOR = sys.argv[4]


def form(i):
    # A thousand different visitors: each their own contact, so no limit holds any of them.
    return read_form({"name": "Load Test", "phone": f"+91 9{worker}{i:08d}", "email": f"load-{worker}-{i}@example.com",
                      "service": "not-sure", "message": "One of a thousand.", "consent": "on"})

lock = threading.Lock()
failures = []
slowest = 0.0

def run(first):
    global slowest
    for i in range(first, count, threads):
        started = time.monotonic()
        try:
            reference = store.submit(form(i), f"10.{worker}.{i // 256}.{i % 256}")
        except Exception as error:
            # Each refusal with its cause (the database's own error), not just a count.
            with lock:
                failures.append("".join(traceback.format_exception(error)))
            continue
        with lock:
            slowest = max(slowest, time.monotonic() - started)
            print(reference, flush=True)

pool = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
for thread in pool:
    thread.start()
for thread in pool:
    thread.join()
print(f"slowest {slowest:.2f}", file=sys.stderr)
for failure in failures:
    print(failure, file=sys.stderr)
    print(SEPARATOR, file=sys.stderr)
sys.exit(1 if failures else 0)
"""
# How long the workers may take before they are stopped (the bound asserted is lower).
WAIT_S = 180
# The line after each traceback a worker writes to stderr.
SEPARATOR = "-- end of refusal --"


@pytest.mark.soak
def test_a_thousand_enquiries_within_a_minute_nothing_lost(db_url: str) -> None:
    started = time.monotonic()
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(n), str(TOTAL // PROCESSES), str(THREADS), SEPARATOR],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(PROCESSES)
    ]
    confirmed: list[str] = []
    refusals: list[str] = []
    slowest = 0.0
    deadline = started + WAIT_S
    for worker in workers:
        try:
            out, err = worker.communicate(timeout=max(deadline - time.monotonic(), 1))
        except subprocess.TimeoutExpired:
            # Stopped, not left writing to the next test's database; the count says how far it got.
            worker.kill()
            out, err = worker.communicate()
            err += f"\nstill sending after {WAIT_S} s: stopped\n{SEPARATOR}"
        confirmed += out.split()
        lines = err.splitlines()
        slowest = max([slowest, *(float(line.split()[1]) for line in lines if line.startswith("slowest "))])
        blocks = "\n".join(line for line in lines if not line.startswith("slowest ")).split(SEPARATOR)
        refusals += [block.strip() for block in blocks if block.strip()]
        if worker.returncode != 0 and not refusals:
            refusals.append(f"worker exited {worker.returncode}:\n{err[-4000:]}")
    elapsed = time.monotonic() - started
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        stored = [r for (r,) in connection.execute(sa.text("SELECT reference FROM enquiry"))]
        numbers = sorted(n for (n,) in connection.execute(sa.text("SELECT number FROM enquiry")))
        unmentioned = connection.execute(sa.text(UNMENTIONED_SQL)).scalar()
    print(
        f"\n{db_url.split(':')[0]}: {len(confirmed)} confirmed, {len(stored)} stored in {elapsed:.1f} s;"
        f" slowest enquiry {slowest:.2f} s"
    )
    # The refusals themselves, each with its traceback, not only how many there were.
    for refusal in refusals:
        print(refusal, end="\n\n")
    causes = Counter(refusal.splitlines()[-1] for refusal in refusals)
    assert not refusals, f"{len(refusals)} refused: {dict(causes)}; the first:\n{refusals[0]}"
    assert len(confirmed) == TOTAL
    assert len(set(confirmed)) == TOTAL
    assert sorted(stored) == sorted(confirmed)
    assert numbers == list(range(1, TOTAL + 1))
    # Each one's email queued, or within the bound on the firm's mail, counted in a digest.
    assert unmentioned == 0
    # The goal is a minute; the suite runs this beside browser tests on two cores, so
    # the bound is twice that (the figure is printed; the closing note has an idle machine's).
    assert elapsed < 120
