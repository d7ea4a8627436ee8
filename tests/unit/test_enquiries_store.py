"""Storing enquiries, on SQLite and on PostgreSQL: references, the per-address limit,
hostile text stored verbatim, a confirmed enquiry surviving SIGKILL, and a database that
cannot be reached."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import SQLModel

from consultancy.enquiries import store
from consultancy.records import addresses, database
from consultancy.records.errors import StoreUnavailable
from tests.enquiry_fixtures import enquiry_form, start_cluster

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
ODIA = "ଆମର କାରଖାନା ପାଇଁ ଅଗ୍ନି ନିରାପତ୍ତା ପ୍ରମାଣପତ୍ର ଦରକାର।"
HOSTILE = "<script>alert(1)</script>'); DROP TABLE enquiry;-- %_\\ =cmd|' /C calc'!A0"


form = partial(enquiry_form, service="fire-nocs", message="A fire NOC for a warehouse in Khordha.")


def rows(url: str, sql: str, **params: object) -> list[tuple]:
    """Read with a connection of its own, outside the code under test."""
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return [tuple(row) for row in connection.execute(sa.text(sql), params)]


def ist_year() -> int:
    return datetime.now(UTC).astimezone(store.IST).year


def test_references_count_up_within_the_year(db_url: str) -> None:
    year = ist_year()
    references = [store.submit(form(), f"10.0.0.{i}") for i in range(3)]
    assert references == [f"KSC-{year}-0001", f"KSC-{year}-0002", f"KSC-{year}-0003"]


def test_the_year_is_indias_and_each_year_starts_again_at_one(db_url: str) -> None:
    december = datetime(2026, 12, 31, 18, 0, tzinfo=UTC)  # 23:30 IST
    assert store.submit(form(), "10.0.0.1", now=december) == "KSC-2026-0001"
    assert store.submit(form(), "10.0.0.2", now=december + timedelta(minutes=5)) == "KSC-2026-0002"
    new_year = december + timedelta(minutes=31)  # 00:01 IST on 1 January
    assert store.submit(form(), "10.0.0.3", now=new_year) == "KSC-2027-0001"
    assert store.submit(form(), "10.0.0.4", now=new_year + timedelta(hours=2)) == "KSC-2027-0002"


def test_an_enquiry_is_committed_before_its_reference_is_returned(db_url: str) -> None:
    reference = store.submit(form(), "10.0.0.1")
    assert rows(db_url, "SELECT reference, status FROM enquiry") == [(reference, "new")]
    assert rows(db_url, "SELECT count(*) FROM mail_queue WHERE sent_at IS NULL") == [(1,)]


def test_hostile_and_non_latin_text_is_stored_exactly(db_url: str) -> None:
    hostile = form(name=HOSTILE[:100], organisation=ODIA, message=f"{HOSTILE}\n{ODIA}\nline three")
    reference = store.submit(hostile, "10.0.0.1")
    stored = rows(db_url, "SELECT name, organisation, message, phone FROM enquiry WHERE reference = :r", r=reference)
    assert stored == [(HOSTILE[:100], ODIA, f"{HOSTILE}\n{ODIA}\nline three", "+919876543210")]
    assert rows(db_url, "SELECT count(*) FROM enquiry") == [(1,)]


def test_an_ipv6_visitor_is_counted_by_their_64_block() -> None:
    first = addresses.address_key("2001:db8:1:2::1")
    assert addresses.address_key("2001:db8:1:2:ffff::9") == first
    assert addresses.address_key("2001:db8:1:3::1") != first
    assert addresses.address_key("::ffff:192.0.2.1") == addresses.address_key("192.0.2.1")


def test_the_visitors_address_is_kept_only_as_a_hash_and_only_for_an_hour(sqlite_url: str) -> None:
    start = datetime.now(UTC) - timedelta(hours=2)
    store.submit(form(), "192.0.2.55", now=start)
    files = Path(sqlite_url.removeprefix("sqlite:///")).parent.glob("enquiries.db*")  # the WAL too
    assert not any(b"192.0.2.55" in path.read_bytes() for path in files)
    assert "address" not in {column["name"] for column in sa.inspect(database.engine()).get_columns("enquiry")}
    store.submit(form(), "192.0.2.56")
    assert rows(sqlite_url, "SELECT count(*) FROM recent_submission") == [(1,)]


def test_a_database_that_cannot_be_opened_gives_the_clear_message(tmp_path: Path, clean_env) -> None:
    url = f"sqlite:///{tmp_path / 'no-such-folder' / 'enquiries.db'}"
    clean_env.setenv("DB_URL", url)
    with pytest.raises(StoreUnavailable) as caught:
        store.submit(form(), "10.0.0.1")
    assert "+91 98765 43210" in caught.value.message and "WhatsApp" in caught.value.message
    assert "still in the form" in caught.value.message
    database.dispose(url)


def test_a_database_without_its_tables_gives_the_clear_message(tmp_path: Path, clean_env) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    clean_env.setenv("DB_URL", url)
    with pytest.raises(StoreUnavailable):
        store.submit(form(), "10.0.0.1")
    database.dispose(url)


@contextlib.contextmanager
def sqlite_held_by_another_writer(url: str, seconds: float) -> Iterator[None]:
    """Another process's writer (a connection outside the store) holds the file's write lock
    for `seconds`, as a burst of visitors on other workers would."""
    holder = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(seconds, holder.execute, args=("COMMIT",))
    timer.start()
    try:
        yield
    finally:
        timer.join()
        holder.close()


@pytest.fixture
def quick_busy_sqlite(sqlite_url: str, clean_env: pytest.MonkeyPatch) -> str:
    """A migrated SQLite file whose connections give up on a held lock after 0.2 s."""
    clean_env.setattr(database, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    return sqlite_url


def test_a_visitor_waits_out_a_writer_holding_sqlite_past_the_busy_timeout(quick_busy_sqlite: str) -> None:
    with sqlite_held_by_another_writer(quick_busy_sqlite, 1.5):
        started = time.monotonic()
        reference = store.submit(form(), "10.0.0.1")
        waited = time.monotonic() - started
    assert waited > 1.0  # several busy timeouts, tried again each time
    assert rows(quick_busy_sqlite, "SELECT reference FROM enquiry") == [(reference,)]


def test_a_writer_that_never_lets_go_of_sqlite_gives_the_clear_message(
    quick_busy_sqlite: str, clean_env: pytest.MonkeyPatch
) -> None:
    clean_env.setattr(database, "SQLITE_WRITE_DEADLINE_S", 0.5)
    with sqlite_held_by_another_writer(quick_busy_sqlite, 2), pytest.raises(StoreUnavailable) as caught:
        store.submit(form(), "10.0.0.1")
    assert "WhatsApp" in caught.value.message
    assert rows(quick_busy_sqlite, "SELECT count(*) FROM enquiry") == [(0,)]


def test_threads_of_one_process_queue_for_sqlite_instead_of_failing(quick_busy_sqlite: str) -> None:
    # 0.2 s of busy timeout and 16 threads: without the process's own queue and the retries
    # most of them would give up.
    references: list[str] = []
    failures: list[BaseException] = []

    def send(n: int) -> None:
        try:
            references.append(store.submit(form(), f"10.1.0.{n}"))
        except BaseException as error:
            failures.append(error)

    with sqlite_held_by_another_writer(quick_busy_sqlite, 1.0):
        threads = [threading.Thread(target=send, args=(n,)) for n in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
    assert len(set(references)) == 16


def test_postgresql_that_nobody_answers_gives_the_clear_message(postgres_cluster, clean_env) -> None:
    from tests.enquiry_fixtures import free_port

    url = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/postgres"
    clean_env.setenv("DB_URL", url)
    with pytest.raises(StoreUnavailable):
        store.submit(form(), "10.0.0.1")
    database.dispose(url)


def test_postgresql_going_down_and_coming_back(clean_env) -> None:
    cluster = start_cluster()
    try:
        cluster.admin("CREATE DATABASE site")
        url = cluster.url("site")
        clean_env.setenv("DB_URL", url)
        database.upgrade(url)
        first = store.submit(form(), "10.0.0.1")
        cluster.stop()
        with pytest.raises(StoreUnavailable):
            store.submit(form(), "10.0.0.2")
        cluster.start()
        # The pool notices its dead connections and opens new ones.
        second = store.submit(form(), "10.0.0.3")
        assert [r for (r,) in rows(url, "SELECT reference FROM enquiry ORDER BY id")] == [first, second]
        database.dispose(url)
    finally:
        with contextlib.suppress(RuntimeError):  # stopped already
            cluster.stop()
        cluster.remove()


CHILD = """
import sys
from consultancy.enquiries import store
from consultancy.forms.enquiry_form import read_form
form = read_form({"name": "Kill Test", "phone": "9876543210", "email": "k@example.com",
                  "service": "not-sure", "message": "SIGKILL after confirmation", "consent": "on"})
