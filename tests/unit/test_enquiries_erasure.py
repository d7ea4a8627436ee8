"""Erasure that lasts: a restore from an older backup erases again what was erased since
(from a ledger of keyed hashes, never the addresses) and signs every member of staff out;
retention also deletes open enquiries that nobody has touched for the retention period."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.enquiries import inbox, store
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records import backups, ledger
from consultancy.records.errors import NotSignedIn
from consultancy.staff import staff
from tests.enquiry_fixtures import enquiry_form, staff_token

PASSWORD = "correct horse battery staple"
form = partial(enquiry_form, service="peso", message="PESO licence for a petrol pump.")


def count(url: str, sql: str) -> int:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return connection.execute(sa.text(sql)).scalar()


def test_a_restore_erases_again_and_ends_every_session(sqlite_url: str, tmp_path: Path) -> None:
    store.submit(form(email="Gone@Example.com"), "10.0.0.1")
    store.submit(form(email="stays@example.com"), "10.0.0.2")
    backups.backup(tmp_path / "before.db")
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    assert cli(["erase", "--email", "gone@example.com"], err=io.StringIO()) == 0
    # The ledger holds a keyed hash, not the address.
    written = ledger.path().read_text(encoding="utf-8")
    assert "gone@example.com" not in written.lower() and ledger.erasure_key("gone@example.com") in written
    assert oct(ledger.path().stat().st_mode & 0o777) == "0o600"
    assert cli(["restore", str(tmp_path / "before.db"), "--yes"], err=io.StringIO()) == 0
    assert count(sqlite_url, "SELECT count(*) FROM enquiry WHERE lower(email) = 'gone@example.com'") == 0
    assert count(sqlite_url, "SELECT count(*) FROM enquiry") == 1
    assert count(sqlite_url, "SELECT count(*) FROM mail_queue") == 1
    with pytest.raises(NotSignedIn):
        inbox.list_enquiries(token)


def test_erase_takes_the_notes_and_the_queued_mail_too(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    reference = store.submit(form(email="gone@example.com"), "10.0.0.1")
    inbox.add_note(token, reference, "Called gone@example.com about the licence.")
    maintenance.erase_email("gone@example.com")
    for table in ("enquiry", "enquiry_note", "mail_queue"):
        assert count(db_url, f"SELECT count(*) FROM {table}") == 0, table


def test_retention_deletes_open_enquiries_nobody_touched(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    now = datetime.now(UTC)
    old = now - timedelta(days=800)
    untouched = store.submit(form(email="a@example.com"), "10.0.0.1", now=old)
    noted = store.submit(form(email="b@example.com"), "10.0.0.2", now=old)
    fresh = store.submit(form(email="c@example.com"), "10.0.0.3", now=now)
    token = staff_token("anita", PASSWORD, now=now)
    inbox.add_note(token, noted, "Still talking to them.", now=now)
    assert maintenance.delete_closed(months=24, now=now) == 1
    left = {row.reference for row in inbox.list_enquiries(token, now=now).enquiries}
    assert left == {noted, fresh} and untouched not in left


def test_a_backup_is_readable_by_its_owner_only(sqlite_url: str, tmp_path: Path) -> None:
    import os

    store.submit(form(), "10.0.0.1")
    previous = os.umask(0o022)
    try:
        backups.backup(tmp_path / "copy.db")
    finally:
        os.umask(previous)
    assert oct((tmp_path / "copy.db").stat().st_mode & 0o777) == "0o600"
