"""Real databases and a real mail server for the enquiry tests: a fresh SQLite file per test,
a PostgreSQL cluster started from Debian's `postgresql` package, and aiosmtpd on loopback.
Nothing is mocked. Brought into every test module through tests/conftest.py.

PostgreSQL: `make test` installs the package, and there (CI, or ENQUIRIES_REQUIRE_POSTGRES=1)
a missing PostgreSQL fails the run instead of skipping its tests; elsewhere they skip with
the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import httpx
import pytest

from consultancy.forms.enquiry_form import EnquiryForm, read_form
from consultancy.records import database

T = TypeVar("T")

SMTP_ENV = ("SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASSWORD", "SMTP_STARTTLS", "SMTP_SSL", "MAIL_FROM")


# Enquiries the firm hears of neither by an email of their own nor in a digest (whose window
# starts at its first enquiry, notifications.py): none, whatever the database's snapshot.
UNMENTIONED_SQL = """
SELECT count(*) FROM enquiry e
WHERE NOT EXISTS (SELECT 1 FROM mail_queue m WHERE m.enquiry_id = e.id)
  AND NOT EXISTS (
    SELECT 1 FROM mail_queue d JOIN enquiry a ON a.id = d.enquiry_id
    WHERE d.digest_until IS NOT NULL AND e.created_at >= a.created_at AND e.created_at < d.digest_until
  )
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_server(process: subprocess.Popen) -> None:
    """Stops a server a fixture started in a session of its own (its children too). Once, after
    its database was stopped and started, such a server took longer than 30 s to stop
    (docs/flakes.md): what the fixture owes the next tests is a stopped server and a free port,
    not a verdict on its shutdown."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def enquiry_form(**fields: object) -> EnquiryForm:
    """A valid enquiry as the form reads it: one visitor's details, then `fields` (the service,
    the message, or any field a test changes). Test modules bind their own defaults with
    functools.partial; a call's own keywords still win."""
    visitor = {"name": "Asha Mohanty", "phone": "98765 43210", "email": "asha@example.com", "consent": "on"}
    return read_form({**visitor, **fields})


def enrol(name: str, *, now: datetime | None = None) -> str:
    """Give a staff user a confirmed second factor, as enrolment would (tests only: straight
    into the database); returns its TOTP secret."""
    from sqlmodel import select

    from consultancy.records.database import transaction
    from consultancy.records.models import StaffUser, utcnow
    from consultancy.staff import second_factor

    with transaction() as session:
        user = session.exec(select(StaffUser).where(StaffUser.name == name)).one()
        if not second_factor.enrolled(user):
            user.totp_secret, user.totp_confirmed_at = second_factor.new_secret(), now or utcnow()
        user.totp_last_step = 0
        session.add(user)
        return user.totp_secret


def staff_token(name: str, password: str, *, now: datetime | None = None, **options: object) -> str:
    """A full inbox session for an existing user: enrolled if need be, then signed in with the
    code their app shows at `now` (the last code used is forgotten first, so a test may sign
    in many times within one 30-second step)."""
    from consultancy.records.models import utcnow
    from consultancy.staff import second_factor, staff

    now = now or utcnow()
    code = second_factor.code_now(enrol(name, now=now), now)
    return staff.sign_in(name, password, code, now=now, **options).token


def reauthenticate(token: str, name: str, password: str, **options: object) -> None:
    """The password and a fresh code typed again, as before a bulk export."""
    from consultancy.records.models import utcnow
    from consultancy.staff import second_factor, staff

    now = options.pop("now", None) or utcnow()
    code = second_factor.code_now(enrol(name), now)
    staff.reauthenticate(token, password, code, now=now, **options)


def at_once(count: int, job: Callable[[], T]) -> list[T]:
    """`job` in `count` threads released together (a barrier, so they race for real); what the
    ones that finished returned, in the order they finished."""
    results: list[T] = []
    barrier = threading.Barrier(count)

    def run() -> None:
        barrier.wait()
        results.append(job())

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def postgres_required() -> bool:
    flags = (os.environ.get("CI", ""), os.environ.get("ENQUIRIES_REQUIRE_POSTGRES", ""))
    return any(flag.strip().lower() in {"1", "true", "yes"} for flag in flags)


def postgres_bindir() -> Path | None:
    """Debian keeps initdb and pg_ctl under /usr/lib/postgresql/<version>/bin, off PATH."""
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]), reverse=True)
    if versions:
        return versions[0].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


