"""The suite's build served once more, by a backend of its own on a throwaway PostgreSQL cluster:
the database can be stopped under it and the server killed without touching the other tests'
server, and nothing is built again.

The pages name their backend as localhost on the suite's port, so the twin listens on that port
on another loopback address (one per test worker; scripts/test.sh keeps the suite's server on
127.0.0.1), and a browser of the twin's own resolves localhost there (the staff sign-in takes
plain http only on a loopback host name). The backend is granian, as deploy/prod.sh runs it,
with the built pages mounted as `reflex run --single-port` mounts them; one worker and no Redis,
so its visitors' state stays in its own memory."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

from scripts.reflex_server import answers
from tests.conftest import CHROMIUM, CHROMIUM_FLAGS, ROOT, WEB, _new_page, _VisitorBrowser
from tests.enquiry_fixtures import PostgresCluster, start_cluster, stop_server

GRANIAN = (str(ROOT / ".venv" / "bin" / "granian"), "--interface", "asgi", "--factory", "--workers", "1")


@dataclass
class Twin:
    url: str
    host: str
    db_url: str
    cluster: PostgresCluster
    process: subprocess.Popen
    # The twin's environment: DB_URL names its database, for the command-line tools.
    env: dict[str, str] = field(default_factory=dict)


@contextlib.contextmanager
def twin_on_postgres(base_url: str, database_name: str) -> Iterator[Twin]:
    from consultancy.records import database

    started = time.monotonic()
    cluster = start_cluster()
    process = None
    try:
        cluster.admin(f"CREATE DATABASE {database_name}")
        url = cluster.url(database_name)
        database.upgrade(url)
        worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
        host, port = f"127.0.0.{2 + worker}", str(urlsplit(base_url).port)
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("SMTP_", "REDIS", "REFLEX_REDIS", "SITE_TEST_VISITORS_LOG"))
        }
        env.update(
            DB_URL=url,
            REFLEX_WEB_WORKDIR=str(WEB),
            REFLEX_ENV_MODE="prod",
            __REFLEX_MOUNT_FRONTEND_COMPILED_APP="true",
            __REFLEX_SKIP_COMPILE="true",
            SITE_TEST_HOOKS="1",
        )
        log = ROOT / "build" / f"twin-{database_name}-{host}.log"
        with log.open("w", encoding="utf-8") as out:
            process = subprocess.Popen(
                [*GRANIAN, "--host", host, "--port", port, "consultancy.consultancy:app"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 300
        while not (answers(f"http://{host}:{port}/ping") and answers(f"http://{host}:{port}/staff/cases")):
            assert process.poll() is None, log.read_text(encoding="utf-8")[-3000:]
            assert time.monotonic() < deadline, f"the PostgreSQL twin did not come up; see {log}"
            time.sleep(1)
        print(f"\n{database_name} twin up in {time.monotonic() - started:.1f} s")
        yield Twin(f"http://localhost:{port}", host, url, cluster, process, env)
    finally:
        if process is not None:
            stop_server(process)
        with contextlib.suppress(RuntimeError):  # stopped already
            cluster.stop()
        cluster.remove()


@contextlib.contextmanager
def twin_browser(browser: Browser, twin: Twin) -> Iterator[Browser]:
    """A browser of its own, whose localhost is the twin's address."""
    rule = f"--host-resolver-rules=MAP localhost {twin.host}"
    own = browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, rule])
    try:
        yield own
    finally:
        own.close()


def twin_page(own: Browser, twin: Twin, viewport: dict) -> tuple[BrowserContext, Page]:
    return _new_page(_VisitorBrowser(own), twin.url, viewport)
