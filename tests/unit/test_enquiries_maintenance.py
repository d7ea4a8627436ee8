"""Backup while enquiries keep arriving, then restore with nothing missing (SQLite's online
backup, and pg_dump/pg_restore as the README gives them); erasure on request; retention."""

from __future__ import annotations

import io
import sqlite3
import subprocess
import threading
import time
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.enquiries import inbox, store
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records import database
from consultancy.staff import staff
from tests.enquiry_fixtures import UNMENTIONED_SQL, PostgresCluster, enquiry_form, staff_token

form = partial(enquiry_form, service="peso", message="PESO licence for a petrol pump.")


def query(url: str, sql: str) -> list[tuple]:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return [tuple(row) for row in connection.execute(sa.text(sql))]


class Writer:
    """Enquiries arriving one after another, as visitors would send them, from a thread."""

    def __init__(self) -> None:
        self.confirmed: list[str] = []
        self.errors: list[BaseException] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        n = 0
        while not self._stop.is_set():
            try:
                visitor = form(message=f"enquiry {n}", email=f"visitor{n}@example.com", phone=f"98{n:08d}")
                self.confirmed.append(store.submit(visitor, f"10.1.{n // 250}.{n % 250}"))
            except BaseException as error:
                self.errors.append(error)
                return
            n += 1

    def __enter__(self) -> Writer:
        self._thread.start()
        return self

    def wait_for(self, count: int) -> None:
        deadline = time.monotonic() + 60
        while len(self.confirmed) < count and not self.errors:
            assert time.monotonic() < deadline, "the writer is stuck"
            time.sleep(0.01)

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        assert not self.errors, self.errors


def check_consistent(url: str) -> int:
    """A snapshot, not a torn copy: numbers 1..N without a gap, each enquiry's email queued
    (or counted in the hour's digest, past the bound on the firm's notifications)."""
    [(count, highest, unmentioned)] = query(url, f"SELECT count(*), max(number), ({UNMENTIONED_SQL}) FROM enquiry")
    assert count == highest and unmentioned == 0
    return count


def test_a_backup_taken_during_writes_restores_with_nothing_missing(sqlite_url: str, tmp_path: Path, clean_env) -> None:
    backup_file = tmp_path / "backups" / "enquiries-2026-03-05.db"
    backup_file.parent.mkdir()
    with Writer() as writer:
        writer.wait_for(40)
        confirmed_before = list(writer.confirmed)
        err = io.StringIO()
        assert cli(["backup", str(backup_file)], err=err) == 0
        writer.wait_for(len(confirmed_before) + 40)  # still writing after the copy
    in_backup = int(err.getvalue().split()[2])
    assert in_backup >= len(confirmed_before)
    assert not backup_file.with_name(backup_file.name + ".partial").exists()

    # Restore into an empty database, as on a new server.
    restored_url = f"sqlite:///{tmp_path / 'restored.db'}"
    clean_env.setenv("DB_URL", restored_url)
    assert cli(["restore", str(backup_file), "--yes"], err=io.StringIO()) == 0
    restored = {reference for (reference,) in query(restored_url, "SELECT reference FROM enquiry")}
    assert set(confirmed_before) <= restored
    assert check_consistent(restored_url) == in_backup
    with sqlite3.connect(restored_url.removeprefix("sqlite:///")) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # The restored database takes new enquiries, numbered after the last one restored.
    reference = store.submit(form(), "10.9.9.9")
    assert reference.endswith(f"-{in_backup + 1:04d}")
    database.dispose(restored_url)


def test_restore_replaces_the_live_database_only_when_confirmed(sqlite_url: str, tmp_path: Path) -> None:
    kept = store.submit(form(), "10.0.0.1")
    assert cli(["backup", str(tmp_path / "b.db")], err=io.StringIO()) == 0
    store.submit(form(), "10.0.0.2")
    assert cli(["restore", str(tmp_path / "b.db")], ask=lambda _: "no", err=io.StringIO()) == 1
    assert len(query(sqlite_url, "SELECT id FROM enquiry")) == 2
    assert cli(["restore", str(tmp_path / "b.db")], ask=lambda _: "yes", err=io.StringIO()) == 0
    assert query(sqlite_url, "SELECT reference FROM enquiry") == [(kept,)]
    assert cli(["restore", str(tmp_path / "missing.db"), "--yes"], err=io.StringIO()) == 1


