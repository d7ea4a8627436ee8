"""Connections to the enquiry database: one engine per URL, tuned for what the site needs
from each kind of database, and the Alembic upgrade the tests and tools share.

SQLite (the default) runs in WAL mode with synchronous=FULL: a confirmed enquiry is on
disk before the visitor sees its reference, readers never block the writer, and several
backend workers may write to one file. Every transaction starts with BEGIN IMMEDIATE so
that two writers queue on the busy timeout instead of failing half-way.
"""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Session

from .settings import DEFAULT_SQLITE_PATH, ROOT, database_url, is_sqlite

ALEMBIC_INI = ROOT / "alembic.ini"
# A writer waits this long for another to finish before the database counts as unavailable.
SQLITE_BUSY_TIMEOUT_S = 15
# How long `write()` keeps trying a busy SQLite file before the database counts as unavailable:
# far beyond any burst of visitors, short of a writer that never finishes.
SQLITE_WRITE_DEADLINE_S = 90
# Pauses between those tries grow from the first to the last, each drawn at random up to it so
# that writers of several processes do not wake together.
RETRY_PAUSE_FIRST_S = 0.02
RETRY_PAUSE_MAX_S = 1.0
# An unreachable PostgreSQL host fails within this many seconds rather than TCP's minutes.
POSTGRES_CONNECT_TIMEOUT_S = 5

logger = logging.getLogger(__name__)
T = TypeVar("T")

_engines: dict[str, sa.Engine] = {}
_lock = threading.Lock()
# One per SQLite URL: this process's writers wait here, woken in turn, instead of polling the file.
# Re-entrant, so a transaction opened inside another (same thread) behaves as it did without it.
_writer_locks: dict[str, threading.RLock] = {}


class DatabaseBusy(SQLAlchemyError):
    """Another writer kept the SQLite file for longer than SQLITE_WRITE_DEADLINE_S."""


def sqlite_path(url: str) -> str | None:
    """The file a SQLite URL names; None for an in-memory database."""
    path = sa.engine.make_url(url).database
    return None if not path or path == ":memory:" or path.startswith("file::memory:") else path


def secure_sqlite_file(url: str) -> None:
    """Makes the SQLite file (and its -wal and -shm) readable by the service user only, whatever
    the umask of the process that creates it first: the web backend, `reflex db migrate` or a
    cron job. SQLite gives -wal and -shm the database file's own mode, so creating that file
    mode 600 before SQLite does covers them; files made by an older release are tightened here.
    The directory is made 700 when this creates it, and always for the default var/ (a
    directory named by DB_URL may be shared, and is the operator's to set)."""
    path = sqlite_path(url)
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o700, exist_ok=True)
        os.chmod(folder, 0o700)
    elif os.path.abspath(folder) == str(DEFAULT_SQLITE_PATH.parent):
        os.chmod(folder, 0o700)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for name in (path, path + "-wal", path + "-shm", path + "-journal"):
        try:
            if os.stat(name).st_mode & 0o077:
                os.chmod(name, 0o600)
        except FileNotFoundError:
            pass


def _sqlite_engine(url: str) -> sa.Engine:
    secure_sqlite_file(url)
    engine = sa.create_engine(
        url,
        connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S, "check_same_thread": False},
        pool_size=8,
        max_overflow=16,
        # A database error's text (logged) never carries what a visitor typed.
        hide_parameters=True,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        # The sqlite3 module's own transaction handling would defer BEGIN; SQLAlchemy
        # emits it instead (below), immediate.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _postgres_engine(url: str) -> sa.Engine:
    return sa.create_engine(
        url,
        pool_pre_ping=True,
        pool_size=8,
        max_overflow=16,
        connect_args={"connect_timeout": POSTGRES_CONNECT_TIMEOUT_S},
        hide_parameters=True,
    )


def engine(url: str | None = None) -> sa.Engine:
    url = url or database_url()
    with _lock:
        if url not in _engines:
            _engines[url] = _sqlite_engine(url) if is_sqlite(url) else _postgres_engine(url)
        return _engines[url]


def dispose(url: str | None = None) -> None:
    """Close the pooled connections to one database (or all): tests, and after a restore."""
    with _lock:
        urls = [url] if url else list(_engines)
        for key in urls:
            found = _engines.pop(key, None)
            if found is not None:
                found.dispose()


def _writer_lock(url: str) -> threading.RLock:
    with _lock:
        return _writer_locks.setdefault(url, threading.RLock())


@contextmanager
def transaction(url: str | None = None, *, deadline: float | None = None) -> Iterator[Session]:
    """A session whose work is committed when the block ends and rolled back on any error.

    On SQLite the block waits for this process's other writers first (until `deadline`, a
    time.monotonic() value, else SQLITE_WRITE_DEADLINE_S from now; then DatabaseBusy)."""
    url = url or database_url()
    if not is_sqlite(url):
        with Session(engine(url), expire_on_commit=False) as session, session.begin():
            yield session
        return
    wait = (deadline if deadline is not None else time.monotonic() + SQLITE_WRITE_DEADLINE_S) - time.monotonic()
    lock = _writer_lock(url)
    if not lock.acquire(timeout=max(wait, 0)):
        raise DatabaseBusy("this process's other writers held the database until the deadline")
    try:
        with Session(engine(url), expire_on_commit=False) as session, session.begin():
            yield session
    finally:
        lock.release()


def is_busy(error: BaseException) -> bool:
    """True when SQLite refused because another connection held the file: worth trying again."""
    if not isinstance(error, OperationalError):
        return False
    code = getattr(error.orig, "sqlite_errorcode", None)
    if code is not None:
        # Extended codes (SQLITE_BUSY_RECOVERY, ...) carry the primary one in their low byte.
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "database is locked" in str(error.orig)


def write(work: Callable[[Session], T], url: str | None = None) -> T:
    """`work(session)` in a transaction of its own, committed, and its result.

    On SQLite a transaction that met a busy file is rolled back whole and run again after a
    jittered pause, until SQLITE_WRITE_DEADLINE_S has passed: a burst of writers is a queue,
    not a refusal. `work` must therefore do nothing outside the session that it could not
    repeat. Other errors, and every error on PostgreSQL, are raised at once.
    """
    url = url or database_url()
    deadline = time.monotonic() + SQLITE_WRITE_DEADLINE_S
    pause = RETRY_PAUSE_FIRST_S
    tries = 0
    while True:
        tries += 1
        try:
            with transaction(url, deadline=deadline) as session:
                result = work(session)
            if tries > 1:
                logger.info("database write went through at try %d (the file was busy)", tries)
            return result
        except OperationalError as error:
            if not (is_sqlite(url) and is_busy(error)) or time.monotonic() + pause >= deadline:
                raise
            logger.info("database busy, trying again: %s", error.orig)
        time.sleep(random.uniform(0, pause))
        pause = min(pause * 2, RETRY_PAUSE_MAX_S)


def upgrade(url: str | None = None) -> None:
    """Bring the database to the newest migration in alembic/versions (what `reflex db
    migrate` does for the site's own database), for any URL."""
    from alembic import command
    from alembic.config import Config

    config = Config(str(ALEMBIC_INI))
    with engine(url).begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
