"""Backups of the enquiry database, and putting one back.

A backup is the whole database (SQLite's online backup, or pg_dump's custom format), but a
restore puts back only the enquiry side (RESTORED): the enquiries, their notes, queued email and
reminders. Staff accounts, their second factors, recovery codes, known places and notices,
sessions, the sign-in throttle, the audit and the hourly and mailbox counters (KEPT) stay as
they are in the live database, so an old backup never brings back a removed member of staff,
an old password, an old second factor or recovery code, or an ended session, and never cuts
the record of what staff did. The queued emails of notices to staff belong to the staff side
too: the live ones stay queued and the backup's are left out (STAFF_MAIL). (The erasures made
since the backup are made again by maintenance.restore.)
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from pathlib import Path

import sqlalchemy as sa

from . import database
from .settings import database_url, is_sqlite

# Parents first: the order rows go back in.
# Parents before children: a restore inserts in this order and deletes in the reverse.
RESTORED = (
    "enquiry",
    "enquiry_note",
    "reference_counter",
    "reminder_subscription",
    "reminder",
    "client_case",
    "case_contact",
    "case_approval",
    "case_event",
    "case_document",
    "case_note",
    "case_link",
    "case_mail",
    "mail_queue",
)
KEPT = (
    "staff_user",
    "staff_session",
    "staff_recovery_code",
    "staff_known_place",
    "staff_notice",
    "sign_in_failure",
    "staff_audit",
    "recent_submission",
    # Counts of the day, like the hourly limits: the live ones stand.
    "source_share",
    "mail_recipient",
    "alembic_version",
)
# The rows of mail_queue (RESTORED) that are notices to staff (staff_notice, KEPT).
STAFF_MAIL = "staff_notice_id IS NOT NULL"
PG_TIMEOUT_S = 600


class NotSqlite(Exception):
    """The database is not a SQLite file."""


def sqlite_file(url: str | None = None) -> Path:
    url = url or database_url()
    if not is_sqlite(url):
        raise NotSqlite(url)
    name = sa.engine.make_url(url).database
    if not name or name == ":memory:":
        raise NotSqlite(url)
    return Path(name)


def _new_private_file(path: Path) -> Path:
    """`path`.partial, created empty with mode 600 whatever the umask: a backup holds every
    visitor's details."""
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    return partial


def _settle(partial: Path, target: Path) -> None:
    with partial.open("rb") as handle:
        os.fsync(handle.fileno())
    partial.replace(target)


def backup(target: Path, url: str | None = None) -> int:
    """A consistent copy of the database at `target`, taken while the site runs; the number of
    enquiries in it. SQLite: its online backup (one snapshot; WAL readers do not stop the
    writers), checked before it replaces `target`. PostgreSQL: pg_dump's custom format."""
    url = url or database_url()
    target = Path(target)
    if not is_sqlite(url):
        return _pg_backup(target, url)
    source_path = sqlite_file(url)
    if not source_path.is_file():
        raise FileNotFoundError(f"no database at {source_path}")
    partial = _new_private_file(target)
    source = sqlite3.connect(source_path, timeout=database.SQLITE_BUSY_TIMEOUT_S)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)  # all pages in one step: one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")
        if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise RuntimeError("the copy failed SQLite's integrity check")
        count = copy.execute("SELECT count(*) FROM enquiry").fetchone()[0]
    finally:
        copy.close()
        source.close()
    _settle(partial, target)
    return count


def restore_tables(source: Path, url: str | None = None) -> int:
    """Replace the enquiry side of the database (RESTORED) with the backup's, in one
    transaction; KEPT tables are not touched. Stop the backend first. The number of
    enquiries restored."""
    url = url or database_url()
    # A new, empty database (a new server) gets its tables first.
    database.upgrade(url)
    return _sqlite_restore(Path(source), url) if is_sqlite(url) else _pg_restore(Path(source), url)


# --- SQLite ------------------------------------------------------------------------------


def _sqlite_restore(source: Path, url: str) -> int:
    target_path = sqlite_file(url)
    with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as checked:
        if checked.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise RuntimeError(f"{source} failed SQLite's integrity check; nothing was restored")
    with tempfile.TemporaryDirectory(dir=target_path.parent) as folder:
        # An older backup is migrated to the live schema first, in a private copy: the backup
        # file itself is never written to.
        copy_path = Path(folder) / "restoring.db"
        with (
            closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as original,
            closing(sqlite3.connect(copy_path)) as copy,
        ):
            original.backup(copy)
        copy_url = f"sqlite:///{copy_path}"
        database.upgrade(copy_url)
        database.dispose(copy_url)
        database.dispose(url)
        live = sqlite3.connect(target_path, timeout=database.SQLITE_BUSY_TIMEOUT_S, isolation_level=None)
        try:
            live.execute("PRAGMA foreign_keys=OFF")  # the children go back after their parents, in one go
            live.execute("ATTACH DATABASE ? AS backup", (str(copy_path),))
            live.execute("BEGIN IMMEDIATE")
            try:
                # The hour's counts (KEPT) name enquiries of the database being replaced.
                live.execute("UPDATE main.recent_submission SET enquiry_id = NULL")
                # Notices to staff still queued stay queued (renumbered after the backup's rows).
                live.execute(f"CREATE TEMP TABLE kept_staff_mail AS SELECT * FROM main.mail_queue WHERE {STAFF_MAIL}")
                for table in reversed(RESTORED):
                    live.execute(f'DELETE FROM main."{table}"')
                for table in RESTORED:
                    names = ", ".join(f'"{name}"' for name in _sqlite_columns(live, table))
                    only = f" WHERE NOT ({STAFF_MAIL})" if table == "mail_queue" else ""
                    live.execute(f'INSERT INTO main."{table}" ({names}) SELECT {names} FROM backup."{table}"{only}')
                names = ", ".join(f'"{name}"' for name in _sqlite_columns(live, "mail_queue") if name != "id")
                live.execute(f"INSERT INTO main.mail_queue ({names}) SELECT {names} FROM temp.kept_staff_mail")
                live.execute("DROP TABLE temp.kept_staff_mail")
                if live.execute("PRAGMA main.foreign_key_check").fetchall():
                    raise RuntimeError(f"{source} holds rows whose parent is missing; nothing was restored")
                count = live.execute("SELECT count(*) FROM main.enquiry").fetchone()[0]
                live.execute("COMMIT")
            except BaseException:
                live.execute("ROLLBACK")
                raise
            live.execute("DETACH DATABASE backup")
        finally:
            live.close()
    return count


