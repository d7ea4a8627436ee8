"""The renewal calendar's rules (consultancy/content/renewals.py) at their boundaries; the
browser's copy (components/renewal_calendar/renewals.js, run in Node) giving the same items
and the same .ics file byte for byte; that file read back by `icalendar` event by event and
by a second parser (vobject)."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
import vobject
from icalendar import Calendar

from consultancy.content import content
from consultancy.content.renewals import add_months, as_dicts, browser_data, expiry_of, ics, items, on_or_after
from consultancy.law.calendar import Period
from consultancy.law.check import find_doubts
from consultancy.law.status import NOT_SETTLED

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
    cto = content().validity["consent-to-operate"]
    assert cto.months is None
    with pytest.raises(ValueError, match="expiry"):
        expiry_of(cto, date(2026, 1, 1), "issue")
    # Asked for the issue date anyway, the rules read the date as the expiry: never a guess.
    # The Board's 2-month lead is only reported, so the date itself is the deadline.
    dated, _ = items(
        content().validity, {"consent-to-operate": {"date": "2027-03-31", "kind": "issue"}}, date(2026, 11, 25)
    )
    renewal = next(i for i in dated if i.kind == "renewal")
    assert renewal.date == "2027-03-31"
    assert "the date on your certificate" in renewal.rule
    assert NOT_SETTLED["renewal"] in renewal.rule


def test_an_id_from_before_the_records_still_finds_its_approval() -> None:
    """Lists saved in browsers and reminder subscriptions hold the ids approvals had before the records."""
    dated, _ = items(content().validity, {"cto": {"date": "2027-03-31", "kind": "expiry"}}, date(2026, 11, 25))
    assert {i.approval for i in dated} == {"consent-to-operate"}
    assert "fire-certificate" in content().validity and "cte" in content().validity


def test_unsettled_periods_never_compute_a_date() -> None:
    """Fire (residential periods announced, not gazetted) and clinical establishments (2 years
    or 5 under draft rules): the calendar only takes the printed expiry."""
    for approval in ("fire-safety-certificate", "clinical-establishment", "cgwa-noc", "airport-height", "boiler"):
        rule = content().validity[approval]
        assert rule.months is None and rule.why, approval
        dated, _ = items(content().validity, {approval: {"date": "2025-01-01", "kind": "issue"}}, date(2026, 11, 25))
        renewal = next(i for i in dated if i.kind == "renewal")
        assert renewal.date == "2025-01-01" and "runs" not in renewal.rule, approval


def test_an_issue_date_before_any_settled_period_asks_for_the_expiry() -> None:
    rule = replace(
        content().validity["hazardous-waste"],
        periods=(Period("2016-04-04", None), Period("2026-01-01", 36)),
    )
    dated, undated = items(
        {"x": replace(rule, id="x", filings=())}, {"x": {"date": "2025-06-01", "kind": "issue"}}, date(2026, 11, 25)
    )
    assert dated == [] and undated[0]["due"] == rule.why
    dated, _ = items(
        {"x": replace(rule, id="x", filings=())}, {"x": {"date": "2026-06-01", "kind": "issue"}}, date(2026, 11, 25)
    )
    assert dated[0].date == "2029-06-01"


def test_lead_time_and_overdue_first() -> None:
    today = date(2026, 11, 25)
    held = {
        "hazardous-waste": {"date": "2021-11-26", "kind": "issue"},  # 5 years: expires tomorrow, no lead
        "fire-safety-certificate": {"date": "2026-02-28", "kind": "expiry"},  # printed expiry: overdue
        "pcpndt": {"date": "2021-12-24", "kind": "issue"},  # expires 24 Dec 2026, 30 days ahead: yesterday
        "cgwa-noc": {"date": "2026-11-24", "kind": "expiry"},  # the 90 days are only reported: the date itself
    }
    dated, _ = items(content().validity, held, today)
    renewals = [(i.approval, i.date, i.overdue) for i in dated if i.kind == "renewal"]
    assert renewals == [
        ("fire-safety-certificate", "2026-02-28", True),
        ("cgwa-noc", "2026-11-24", True),
        ("pcpndt", "2026-11-24", True),
        ("hazardous-waste", "2026-11-26", False),
    ]
    overdue = [i for i in dated if i.overdue]
    assert [i.approval for i in overdue] == ["fire-safety-certificate", "cgwa-noc", "pcpndt"]
    assert dated[: len(overdue)] == overdue
    assert [i.date for i in dated[len(overdue) :]] == sorted(i.date for i in dated[len(overdue) :])


def test_each_return_cites_its_own_source() -> None:
    """The environmental statement rests on rule 14 of the 1986 Rules, not on the consent guidelines."""
    today = date(2026, 11, 25)
    dated, undated = items(
        content().validity,
        {
            "consent-to-operate": {"date": "", "kind": "expiry"},
            "hazardous-waste": {"date": "", "kind": "expiry"},
            "environmental-clearance": {"date": "", "kind": "issue"},
        },
        today,
    )
    found = {(i.approval, i.date, i.source[:24]) for i in dated}
    assert found == {
        ("consent-to-operate", "2027-09-30", "Environment (Protection)"),
        ("hazardous-waste", "2027-06-30", "Hazardous and Other Wast"),
        ("hazardous-waste", "2027-09-30", "Environment (Protection)"),
        ("environmental-clearance", "2026-12-01", "EIA Notification, 2006 ("),
        ("environmental-clearance", "2027-06-01", "EIA Notification, 2006 ("),
    }
    assert [u["name"] for u in undated] == ["Manifest for every consignment sent out"]


def test_a_recent_change_in_the_law_is_named_with_the_date() -> None:
    dated, _ = items(
        content().validity, {"consent-to-operate": {"date": "2027-03-31", "kind": "expiry"}}, date(2026, 11, 25)
    )
    renewal = next(i for i in dated if i.kind == "renewal")
    assert "Consent to operate valid until cancelled" in renewal.rule and "27 Jan 2026" in renewal.rule
    # Two years on, it is no longer news.
    dated, _ = items(
        content().validity, {"consent-to-operate": {"date": "2029-03-31", "kind": "expiry"}}, date(2028, 3, 1)
    )
    assert "until cancelled" not in next(i for i in dated if i.kind == "renewal").rule


def test_no_calendar_text_carries_a_doubt_word() -> None:
    data = browser_data()
    text = json.dumps(data)
    assert find_doubts(text) == []
    for held in HELD:
        dated, undated = items(content().validity, held, date(2026, 11, 25))
        ics_text = ics(dated, data["firm"], data["phone"], data["domain"], STAMP).decode()
        assert find_doubts(ics_text + json.dumps(undated)) == []


HELD = [
    {},
    {"cto": {"date": "2027-01-31", "kind": "expiry"}, "fire-certificate": {"date": "2024-02-29", "kind": "issue"}},
    {"hazardous-waste": {"date": "2022-01-31", "kind": "issue"}, "pcpndt": {"date": "2022-12-25", "kind": "expiry"}},
    {"consent-to-operate": {"date": "2026-06-30", "kind": "expiry"}, "pcpndt": {"date": "2024-02-29", "kind": "issue"}},
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
    held = HELD[4]
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