class PostgresCluster:
    """A throwaway cluster on a free loopback port. PostgreSQL refuses to run as root, so
    as root it runs as the `postgres` user the Debian package creates."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="enquiries-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            owner = pwd.getpwnam("postgres")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if result.returncode != 0:
            log = self.log.read_text(encoding="utf-8")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}\n{log}")

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -h 127.0.0.1 -c shared_buffers=32MB -c max_connections=100"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "-o", options, "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def url(self, name: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(sql)

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> PostgresCluster:
    bindir = postgres_bindir()
    if bindir is None:
        reason = "PostgreSQL is not installed (apt-get install postgresql; `make test` installs it)"
        if postgres_required():
            pytest.fail(reason)
        pytest.skip(reason)
    cluster = PostgresCluster(bindir)
    cluster.init()
    cluster.start()
    return cluster


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = start_cluster()
    yield cluster
    try:
        cluster.stop()
    finally:
        cluster.remove()


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No database or mail server from the caller's environment leaks into a test. Staff
    passwords are hashed with real scrypt at a lower cost, so that sign-ins take milliseconds;
    the cost is stored with each hash, and test_enquiries_staff checks the production cost."""
    from consultancy.staff import staff

    for name in ("DB_URL", "REFLEX_DB_URL", *SMTP_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(staff, "SCRYPT_N", 2**10)
    # Erasures are recorded outside the database: each test has a ledger of its own.
    monkeypatch.setenv("ERASURE_LEDGER", str(tmp_path / "erasures.ledger"))
    return monkeypatch


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file built by the migrations, once per test process."""
    path = tmp_path_factory.mktemp("migrated") / "enquiries.db"
    url = f"sqlite:///{path}"
    database.upgrade(url)
    database.dispose(url)
    return path


@pytest.fixture
def sqlite_url(tmp_path: Path, clean_env: pytest.MonkeyPatch, migrated_sqlite: Path) -> Iterator[str]:
    """A migrated SQLite file of its own, as the site's database (DB_URL): a copy of the one the
    migrations built (SQLite's backup API), a hundred times quicker than migrating again."""
    path = tmp_path / "enquiries.db"
    source, copy = sqlite3.connect(migrated_sqlite), sqlite3.connect(path)
    with contextlib.closing(source), contextlib.closing(copy):
        source.backup(copy)
    path.chmod(0o600)
    url = f"sqlite:///{path}"
    clean_env.setenv("DB_URL", url)
    yield url
    database.dispose(url)


@pytest.fixture(scope="session")
def postgres_database(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """One database per test session, built by the migrations."""
    name = f"enquiries_{os.getpid()}"
    postgres_cluster.admin(f"CREATE DATABASE {name}")
    url = postgres_cluster.url(name)
    database.upgrade(url)
    yield url
    database.dispose(url)


def _deletes() -> list[str]:
    """A DELETE of every row of each of the site's tables, children first."""
    from sqlmodel import SQLModel

    from consultancy.records import models  # noqa: F401  (the tables, into the metadata)

    return [f'DELETE FROM "{table.name}"' for table in reversed(SQLModel.metadata.sorted_tables)]


def empty_sqlite(path: Path) -> None:
    """The suite's database emptied between two runs of `REPEAT=N scripts/test.sh`: the limits
    an hour count what earlier runs left."""
    with contextlib.closing(sqlite3.connect(path, timeout=30)) as connection, connection:
        for statement in _deletes():
            connection.execute(statement)


# The statements that empty a session's PostgreSQL database, in one round trip.
_EMPTYING: dict[str, str] = {}


@pytest.fixture
def postgres_url(postgres_database: str, clean_env: pytest.MonkeyPatch) -> Iterator[str]:
    """The session's PostgreSQL database, emptied, as DB_URL (emptying is much quicker than
    creating a database per test). DELETE, children first, rather than TRUNCATE, which gives
    every table new files: slow for the few rows a test leaves (docs/tests.md). The sequences
    start again at 1, as in a new database."""
    with database.engine(postgres_database).begin() as connection:
        if postgres_database not in _EMPTYING:
            found = connection.exec_driver_sql("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")
            _EMPTYING[postgres_database] = "; ".join(
                _deletes() + [f'ALTER SEQUENCE "{sequence}" RESTART' for (sequence,) in found.all()]
            )
        connection.connection.driver_connection.execute(_EMPTYING[postgres_database])
    clean_env.setenv("DB_URL", postgres_database)
    yield postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """The same test on SQLite (the default) and on PostgreSQL (production)."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "postgres_url")


class MailCatcher:
    """An SMTP server on loopback that keeps what it is sent; it can be stopped and started
    again on the same port, like a mail server going down and coming back."""

    def __init__(self, **server_options: object) -> None:
        self.port = free_port()
        self.messages: list = []
        self._options = server_options
        self._controller = None

    async def handle_DATA(self, server, session, envelope) -> str:
        self.messages.append(envelope)
        return "250 Message accepted for delivery"

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        deadline = time.monotonic() + 10
        while True:
            try:
                self._controller = Controller(self, hostname="127.0.0.1", port=self.port, **self._options)
                self._controller.start()
                return
            except (OSError, RuntimeError):
                # The port of a server just stopped can take a moment to be free again.
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


@pytest.fixture
def mail_server(clean_env: pytest.MonkeyPatch) -> Iterator[MailCatcher]:
    """A running local SMTP server, set up as the site's (SMTP_* variables)."""
    catcher = MailCatcher()
    catcher.start()
    clean_env.setenv("SMTP_HOST", "127.0.0.1")
    clean_env.setenv("SMTP_PORT", str(catcher.port))
    clean_env.setenv("SMTP_STARTTLS", "false")
    clean_env.setenv("MAIL_FROM", "website@example.com")
    yield catcher
    catcher.stop()


def serve_reminder_pages(method: str, path_and_query: str, body: bytes = b"") -> httpx.Response:
    """One request to the reminders' link pages, through their ASGI app; anything else gets a 404."""
    from consultancy.reminders.reminder_pages import reminder_routes

    async def fallback(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 404, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def call() -> httpx.Response:
        # An exception in the app reaches the test (raise_app_exceptions): a 500 cannot hide.
        transport = httpx.ASGITransport(app=reminder_routes(fallback))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.request(method, path_and_query, content=body)

    return asyncio.run(call())