def test_pg_dump_during_writes_then_pg_restore_as_the_readme_says(
    postgres_url: str, postgres_cluster: PostgresCluster, tmp_path: Path
) -> None:
    libpq_url = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    dump = tmp_path / "enquiries.dump"
    with Writer() as writer:
        writer.wait_for(40)
        confirmed_before = list(writer.confirmed)
        subprocess.run(
            [str(postgres_cluster.bindir / "pg_dump"), "--format=custom", f"--file={dump}", libpq_url],
            check=True,
            timeout=120,
        )
        writer.wait_for(len(confirmed_before) + 40)
    target = "restored_from_dump"
    postgres_cluster.admin(f"DROP DATABASE IF EXISTS {target}")
    postgres_cluster.admin(f"CREATE DATABASE {target}")
    restored_url = postgres_cluster.url(target)
    subprocess.run(
        [
            str(postgres_cluster.bindir / "pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--dbname",
            restored_url.replace("postgresql+psycopg://", "postgresql://"),
            str(dump),
        ],
        check=True,
        timeout=120,
    )
    restored = {reference for (reference,) in query(restored_url, "SELECT reference FROM enquiry")}
    assert set(confirmed_before) <= restored
    check_consistent(restored_url)
    database.dispose(restored_url)
    postgres_cluster.admin(f"DROP DATABASE {target} WITH (FORCE)")


def test_erase_deletes_a_persons_enquiries_with_their_notes_and_emails(db_url: str) -> None:
    staff.add_user("anita", "a long enough password")
    token = staff_token("anita", "a long enough password")
    mine = [store.submit(form(email=e), f"10.0.0.{i}") for i, e in enumerate(["asha@example.com", "ASHA@Example.com"])]
    other = store.submit(form(email="ravi@example.com"), "10.0.0.9")
    inbox.add_note(token, mine[0], "called")
    err = io.StringIO()
    assert cli(["erase", "--email", " Asha@EXAMPLE.com "], err=err) == 0
    assert "erased 2 enquiries from asha@example.com" in err.getvalue()
    assert query(db_url, "SELECT reference FROM enquiry") == [(other,)]
    assert query(db_url, "SELECT count(*) FROM enquiry_note") == [(0,)]
    assert query(db_url, "SELECT count(*) FROM mail_queue") == [(1,)]
    assert maintenance.erase_email("asha@example.com") == 0


def test_retention_deletes_only_enquiries_closed_long_enough_ago_or_untouched(db_url: str) -> None:
    staff.add_user("anita", "a long enough password")
    now = datetime.now(UTC)

    def change(reference: str, status: str, days_ago: int) -> None:
        when = now - timedelta(days=days_ago)
        token = staff_token("anita", "a long enough password", now=when)
        inbox.set_status(token, reference, status, now=when)

    old = now - timedelta(days=800)
    closed_long_ago = store.submit(form(), "10.0.0.1", now=old)
    closed_recently = store.submit(form(), "10.0.0.2", now=old)
    open_for_years = store.submit(form(), "10.0.0.3", now=old)
    change(closed_long_ago, "closed", 400)
    change(closed_recently, "closed", 500)
    change(closed_recently, "new", 499)  # reopened: its first closing no longer counts
    change(closed_recently, "closed", 300)
    # Open for years, but someone worked on it last month: retention leaves it alone.
    change(open_for_years, "contacted", 30)
    assert cli(["retention"], err=io.StringIO()) == 0  # 12 months, from data/enquiries.toml
    remaining = {r for (r,) in query(db_url, "SELECT reference FROM enquiry")}
    assert remaining == {closed_recently, open_for_years}
    assert cli(["retention", "--months", "9"], err=io.StringIO()) == 0
    assert {r for (r,) in query(db_url, "SELECT reference FROM enquiry")} == {open_for_years}


@pytest.mark.parametrize(
    ("moment", "months", "expected"),
    [
        (datetime(2026, 3, 31, 10, tzinfo=UTC), 1, datetime(2026, 2, 28, 10, tzinfo=UTC)),
        (datetime(2028, 3, 31, 10, tzinfo=UTC), 1, datetime(2028, 2, 29, 10, tzinfo=UTC)),
        (datetime(2026, 1, 15, tzinfo=UTC), 12, datetime(2025, 1, 15, tzinfo=UTC)),
        (datetime(2026, 1, 15, tzinfo=UTC), 13, datetime(2024, 12, 15, tzinfo=UTC)),
    ],
)
def test_months_are_calendar_months(moment: datetime, months: int, expected: datetime) -> None:
    assert maintenance.months_before(moment, months) == expected


def test_the_commands_fail_plainly(tmp_path: Path, clean_env) -> None:
    clean_env.setenv("DB_URL", f"sqlite:///{tmp_path / 'missing' / 'enquiries.db'}")
    for argv in (["backup", str(tmp_path / "b.db")], ["export"], ["erase", "--email", " "], ["retention"]):
        err = io.StringIO()
        assert cli(argv, out=io.StringIO(), err=err) == 1, argv
        assert "Traceback" not in err.getvalue() and err.getvalue().strip()
    database.dispose()
