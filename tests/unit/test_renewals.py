"""The renewal calendar's rules (consultancy/content/renewals.py) at their boundaries; the
browser's copy (components/renewal_calendar/renewals.js, run in Node) giving the same items
and the same .ics file byte for byte; that file read back by `icalendar` event by event and
by a second parser (vobject)."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
import vobject
from icalendar import Calendar

from consultancy.content import content
from consultancy.content.renewals import add_months, as_dicts, browser_data, expiry_of, ics, items, on_or_after

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
MODULE = ROOT / "consultancy" / "components" / "renewal_calendar" / "renewals.js"
RUNNER = Path(__file__).with_name("renewals_parity.mjs")
STAMP = datetime(2026, 11, 25, 4, 30, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (date(2024, 2, 29), 12, date(2025, 2, 28)),  # 29 February, a year on: 28 February
        (date(2024, 2, 29), 48, date(2028, 2, 29)),  # a leap year again keeps the 29th
        (date(2027, 1, 31), 1, date(2027, 2, 28)),  # month end held to the shorter month
        (date(2028, 1, 31), 1, date(2028, 2, 29)),
        (date(2026, 8, 31), 1, date(2026, 9, 30)),
        (date(2026, 12, 31), 60, date(2031, 12, 31)),  # across a year end
        (date(2026, 11, 25), 24, date(2028, 11, 25)),
    ],
)
def test_months_on_hold_to_month_end(start: date, months: int, expected: date) -> None:
    assert add_months(start, months) == expected


@pytest.mark.parametrize(
    ("month", "day", "today", "expected"),
    [
        (9, 30, date(2026, 9, 30), date(2026, 9, 30)),  # due today: still this year's
        (9, 30, date(2026, 10, 1), date(2027, 9, 30)),  # passed this year: next year's
        (6, 30, date(2026, 11, 25), date(2027, 6, 30)),
        (12, 1, date(2026, 11, 25), date(2026, 12, 1)),
        (6, 1, date(2026, 12, 31), date(2027, 6, 1)),
        (2, 29, date(2026, 1, 10), date(2026, 2, 28)),  # no 29 February this year: the 28th
        (2, 29, date(2027, 3, 1), date(2028, 2, 29)),
    ],
)
def test_a_return_passed_this_year_falls_next_year(month: int, day: int, today: date, expected: date) -> None:
    assert on_or_after(month, day, today) == expected


def test_varying_periods_take_only_the_expiry_date() -> None:
    cto = content().validity["cto"]
    assert cto.months is None
    with pytest.raises(ValueError, match="expiry"):
        expiry_of(cto, date(2026, 1, 1), "issue")
    # Asked for the issue date anyway, the rules read the date as the expiry: never a guess.
    dated, _ = items(content().validity, {"cto": {"date": "2027-03-31", "kind": "issue"}}, date(2026, 11, 25))
    renewal = next(i for i in dated if i.kind == "renewal")
    assert renewal.date == "2027-01-30"  # 60 days before 31 March 2027
    assert "the date on your certificate" in renewal.rule


def test_lead_time_and_overdue_first() -> None:
    today = date(2026, 11, 25)
    held = {
        "ec": {"date": "2016-11-26", "kind": "issue"},  # expired 2026-11-26, no lead: due tomorrow
        "fire-certificate": {"date": "2024-02-29", "kind": "issue"},  # expired 28 Feb 2026: overdue
        "pcpndt": {"date": "2021-12-24", "kind": "issue"},  # expires 24 Dec 2026, 30 days ahead: today
        "cgwa-noc": {"date": "2026-11-24", "kind": "expiry"},  # 90 days before: long overdue
    }
    dated, _ = items(content().validity, held, today)
    renewals = [(i.approval, i.date, i.overdue) for i in dated if i.kind == "renewal"]
    assert renewals == [
        ("fire-certificate", "2026-02-28", True),
        ("cgwa-noc", "2026-08-26", True),
        ("pcpndt", "2026-11-24", True),
        ("ec", "2026-11-26", False),
    ]
    overdue = [i for i in dated if i.overdue]
    assert [i.approval for i in overdue] == ["fire-certificate", "cgwa-noc", "pcpndt"]
    assert dated[: len(overdue)] == overdue
    assert [i.date for i in dated[len(overdue) :]] == sorted(i.date for i in dated[len(overdue) :])
    pcpndt = next(i for i in dated if i.approval == "pcpndt")
    assert pcpndt.date == "2026-11-24"  # 24 December less 30 days
    ec = next(i for i in dated if i.approval == "ec" and i.kind == "renewal")
    assert (ec.date, ec.overdue) == ("2026-11-26", False)


def test_returns_come_with_their_status() -> None:
    today = date(2026, 11, 25)
    dated, undated = items(
        content().validity,
        {
            "cto": {"date": "", "kind": "expiry"},
            "hazardous-waste": {"date": "", "kind": "expiry"},
            "ec": {"date": "", "kind": "issue"},
        },
        today,
    )
    found = {(i.approval, i.date, i.status) for i in dated}
    assert found == {
        ("cto", "2027-09-30", "verified"),
        ("hazardous-waste", "2027-06-30", "to verify"),
        ("ec", "2026-12-01", "verified"),
        ("ec", "2027-06-01", "verified"),
    }
    assert [u["name"] for u in undated] == ["Manifest for every consignment sent out"]


HELD = [
    {},
    {"cto": {"date": "2027-01-31", "kind": "expiry"}, "fire-certificate": {"date": "2024-02-29", "kind": "issue"}},
    {"ec": {"date": "2017-01-31", "kind": "issue"}, "pcpndt": {"date": "2022-12-25", "kind": "expiry"}},
    {a: {"date": "2025-02-28", "kind": "issue"} for a in content().validity},
    {a: {"date": "not a date", "kind": "issue"} for a in content().validity},
    {"nope": {"date": "2026-01-01", "kind": "issue"}, "bio-medical-waste": {"date": "2026-11-25", "kind": "expiry"}},
]
TODAYS = ["2026-11-25", "2026-09-30", "2026-10-01", "2028-02-29", "2027-01-01"]


def _node(tmp_path: Path, cases: list[dict]) -> list[dict]:
    # Node reads a .js file as CommonJS; the page ships an ES module, so test a .mjs copy.
    shutil.copy(MODULE, tmp_path / "renewals.mjs")
    payload = json.dumps({"data": browser_data(), "cases": cases, "stamp": STAMP.isoformat()})
    command = [str(NODE), str(RUNNER), str(tmp_path / "renewals.mjs")]
    run = subprocess.run(command, input=payload, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_browser_gives_the_same_items_and_file(tmp_path: Path) -> None:
    cases = [{"held": held, "today": today} for held in HELD for today in TODAYS]
    data = browser_data()
    for case, browser in zip(cases, _node(tmp_path, cases), strict=True):
        dated, undated = items(content().validity, case["held"], date.fromisoformat(case["today"]))
        assert browser["dated"] == as_dicts(dated), case
        assert browser["undated"] == undated, case
        python_file = ics(dated, data["firm"], data["phone"], data["domain"], STAMP)
        assert browser["ics"].encode() == python_file, case


def test_the_browser_file_reads_back_event_by_event(tmp_path: Path) -> None:
    held = HELD[3]
    today = "2026-11-25"
    browser = _node(tmp_path, [{"held": held, "today": today}])[0]
    text: str = browser["ics"]
    raw = text.encode()
    # RFC 5545: CRLF line ends, no line over 75 octets.
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 75
    dated, _ = items(content().validity, held, date.fromisoformat(today))
    phone = content().site.phone
    cal = Calendar.from_ical(raw)
    events = cal.walk("VEVENT")
    assert len(events) == len(dated) > 5
    uids = set()
    for event, item in zip(events, dated, strict=True):
        assert event.decoded("dtstart") == date.fromisoformat(item.date)
        assert event.decoded("dtend") == date.fromisoformat(item.date) + timedelta(days=1)
        assert str(event["summary"]) == item.title
        assert item.rule in str(event["description"]) and phone in str(event["description"])
        alarm = event.walk("VALARM")[0]
        assert alarm.decoded("trigger") == timedelta(days=-14) and str(alarm["action"]) == "DISPLAY"
        uids.add(str(event["uid"]))
    assert len(uids) == len(events)
    # A second, independent parser reads the same events.
    parsed = vobject.readOne(text)
    second = parsed.vevent_list
    expected = [(date.fromisoformat(i.date), i.title) for i in dated]
    assert [(e.dtstart.value, e.summary.value) for e in second] == expected
    assert all(e.valarm.trigger.value == timedelta(days=-14) for e in second)
