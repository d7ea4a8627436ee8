"""Connections to the enquiry database: one engine per URL, tuned for what the site needs
from each kind of database, and the Alembic upgrade the tests and tools share.

SQLite (the default) runs in WAL mode with synchronous=FULL: a confirmed enquiry is on
disk before the visitor sees its reference, readers never block the writer, and several
backend workers may write to one file. Every transaction starts with BEGIN IMMEDIATE so
that two writers queue on the busy timeout instead of failing half-way.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy import event
from sqlmodel import Session

from .settings import ROOT, database_url, is_sqlite

ALEMBIC_INI = ROOT / "alembic.ini"
# A writer waits this long for another to finish before the database counts as unavailable.
SQLITE_BUSY_TIMEOUT_S = 15
# An unreachable PostgreSQL host fails within this many seconds rather than TCP's minutes.
POSTGRES_CONNECT_TIMEOUT_S = 5

_engines: dict[str, sa.Engine] = {}
_lock = threading.Lock()


def _sqlite_engine(url: str) -> sa.Engine:
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


@contextmanager
def transaction(url: str | None = None) -> Iterator[Session]:
    """A session whose work is committed when the block ends and rolled back on any error."""
    with Session(engine(url), expire_on_commit=False) as session, session.begin():
        yield session


def upgrade(url: str | None = None) -> None:
    """Bring the database to the newest migration in alembic/versions (what `reflex db
    migrate` does for the site's own database), for any URL."""
    from alembic import command
    from alembic.config import Config

    config = Config(str(ALEMBIC_INI))
    with engine(url).begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
