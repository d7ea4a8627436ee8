"""One key per purpose: visitors' addresses, the reminders' two links, the erasure ledger, the
mailbox cap and the audit's search hashes each have a key of their own, derived from
ENQUIRY_ADDRESS_KEY or set on their own, so each can be rotated alone; the ledger keeps working
through a rotation; and the command line (cron) refuses to hash or sign with the public key."""

from __future__ import annotations

import hashlib
import hmac
import io
import os
import subprocess
import sys
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path

import pytest

from consultancy.cases import links
from consultancy.enquiries import store
from consultancy.mail import recipients, unsubscribe
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records import addresses, keys, ledger
from consultancy.records.settings import require_production_secrets
from consultancy.staff import audit
from tests.conftest import ROOT
from tests.enquiry_fixtures import enquiry_form

SITE = "s" * 40
form = partial(enquiry_form, service="peso", message="PESO licence for a petrol pump.")


@pytest.fixture
def site_key(clean_env: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", SITE)
    for variable in keys.VARIABLES:
        clean_env.delenv(variable, raising=False)
        clean_env.delenv(variable + "_PREVIOUS", raising=False)
    return clean_env


def emails() -> list[str]:
    from sqlmodel import select

    from consultancy.records.database import transaction
    from consultancy.records.models import Enquiry

    with transaction() as session:
        return sorted(session.exec(select(Enquiry.email)).all())


def hashes() -> dict[str, str]:
    """What each purpose makes of the same text."""
    text = "203.0.113.9"
    return {
        "address": addresses.address_key(text),
        "unsubscribe": unsubscribe.signature(1, text),
        "confirm": unsubscribe.signature(1, text, unsubscribe.CONFIRM),
        "case-link": links.token_hash(text),
        "ledger": ledger.erasure_key(text),
        "mailbox": recipients.recipient_key(text),
        "audit": audit.search_hash(text),
    }


def test_every_purpose_has_its_own_key(site_key: pytest.MonkeyPatch) -> None:
    assert len({keys.key(purpose) for purpose in keys.PURPOSES}) == len(keys.PURPOSES)
    made = hashes()
    # Nothing one purpose keeps matches what another keeps of the same text.
    assert len({value[:16] for value in made.values()}) == len(made)
    # None of them is the site's secret used straight (the address hash was, before).
    straight = hmac.new(SITE.encode(), b"203.0.113.9", hashlib.sha256).hexdigest()
    assert straight not in made.values()


@pytest.mark.parametrize(
    ("variable", "changes"),
    [
        ("ENQUIRY_KEY_ADDRESS", {"address"}),
        ("ENQUIRY_KEY_LINKS", {"unsubscribe", "confirm", "case-link"}),
        ("ENQUIRY_KEY_LEDGER", {"ledger"}),
        ("ENQUIRY_KEY_MAILBOX", {"mailbox"}),
        ("ENQUIRY_KEY_AUDIT", {"audit"}),
    ],
)
def test_each_purpose_rotates_alone(site_key: pytest.MonkeyPatch, variable: str, changes: set[str]) -> None:
    before = hashes()
    site_key.setenv(variable, "r" * 40)
    after = hashes()
    assert {name for name in before if before[name] != after[name]} == changes


def test_links_already_mailed_stay_valid(site_key: pytest.MonkeyPatch) -> None:
    # The derivation the links were signed with before keys had a module of their own.
    old_key = hmac.new(SITE.encode(), b"reminder-unsubscribe", hashlib.sha256).digest()
    mailed = hmac.new(old_key, b"7:KSC-2026-0007", hashlib.sha256).hexdigest()[:32]
    assert unsubscribe.valid(7, "KSC-2026-0007", mailed)


def test_the_ledger_survives_a_rotation_of_its_key(
    site_key: pytest.MonkeyPatch, sqlite_url: str, tmp_path: Path
) -> None:
    from consultancy.records import backups

    store.submit(form(email="old@example.com"), "10.0.0.1")
    store.submit(form(email="gone@example.com"), "10.0.0.2")
    store.submit(form(email="stays@example.com"), "10.0.0.3")
    backups.backup(tmp_path / "b.db")
    # A line written before the ledger had a key of its own (no key id), and one under the first key.
    legacy = hmac.new(SITE.encode(), b"old@example.com", hashlib.sha256).hexdigest()
    with ledger.path().open("a", encoding="ascii") as file:
        file.write(f"2026-01-05T10:00:00+00:00\t{legacy}\n")
    maintenance.erase_email("gone@example.com", now=datetime(2026, 2, 1, tzinfo=UTC))
    # Rotated: a new ledger key, the old one not kept. A restore now would bring people back: refused.
    site_key.setenv("ENQUIRY_KEY_LEDGER", "n" * 40)
    err = io.StringIO()
    assert cli(["restore", str(tmp_path / "b.db"), "--yes"], err=err) == 1
    assert "ENQUIRY_KEY_LEDGER_PREVIOUS" in err.getvalue()
    assert emails() == ["old@example.com", "stays@example.com"]  # nothing was replaced
    # With the old key kept as the previous one, the restore erases both again.
    site_key.setenv("ENQUIRY_KEY_LEDGER_PREVIOUS", SITE)
    assert cli(["restore", str(tmp_path / "b.db"), "--yes"], err=io.StringIO()) == 0
    assert emails() == ["stays@example.com"]
    # Once the oldest backup kept is younger than every old line, they go, and the old key with them.
    maintenance.erase_email("later@example.com")
    assert cli(["prune-ledger", "--before", date.today().isoformat()], err=io.StringIO()) == 0
    assert [line.key_id for line in ledger.lines()] == [keys.key_id(keys.LEDGER)]
    site_key.delenv("ENQUIRY_KEY_LEDGER_PREVIOUS")
    assert cli(["reapply-erasures"], err=io.StringIO()) == 0
    assert oct(ledger.path().stat().st_mode & 0o777) == "0o600"


COMMANDS = [["audit"], ["retention"], ["reminders"], ["send-mail"], ["erase", "--email", "a@example.com"], ["export"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: argv[0])
def test_the_command_line_refuses_to_run_on_the_public_key(
    site_key: pytest.MonkeyPatch, sqlite_url: str, argv: list[str]
) -> None:
    site_key.delenv("ENQUIRY_ADDRESS_KEY")
    site_key.delenv("SITE_DEMO", raising=False)
    err = io.StringIO()
    assert cli(argv, out=io.StringIO(), err=err) == 2
    assert "ENQUIRY_ADDRESS_KEY" in err.getvalue() and "Traceback" not in err.getvalue()
    assert not ledger.path().exists()
    site_key.setenv("ENQUIRY_ADDRESS_KEY", "consultancy-enquiries")  # the public one
    assert cli(argv, out=io.StringIO(), err=io.StringIO()) == 2
    # A key of its own for one purpose does not make up for the missing rest.
    site_key.setenv("ENQUIRY_KEY_LINKS", "l" * 40)
    assert cli(argv, out=io.StringIO(), err=io.StringIO()) == 2
    # A demo runs on it; a real key runs anywhere.
    site_key.setenv("SITE_DEMO", "1")
    assert cli(argv, out=io.StringIO(), err=io.StringIO()) in {0, 1}
    site_key.delenv("SITE_DEMO")
    site_key.setenv("ENQUIRY_ADDRESS_KEY", SITE)
    assert cli(argv, out=io.StringIO(), err=io.StringIO()) in {0, 1}


def test_cron_as_the_server_runs_it_refuses_without_the_key(tmp_path: Path) -> None:
    env = {"PATH": os.environ["PATH"], "DB_URL": f"sqlite:///{tmp_path / 'e.db'}", "HOME": str(tmp_path)}
    command = [sys.executable, "-m", "consultancy.office", "retention"]
    refused = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "ENQUIRY_ADDRESS_KEY" in refused.stderr
    assert not (tmp_path / "e.db").exists()


def test_every_key_given_on_its_own_is_enough_and_a_short_one_is_refused(site_key: pytest.MonkeyPatch) -> None:
    site_key.setenv("REFLEX_ENV_MODE", "prod")
    site_key.setenv("REFLEX_BACKEND_ONLY", "true")
    site_key.delenv("ENQUIRY_ADDRESS_KEY")
    for number, variable in enumerate(keys.VARIABLES):
        site_key.setenv(variable, str(number) * 40)
    require_production_secrets()
    site_key.setenv("ENQUIRY_KEY_LEDGER", "short")
    with pytest.raises(SystemExit, match="ENQUIRY_KEY_LEDGER"):
        require_production_secrets()
