"""The audit against a flood of sign-in refusals: anyone can send wrong passwords, so a
refusal's repeats are counted in one row per source, kind and interval, and the day's rows of
refusals are capped, while real events (sign-in, list, export, command line) stay one row
each. A simulated day through the real sign-in, on SQLite and PostgreSQL."""

from __future__ import annotations

import io
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import func, select

from consultancy.enquiries import inbox
from consultancy.office.__main__ import main as cli
from consultancy.records.database import transaction
from consultancy.records.errors import SignInRefused
from consultancy.records.models import StaffAudit
from consultancy.staff import audit, staff
from tests.enquiry_fixtures import staff_token

PASSWORD = "correct horse battery staple"
START = datetime(2027, 2, 1, 18, 30, tzinfo=UTC)  # midnight IST: one audit day
DAY = timedelta(days=1)
OWNER = "198.51.100.7"


@pytest.fixture(autouse=True)
def cheap_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    # The scrypt cost is not what is tested here: a day of checked tries in seconds.
    monkeypatch.setattr(staff, "SCRYPT_N", 2**4)


def rows() -> list[StaffAudit]:
    with transaction() as session:
        return list(session.exec(select(StaffAudit).order_by(StaffAudit.id)).all())


def refuse(name: str, address: str, now: datetime) -> None:
    with pytest.raises(SignInRefused):
        staff.sign_in(name, "guess", address=address, now=now)


def real_events(now: datetime) -> None:
    """The owner signs in and looks at the inbox: two real events."""
    token = staff_token("anita", PASSWORD, address=OWNER, now=now)
    inbox.list_enquiries(token, address=OWNER, now=now)


@pytest.mark.parametrize(
    ("every", "networks"),
    [
        pytest.param(timedelta(minutes=3), 300, id="quick"),
        pytest.param(timedelta(seconds=20), 1500, id="day", marks=pytest.mark.soak),
    ],
)
def test_a_day_of_refusals_from_one_address_and_many_networks_is_counted_in_bounded_rows(
    db_url: str, every: timedelta, networks: int
) -> None:
    staff.add_user("anita", PASSWORD)
    staff.add_user("ravi", PASSWORD + " 2")
    tries = Counter[str]()
    lists = 0
    moment = START + timedelta(seconds=1)
    # One address: a try every `every` all day, at another's name and at made-up ones.
    while moment < START + DAY:
        refuse("ravi" if (moment - START) // every % 3 == 0 else "nobody", "203.0.113.9", moment)
        tries["one"] += 1
        if (moment - START) % timedelta(hours=1) < every:
            real_events(moment)
            lists += 1
        moment += every
    # Many networks: IPv6 /64s, two tries each (two addresses in the same /64 are one
    # source), and IPv4 addresses.
    for n in range(networks):
        at = START + DAY * n / networks
        refuse("nobody", f"2001:db8:{n // 256:x}:{n % 256:x}::1", at)
        refuse("nobody", f"2001:db8:{n // 256:x}:{n % 256:x}::2", at + timedelta(seconds=1))
        tries["networks"] += 2
    for n in range(networks // 10):
        refuse("anita", f"192.0.2.{n}", START + DAY * n / (networks // 10))
        tries["networks"] += 1
    audit.record("export", "cli:ops", "3 rows (command line)", now=START + DAY / 2)

    written = rows()
    refusals = [row for row in written if row.action in audit.REFUSALS or row.action == audit.OVER_CAP]
    real = [row for row in written if row not in refusals]
    # Every try counted, in a bounded number of rows: the day's cap and one a kind past it.
    assert sum(row.count for row in refusals) == tries["one"] + tries["networks"]
    assert len(refusals) <= audit.REFUSAL_ROWS_PER_DAY + len(audit.REFUSALS)
    over = [row for row in refusals if row.action == audit.OVER_CAP]
    assert 1 <= len(over) <= len(audit.REFUSALS) and len({row.detail for row in over}) == len(over)
    # The one address alone: one row per interval, kind and name tried at most.
    one = [row for row in refusals if row.address == "203.0.113.9"]
    assert len(one) <= len(audit.REFUSALS) * 2 * (DAY // audit.REFUSALS_EVERY)
    # Real events: one row each, count 1, findable by what they are.
    assert [row.action for row in real].count("list") == lists == 24
    assert [row.action for row in real].count("sign-in") == lists
    assert all(row.count == 1 and row.source == "" for row in real)
    assert ("cli:ops", "export") in [(row.actor, row.action) for row in real]
    # No refusal row holds more than its interval's tries from its source: one /64 is one source.
    six = {row.source for row in refusals if row.address.startswith("2001:db8:0:1::")}
    assert len(six) == 1
    print(f"\n[{db_url.split(':', 1)[0]}] {sum(tries.values())} refused tries -> {len(refusals)} rows")


def test_the_audit_command_prints_a_refusals_count(sqlite_url: str) -> None:
    for n in range(7):
        refuse("nobody", "203.0.113.5", START + timedelta(seconds=n))
    out = io.StringIO()
    assert cli(["audit"], out=out, err=io.StringIO()) == 0
    lines = out.getvalue().splitlines()
    assert [line.split("\t")[2:] for line in lines] == [
        ["refused", "203.0.113.5", "5 times"],
        ["throttled", "203.0.113.5", "2 times"],
    ]
    with transaction() as session:
        assert session.exec(select(func.count()).select_from(StaffAudit)).one() == 2
