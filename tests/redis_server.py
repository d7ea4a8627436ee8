"""A throwaway Redis server for the tests that need a real one (the state manager, the budget
per address): `from tests.redis_server import redis_url` makes the fixture available."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest

from tests.enquiry_fixtures import free_port


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """The URL of a Redis of this test module's own, on a free port, with nothing saved to disk."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--dir", folder, "--save", ""],
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(100):
                ping = subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True)
                if ping.stdout.strip() == b"PONG":
                    break
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(10)
