"""Restoring a backup puts the enquiries back and nothing of the staff side: a member of staff
removed since stays removed, a password changed since stands, and the audit written since is
all still there, with the restore itself in it. On SQLite (the online backup) and PostgreSQL
(pg_dump's custom format), through the command line as an administrator runs it."""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.enquiries import store
from consultancy.office.__main__ import main as cli
from consultancy.records import backups, database
from consultancy.records.errors import SignInRefused
from consultancy.staff import audit, staff
from tests.enquiry_fixtures import enquiry_form, enrol, staff_token

OLD, NEW = "the first long password", "a second long password"
form = partial(enquiry_form, service="peso", message="PESO licence for a petrol pump.")


def rows(url: str, sql: str) -> list[tuple]:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return [tuple(row) for row in connection.execute(sa.text(sql))]


def test_a_restore_brings_back_no_staff_and_cuts_no_audit(db_url: str, tmp_path: Path) -> None:
    staff.add_user("anita", OLD)
    staff.add_user("ravi", OLD)
    kept = store.submit(form(email="kept@example.com"), "10.0.0.1")
    staff.sign_in("anita", OLD, address="198.51.100.7")
    backup = tmp_path / "enquiries.backup"
    assert cli(["backup", str(backup)], err=io.StringIO()) == 0
    # After the backup: a user removed, another's password changed, an enquiry and audit rows written.
    assert cli(["remove-user", "ravi"], err=io.StringIO()) == 0
    assert cli(["add-user", "anita", "--reset"], ask=lambda _: NEW, err=io.StringIO()) == 0
    later = store.submit(form(email="later@example.com"), "10.0.0.2")
    staff.sign_in("anita", NEW, address="198.51.100.7")
    audit.record("search", "anita", "written after the backup")
    written_since = [entry for entry in audit.entries() if entry.at > audit.entries()[1].at]

    assert cli(["restore", str(backup), "--yes"], err=io.StringIO()) == 0

    assert {reference for (reference,) in rows(db_url, "SELECT reference FROM enquiry")} == {kept}
    assert later not in {reference for (reference,) in rows(db_url, "SELECT reference FROM enquiry")}
    assert rows(db_url, "SELECT name FROM staff_user") == [("anita",)]
    with pytest.raises(SignInRefused):
        staff.sign_in("ravi", OLD)
    with pytest.raises(SignInRefused):
        staff.sign_in("anita", OLD)
    assert staff.sign_in("anita", NEW).name == "anita"
    after = audit.entries()
    for entry in written_since:
        assert entry in after
    restore = [entry for entry in after if entry.action == "restore"]
    assert len(restore) == 1 and restore[0].actor.startswith("cli:") and "1 enquiries" in restore[0].detail
    # New enquiries are numbered after the restored ones again.
    assert store.submit(form(), "10.0.0.3").endswith("-0002")


def test_a_restore_keeps_the_live_second_factor_and_the_notices_to_staff(db_url: str, tmp_path: Path) -> None:
    """The second factor and the notices to staff are the staff side: a restore brings back
    neither an old TOTP key nor the backup's queued notices, and the live notices stay queued
    (mail_queue is restored, but not its rows of notices to staff)."""
    staff.add_user("anita", OLD, email="anita@example.com")
    enrol("anita")
    # A notice queued before the backup too: it stays queued once, as the live row.
    assert cli(["reset-second-factor", "anita"], err=io.StringIO()) == 0
    old_secret = enrol("anita")
    staff_token("anita", OLD, address="198.51.100.7")
    store.submit(form(email="kept@example.com"), "10.0.0.1")
    backup = tmp_path / "enquiries.backup"
    assert cli(["backup", str(backup)], err=io.StringIO()) == 0
    # After the backup: a lost phone, a new second factor (its reset is mailed to her).
    assert cli(["reset-second-factor", "anita"], err=io.StringIO()) == 0
    new_secret = enrol("anita")
    assert new_secret != old_secret
    staff_token("anita", OLD, address="203.0.113.50", agent="Firefox 140 on Windows")
    store.submit(form(email="later@example.com"), "10.0.0.2")
    notices = "SELECT staff_notice_id FROM mail_queue WHERE staff_notice_id IS NOT NULL ORDER BY staff_notice_id"
    queued_notices = rows(db_url, notices)
    assert len(queued_notices) >= 2

    assert cli(["restore", str(backup), "--yes"], err=io.StringIO()) == 0

    assert rows(db_url, "SELECT totp_secret FROM staff_user") == [(new_secret,)]
    assert rows(db_url, notices) == queued_notices
    enquiry_mail = "SELECT e.email FROM mail_queue m JOIN enquiry e ON e.id = m.enquiry_id"
    assert rows(db_url, enquiry_mail) == [("kept@example.com",)]
    assert rows(db_url, "SELECT count(*) FROM staff_session") == [(0,)]
    # New rows of the queue are numbered after every kept and restored one.
    store.submit(form(email="after@example.com"), "10.0.0.3")
    assert len(rows(db_url, "SELECT id FROM mail_queue")) == len(queued_notices) + 2
    database.dispose()


def test_an_older_backup_is_migrated_in_a_copy_and_the_file_itself_is_not_touched(
    sqlite_url: str, tmp_path: Path
) -> None:
    store.submit(form(), "10.0.0.1")
    backup = tmp_path / "old.db"
    backups.backup(backup)
    # As a backup taken before the newest migration.
    from alembic import command
    from alembic.config import Config

    config = Config(str(database.ALEMBIC_INI))
    newest = rows(f"sqlite:///{backup}", "SELECT version_num FROM alembic_version")
    with sa.create_engine(f"sqlite:///{backup}", poolclass=sa.pool.NullPool).begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "-1")
    assert rows(f"sqlite:///{backup}", "SELECT version_num FROM alembic_version") != newest
    old_bytes = backup.read_bytes()
    staff.add_user("anita", OLD)
    assert cli(["restore", str(backup), "--yes"], err=io.StringIO()) == 0
    assert rows(sqlite_url, "SELECT count(*) FROM enquiry") == [(1,)]
    assert rows(sqlite_url, "SELECT name FROM staff_user") == [("anita",)]
    assert backup.read_bytes() == old_bytes
    database.dispose()


def test_a_backup_that_is_not_one_changes_nothing(db_url: str, tmp_path: Path) -> None:
    store.submit(form(), "10.0.0.1")
    junk = tmp_path / "junk.backup"
    junk.write_bytes(b"not a backup at all" * 100)
    err = io.StringIO()
    assert cli(["restore", str(junk), "--yes"], err=err) == 1
    assert "Traceback" not in err.getvalue()
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(1,)]


def test_every_table_is_either_restored_or_kept() -> None:
    """A new table must be given a side: a staff table (a second factor, recovery codes...) in
    KEPT, or a backup would roll it back; an enquiry table in RESTORED, or a restore would miss it."""
    from sqlmodel import SQLModel

    tables = {table.name for table in SQLModel.metadata.sorted_tables}
    assert not set(backups.RESTORED) & set(backups.KEPT)
    assert tables == (set(backups.RESTORED) | set(backups.KEPT)) - {"alembic_version"}
