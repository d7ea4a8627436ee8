"""The built site and its backend on one port (`reflex run --env prod --single-port`),
as the browser tests and the Lighthouse audit serve it."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFLEX = ROOT / ".venv" / "bin" / "reflex"
# Loopback only: the same port on 127.0.0.2 and up stays free for a twin of the build.
LOOPBACK = ("--backend-host", "127.0.0.1")


def answers(url: str) -> bool:
    """The URL answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (OSError, urllib.error.HTTPError):
        return False


@contextmanager
def reflex_site(directory: Path, port: int, log: Path, timeout_s: int = 900) -> Iterator[str]:
    """Builds and serves the app in `directory` until both its pages and its backend answer;
    stops it (with its children) on exit. A server that exits or never answers raises
    RuntimeError with the end of its log."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            [*(str(REFLEX), "run", "--env", "prod", "--single-port"), "--frontend-port", str(port), *LOOPBACK],
            cwd=directory,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout_s
        try:
            while not (answers(base + "/ping") and answers(base + "/")):
                if server.poll() is not None:
                    tail = log.read_text(encoding="utf-8")[-3000:]
                    raise RuntimeError(f"site server exited ({server.returncode}); see {log}:\n{tail}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"site not up after {timeout_s} s; see {log}")
                time.sleep(1)
            yield base
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