def _sqlite_columns(connection: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in connection.execute(f'PRAGMA main.table_info("{table}")')]


# --- PostgreSQL ---------------------------------------------------------------------------


def _pg_program(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise RuntimeError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """The URL for pg_dump and pg_restore without its password, which goes in PGPASSWORD
    instead (never on a command line, where `ps` shows it)."""
    parsed = sa.engine.make_url(url).set(drivername="postgresql")
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    return parsed.set(password=None).render_as_string(hide_password=False), env


def _pg_backup(target: Path, url: str) -> int:
    partial = _new_private_file(target)
    libpq, env = _libpq(url)
    done = subprocess.run(
        [_pg_program("pg_dump"), "--format=custom", f"--file={partial}", libpq],
        env=env,
        capture_output=True,
        text=True,
        timeout=PG_TIMEOUT_S,
        check=False,
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"pg_dump failed: {done.stderr.strip()}")
    _settle(partial, target)
    count = _pg_copies(target).get("enquiry")
    return count[1].count(b"\n") if count else 0


COPY_BLOCK = re.compile(rb"^COPY public\.(\w+) \(([^)]*)\) FROM stdin;\n(.*?)^\\\.\n", re.MULTILINE | re.DOTALL)


def _pg_copies(dump: Path) -> dict[str, tuple[str, bytes]]:
    """{table: (its column list, its rows in COPY's text format)} of the RESTORED tables and
    alembic_version in a pg_dump file, read with pg_restore (no database needed)."""
    tables = [f"--table={table}" for table in (*RESTORED, "alembic_version")]
    done = subprocess.run(
        [_pg_program("pg_restore"), "--data-only", "--file=-", *tables, str(dump)],
        capture_output=True,
        timeout=PG_TIMEOUT_S,
        check=False,
    )
    if done.returncode != 0:
        reason = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{dump} is not a backup pg_restore can read: {reason}")
    return {match[1].decode(): (match[2].decode(), match[3]) for match in COPY_BLOCK.finditer(done.stdout)}


def _pg_restore(source: Path, url: str) -> int:
    copies = _pg_copies(source)
    missing = [table for table in RESTORED if table not in copies]
    if missing:
        raise RuntimeError(f"{source} holds no {', '.join(missing)}: not a backup of this database")
    engine = database.engine(url)
    with engine.begin() as connection:
        live_version = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        backup_version = copies.get("alembic_version", ("", b""))[1].strip().decode()
        if backup_version != live_version:
            raise RuntimeError(
                f"{source} is at migration {backup_version or '?'} and the database at {live_version}: restore it "
                "into a database at its own migration (pg_restore, README) and migrate that; nothing was restored"
            )
        # The hour's counts (KEPT) name enquiries of the database being replaced; DELETE, not
        # TRUNCATE, which PostgreSQL refuses on a table a kept one refers to.
        connection.exec_driver_sql("UPDATE recent_submission SET enquiry_id = NULL")
        # Notices to staff still queued stay queued (renumbered after the backup's rows); the
        # backup's queued mail goes through a table of its own, without its notices to staff.
        connection.exec_driver_sql(
            f"CREATE TEMP TABLE kept_staff_mail ON COMMIT DROP AS SELECT * FROM mail_queue WHERE {STAFF_MAIL}"
        )
        connection.exec_driver_sql("CREATE TEMP TABLE restoring_mail_queue (LIKE mail_queue) ON COMMIT DROP")
        for table in reversed(RESTORED):
            connection.exec_driver_sql(f"DELETE FROM {table}")
        raw = connection.connection.driver_connection
        with raw.cursor() as cursor:
            for table in RESTORED:
                columns, rows = copies[table]
                into = "restoring_mail_queue" if table == "mail_queue" else table
                with cursor.copy(f"COPY {into} ({columns}) FROM STDIN") as copy:
                    copy.write(rows)
                if table == "mail_queue":
                    cursor.execute(
                        f"INSERT INTO mail_queue ({columns}) SELECT {columns} FROM restoring_mail_queue "
                        f"WHERE NOT ({STAFF_MAIL})"
                    )
        for table in RESTORED:
            if "id" in _pg_column_names(connection, table):
                # New rows numbered after the restored ones.
                connection.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
                )
        names = ", ".join(name for name in _pg_column_order(connection, "mail_queue") if name != "id")
        connection.exec_driver_sql(f"INSERT INTO mail_queue ({names}) SELECT {names} FROM kept_staff_mail")
        return connection.exec_driver_sql("SELECT count(*) FROM enquiry").scalar()


def _pg_column_names(connection: sa.Connection, table: str) -> set[str]:
    return set(_pg_column_order(connection, table))


def _pg_column_order(connection: sa.Connection, table: str) -> list[str]:
    return [column["name"] for column in sa.inspect(connection).get_columns(table)]
