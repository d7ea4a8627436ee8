"""Small security rules of the backend: the visitor's address from trusted proxies only,
the staff cookie's token, and a production backend that refuses a public hashing key."""

from __future__ import annotations

import subprocess
import sys

import pytest

from consultancy.enquiries import staff_http
from consultancy.framework import trusted_proxies
from consultancy.records import addresses
from consultancy.records.keys import PUBLIC_ADDRESS_KEY
from tests.conftest import ROOT


@pytest.fixture
def one_hop(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("REFLEX_TRUSTED_PROXY_HOPS", "1")
    monkeypatch.delenv("BACKEND_TRUSTED_PROXIES", raising=False)
    return monkeypatch


def test_x_forwarded_for_counts_only_from_a_trusted_proxy(one_hop: pytest.MonkeyPatch) -> None:
    # nginx on this host: its header names the visitor.
    assert trusted_proxies.visitor_address("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert trusted_proxies.visitor_address("::1", "forged, 203.0.113.9") == "203.0.113.9"
    # A client reaching the backend port directly invents what it likes: its own address counts.
    assert trusted_proxies.visitor_address("198.51.100.20", "203.0.113.9") == "198.51.100.20"
    one_hop.setenv("BACKEND_TRUSTED_PROXIES", "10.0.0.0/8")
    assert trusted_proxies.visitor_address("10.1.2.3", "203.0.113.9") == "203.0.113.9"
    assert trusted_proxies.visitor_address("127.0.0.1", "203.0.113.9") == "127.0.0.1"
    one_hop.setenv("REFLEX_TRUSTED_PROXY_HOPS", "0")
    assert trusted_proxies.visitor_address("10.1.2.3", "203.0.113.9") == "10.1.2.3"


def test_the_socket_address_reflex_gives_the_handlers_follows_the_same_rule(one_hop: pytest.MonkeyPatch) -> None:
    from reflex.app import EventNamespace

    trusted_proxies.install()
    namespace = EventNamespace.__new__(EventNamespace)

    def address(peer: str, forwarded: str) -> str:
        scope = {"client": (peer, 5000), "headers": [(b"x-forwarded-for", forwarded.encode())]}
        return namespace._build_static_router_data("sid", {"asgi.scope": scope})["ip"]

    assert address("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert address("198.51.100.20", "203.0.113.9") == "198.51.100.20"


def test_ipv6_limits_count_a_64_as_one_address() -> None:
    assert addresses.address_key("2001:db8:1:2::1") == addresses.address_key("2001:db8:1:2:ffff:ffff:ffff:ffff")
    assert addresses.address_key("2001:db8:1:2::1") != addresses.address_key("2001:db8:1:3::1")


def test_the_token_comes_only_from_the_staff_cookie() -> None:
    assert staff_http.parse_token("a=1; staff=abc_DEF-123", loopback_http=True) == "abc_DEF-123"
    assert staff_http.parse_token("__Host-staff=secure; staff=plain") == "secure"
    assert staff_http.parse_token("") == staff_http.parse_token("other=1") == ""
    assert staff_http.parse_token('staff="unterminated') == ""


def _start_backend(env: dict[str, str]) -> subprocess.CompletedProcess:
    code = "from consultancy.records.settings import require_production_secrets; require_production_secrets()"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


@pytest.mark.parametrize("key", [None, "", PUBLIC_ADDRESS_KEY, "short-secret"])
def test_a_production_backend_refuses_a_public_or_missing_address_key(key: str | None) -> None:
    env = {"PATH": "/usr/bin:/bin", "REFLEX_ENV_MODE": "prod", "REFLEX_BACKEND_ONLY": "true"}
    if key is not None:
        env["ENQUIRY_ADDRESS_KEY"] = key
    refused = _start_backend(env)
    assert refused.returncode != 0 and "ENQUIRY_ADDRESS_KEY" in refused.stderr
    env["ENQUIRY_ADDRESS_KEY"] = "k" * 43
    assert _start_backend(env).returncode == 0


def test_the_app_itself_refuses_to_start_without_the_key() -> None:
    env = {"PATH": "/usr/bin:/bin", "REFLEX_ENV_MODE": "prod", "REFLEX_BACKEND_ONLY": "true"}
    started = subprocess.run(
        [sys.executable, "-c", "import consultancy.consultancy"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert started.returncode != 0 and "ENQUIRY_ADDRESS_KEY" in started.stderr


def test_a_database_error_does_not_carry_what_the_visitor_typed(db_url: str) -> None:
    """The text of a failed statement reaches the log (store.py logs it): no field values."""
    from datetime import UTC, datetime

    import sqlalchemy as sa

    from consultancy.records.database import transaction
    from consultancy.records.models import EnquiryNote

    with pytest.raises(sa.exc.IntegrityError) as failed, transaction() as session:
        # No enquiry 999: the foreign key refuses it, on SQLite and PostgreSQL alike.
        session.add(
            EnquiryNote(enquiry_id=999, author="anita", text="Mr Sahu's PAN ABCDE1234F", created_at=datetime.now(UTC))
        )
    assert "ABCDE1234F" not in str(failed.value)


def test_sign_in_posts_from_another_site_are_refused() -> None:
    def scope(origin: str, host: str) -> dict:
        return {"headers": [(b"origin", origin.encode()), (b"host", host.encode())]}

    # Behind nginx the Host has no port; straight to the backend it has.
    assert staff_http._same_origin(scope("https://example.in", "example.in"))
    assert staff_http._same_origin(scope("http://127.0.0.1:3980", "127.0.0.1"))
    assert staff_http._same_origin(scope("http://127.0.0.1:3911", "127.0.0.1:3911"))
    assert not staff_http._same_origin(scope("https://evil.example", "example.in"))
    assert not staff_http._same_origin(scope("null", "example.in"))


def test_the_sqlite_database_and_its_wal_are_readable_by_the_service_user_only(tmp_path) -> None:
    """A process with the usual umask (022) creates the database, writes to it (so the -wal and
    -shm exist) and keeps it open: every file is 600; a directory it has to make is 700."""
    folder = tmp_path / "var"
    folder.mkdir()
    path = folder / "enquiries.db"
    script = (
        "import os; os.umask(0o022)\n"
        "from consultancy.records.database import upgrade, transaction\n"
        f"url = 'sqlite:///{path}'\n"
        "upgrade(url)\n"
        "import sqlalchemy as sa\n"
        "with transaction(url) as s: s.exec(sa.text('select 1'))\n"
        "print(sorted(os.listdir(os.path.dirname(url[10:]))))\n"
        "import stat\n"
        "for n in sorted(os.listdir(os.path.dirname(url[10:]))):\n"
        "    print(n, oct(stat.S_IMODE(os.stat(os.path.join(os.path.dirname(url[10:]), n)).st_mode)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    modes = dict(line.split() for line in done.stdout.splitlines()[1:])
    assert {"enquiries.db", "enquiries.db-wal", "enquiries.db-shm"} <= set(modes), done.stdout
    assert set(modes.values()) == {"0o600"}, modes
    from consultancy.records.database import secure_sqlite_file

    secure_sqlite_file(f"sqlite:///{tmp_path / 'new' / 'enquiries.db'}")
    assert ((tmp_path / "new").stat().st_mode & 0o777) == 0o700


def test_an_older_world_readable_database_is_tightened_when_opened(tmp_path) -> None:
    import os

    from consultancy.records.database import secure_sqlite_file

    path = tmp_path / "old.db"
    path.write_bytes(b"")
    for name in (path, tmp_path / "old.db-wal"):
        name.write_bytes(b"")
        os.chmod(name, 0o644)
    secure_sqlite_file(f"sqlite:///{path}")
    assert (path.stat().st_mode & 0o777) == 0o600
    assert ((tmp_path / "old.db-wal").stat().st_mode & 0o777) == 0o600


def test_reflex_logs_no_form_fields_of_an_event_it_refuses(caplog: pytest.LogCaptureFixture) -> None:
    """Reflex's own handler for socket events logs the whole event, at warning level, when it
    arrives on a socket with no token or as a string: any client can make it do both."""
    import asyncio
    import contextlib
    import json
    import logging
    import types

    from reflex.app import EventNamespace

    from consultancy.framework import log_privacy

    marker = "Mr Sahu ABCDE1234F 98xxx-marker"
    event = {"name": "state.enquiry_state.submit", "payload": {"form_data": {"name": marker, "phone": marker}}}
    namespace = EventNamespace.__new__(EventNamespace)
    namespace._token_manager = types.SimpleNamespace(sid_to_token={"known-sid": "tab-token-7e2d"})
    log_privacy.install()

    async def send() -> None:
        await namespace.on_event("unknown-sid", event)
        with contextlib.suppress(Exception):
            await namespace.on_event("known-sid", json.dumps(event))

    with caplog.at_level(logging.DEBUG):
        asyncio.run(send())
    lines = [record.getMessage() for record in caplog.records]
    assert any("no associated token" in line for line in lines), lines
    assert any("as a string" in line for line in lines), lines
    assert marker not in caplog.text
    assert "tab-token-7e2d" not in caplog.text


def test_reflex_logs_no_form_fields_of_an_event_that_fails(caplog: pytest.LogCaptureFixture) -> None:
    """Reflex's event processor logs the whole Event (payload, token, headers) of an event it
    cannot queue, and the value of an argument it cannot convert reaches the log in the
    error's text: both hidden, in the line and in the traceback it carries."""
    import logging

    from consultancy.framework import log_privacy

    marker = "Asha 98xxx-marker-7c1"
    log_privacy.install()
    queued = logging.getLogger("reflex_base.event.processor.event_processor")
    router = "{'token': 'tab-9f1', 'headers': {'cookie': 'staff=tok'}}"
    event = f"Event(name='state.no_such', router_data={router}, payload={{'data': {{'name': '{marker}'}}}})"
    try:
        raise ValueError(
            f"Error transforming event argument 'data' with value '{{'name': '{marker}'}}' and type hint 'FormData'"
        )
    except ValueError:
        with caplog.at_level(logging.DEBUG):
            queued.exception(f"Error processing event queue entry for {event} [txid=42]:")
            logging.getLogger("reflex.app").error(
                "[Reflex Backend Exception]\n Error transforming event argument 'data' "
                f"with value '{marker}' and type hint 'FormData'"
            )
    assert "Error processing event queue entry for state.no_such [hidden] [txid=42]" in caplog.text
    assert "with value [hidden] and type hint" in caplog.text
    assert marker not in caplog.text and "tab-9f1" not in caplog.text and "staff=tok" not in caplog.text