for i in range(100000):
    print(store.submit(form, f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"), flush=True)
"""


def test_sigkill_right_after_a_confirmation_loses_nothing_confirmed(db_url: str) -> None:
    child = subprocess.Popen([PYTHON, "-c", CHILD], cwd=ROOT, env=os.environ.copy(), stdout=subprocess.PIPE, text=True)
    confirmed = [child.stdout.readline().strip() for _ in range(3)]
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    # Whatever the child printed before it died was confirmed to a visitor.
    confirmed += [line.strip() for line in child.stdout if line.strip()]
    child.stdout.close()
    database.dispose()
    stored = {reference for (reference,) in rows(db_url, "SELECT reference FROM enquiry")}
    assert confirmed and set(confirmed) <= stored
    # Nothing half-written: each enquiry has its email queued, the counter matches.
    assert rows(db_url, "SELECT count(*) FROM mail_queue") == [(len(stored),)]
    assert rows(db_url, "SELECT max(number), count(*) FROM enquiry")[0] == (len(stored), len(stored))
    if db_url.startswith("sqlite"):
        with sqlite3.connect(db_url.removeprefix("sqlite:///")) as check:
            assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_migrations_build_exactly_the_tables_the_models_describe(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with database.engine().connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []


def _reflex_db_url(env: dict[str, str]) -> str:
    done = subprocess.run(
        [PYTHON, "-c", "import rxconfig; print(rxconfig.config.db_url)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def test_rxconfig_gives_reflex_the_same_database() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DB_URL", "REFLEX_DB_URL"}}
    assert _reflex_db_url(env) == f"sqlite:///{ROOT / 'var' / 'enquiries.db'}"
    env["DB_URL"] = "postgresql://shop:secret@db.example/site"
    assert _reflex_db_url(env) == "postgresql+psycopg://shop:secret@db.example/site"
