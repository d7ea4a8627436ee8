"""The renewal calendar's rules (consultancy/content/renewals/__init__.py) at their boundaries; the
browser's copy (components/renewal_calendar/renewals.js, run in Node) giving the same items
and the same .ics file byte for byte; that file read back event by event, alarms and repeats
included, by three independent parsers: `icalendar`, `vobject` and Mozilla's ical.js."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
import vobject
from icalendar import Calendar

from consultancy.content import content
from consultancy.content.renewals import (
    Item,
    add_months,
    advice_for,
    as_dicts,
    browser_data,
    expiry_of,
    ics,
    items,
    on_or_after,
    page,
)
from consultancy.law import law
from consultancy.law.calendar import Period, finder_calendar_ids
from consultancy.law.review import find_doubts
from consultancy.law.status import NOT_SETTLED

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
MODULE = ROOT / "consultancy" / "components" / "renewal_calendar" / "renewals.js"
RUNNER = Path(__file__).with_name("renewals_parity.mjs")
ICALJS_RUNNER = Path(__file__).with_name("ics_icaljs.mjs")
ICALJS = ROOT / ".tools" / "node_modules" / "ical.js" / "dist" / "ical.js"
# 10:00 in Kolkata: an overdue item's alarm goes to 9:00 the next morning.
STAMP = datetime(2026, 11, 25, 4, 30, 0, tzinfo=UTC)
# 07:30 and 01:30 (the next day) in Kolkata: the same morning's 9:00.
STAMPS = [STAMP, datetime(2026, 11, 25, 2, 0, tzinfo=UTC), datetime(2026, 11, 25, 20, 0, tzinfo=UTC)]


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
    fire = content().validity["fire-safety-certificate"]
    assert fire.months is None
    with pytest.raises(ValueError, match="expiry"):
        expiry_of(fire, date(2026, 1, 1), "issue")
    # Asked for the issue date anyway, the rules read the date as the expiry: never a guess.
    dated, _ = items(
        content().validity, {"fire-safety-certificate": {"date": "2027-03-31", "kind": "issue"}}, date(2026, 11, 25)
    )
    renewal = next(i for i in dated if i.kind == "renewal")
    assert renewal.expires == "2027-03-31" and renewal.date < renewal.expires
    assert "the date on your certificate" in renewal.rule


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
        assert renewal.expires == "2025-01-01" and "runs" not in renewal.rule, approval
        assert renewal.date < renewal.expires and renewal.overdue, approval


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
    # Expires 1 Jun 2029; the hazardous-waste Board's 120 days to decide set the apply-by date.
    assert (dated[0].expires, dated[0].date) == ("2029-06-01", "2029-02-01")


def test_lead_time_and_overdue_first() -> None:
    today = date(2026, 11, 25)
    held = {
        "hazardous-waste": {"date": "2022-06-26", "kind": "issue"},  # expires 26 Jun 2027; five months advised
        "fire-safety-certificate": {"date": "2026-02-28", "kind": "expiry"},  # lapsed: overdue
        "pcpndt": {"date": "2022-03-24", "kind": "issue"},  # expires 24 Mar 2027, 30 days by law, three advised
        "cgwa-noc": {"date": "2027-02-24", "kind": "expiry"},  # the 90 days are only reported: the firm's three months
    }
    dated, _ = items(content().validity, held, today)
    renewals = [(i.approval, i.date, i.overdue) for i in dated if i.kind == "renewal"]
    assert renewals == [
        ("fire-safety-certificate", "2025-11-28", True),
        ("cgwa-noc", "2026-11-24", True),
        ("pcpndt", "2026-12-24", False),
        ("hazardous-waste", "2027-01-26", False),
    ]
    pcpndt = next(i for i in dated if i.approval == "pcpndt" and i.kind == "renewal")
    # The law's own lead is still said, after the firm's advice that set the date.
    assert pcpndt.rule.index("We advise applying three months") < pcpndt.rule.index(
        content().validity["pcpndt"].renewal
    )
    overdue = [i for i in dated if i.overdue]
    assert [i.approval for i in overdue] == ["fire-safety-certificate", "cgwa-noc"]
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
    # No expiry since 2026, a retention fee every five years (due, overdue, undated), the D-1.
    {
        "consent-to-operate": {"date": "2026-03-01", "kind": "issue"},
        "drug-licence": {"date": "2022-01-10", "kind": "issue"},
        "drug-manufacturing-licence": {"date": "2024-02-29", "kind": "issue"},
        "fssai": {
            "date": "2027-03-31",
            "kind": "expiry",
            "files": ["Annual return (Form D-1), manufacturers and importers"],
        },
        "hazardous-waste": {"date": "2028-06-30", "kind": "expiry"},
    },
    {
        "drug-licence": {"date": "", "kind": "issue"},
        "fssai": {"date": "2027-03-31", "kind": "expiry", "files": "not a list"},
        "consent-to-operate": {"date": "2025-12-31", "kind": "issue"},
    },
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
    cases = [
        {"held": held, "today": today, "stamp": stamp.isoformat()}
        for held in HELD
        for today in TODAYS
        for stamp in STAMPS
    ]
    data = browser_data()
    for case, browser in zip(cases, _node(tmp_path, cases), strict=True):
        dated, undated = items(content().validity, case["held"], date.fromisoformat(case["today"]))
        assert browser["dated"] == as_dicts(dated), case
        assert browser["undated"] == undated, case
        python_file = ics(dated, data["firm"], data["phone"], data["domain"], datetime.fromisoformat(case["stamp"]))
        assert browser["ics"].encode() == python_file, case


# Every approval issued on 28 Feb 2025 (several renewals overdue on 25 Nov 2026; returns
# repeating with no end, across the renewals; the consent to operate with no expiry; the drug
# licences' retention fee every five years), the environmental clearance with no date, a
# renewal due within the alarm's 14 days, and the FSSAI licence of a manufacturer.
READ_BACK = {a: {"date": "2025-02-28", "kind": "issue"} for a in content().validity} | {
    "environmental-clearance": {"date": "", "kind": "issue"},
    "pcpndt": {"date": "2022-03-04", "kind": "issue"},
    "fssai": {
        "date": "2028-01-31",
        "kind": "expiry",
        "files": ["Annual return (Form D-1), manufacturers and importers"],
    },
}
INTERNAL = re.compile(r"\b(?:settled|unsettled|reported|status|confidence|TODO|internal)\b", re.I)


def _icaljs(text: str) -> list[dict]:
    assert ICALJS.exists(), f"{ICALJS} is missing: make {ICALJS.relative_to(ROOT).parent.parent / 'package.json'}"
    command = [str(NODE), str(ICALJS_RUNNER), str(ICALJS)]
    return json.loads(subprocess.run(command, input=text, capture_output=True, text=True, check=True).stdout)


def _vobject_dates(event: vobject.base.Component) -> list[date]:
    """The first 12 occurrences as vobject expands them (a one-off event has no rule set)."""
    rules = event.getrruleset(addRDate=True)
    return [event.dtstart.value] if rules is None else [d.date() for d in itertools.islice(rules, 12)]


def _expected(item: Item, morning: datetime) -> dict:
    """What every parser must read for one item, worked out here from the item alone."""
    due = date.fromisoformat(item.date)
    morning_day = (morning + timedelta(hours=5, minutes=30)).date()
    repeating = item.every > 0 and not item.overdue
    repeats = [add_months(due, 12 * item.every * n) for n in range(12)] if repeating else [due]
    triggers: list[timedelta | datetime] = [] if item.overdue else [timedelta(days=-14)]
    if item.overdue or due - timedelta(days=14) <= morning_day:
        triggers.append(morning)
    return {
        "title": f"Overdue: {item.title}" if item.overdue else item.title,
        "start": morning_day if item.overdue else due,
        "repeats": [morning_day] if item.overdue else repeats,
        "repeating": repeating,
        "triggers": triggers,
    }


def test_the_file_reads_the_same_in_three_parsers(tmp_path: Path) -> None:
    today = "2026-11-25"
    text: str = _node(tmp_path, [{"held": READ_BACK, "today": today}])[0]["ics"]
    raw = text.encode()
    # RFC 5545: CRLF line ends, no line over 75 octets.
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 75
    dated, _ = items(content().validity, READ_BACK, date.fromisoformat(today))
    morning = datetime(2026, 11, 26, 3, 30, tzinfo=UTC)  # 9:00 in Kolkata, the morning after STAMP
    expected = [_expected(item, morning) for item in dated]
    # The file covers every case this test is about: overdue renewals, a renewal within the
    # alarm's days, yearly returns repeating past an expiry, a fee every five years, the D-1.
    assert any(i.overdue and i.kind == "renewal" for i in dated)
    assert any(not i.overdue and len(e["triggers"]) == 2 for i, e in zip(dated, expected, strict=True))
    assert any(i.every == 1 and i.approval == "hazardous-waste" for i in dated)
    assert any(i.every == 5 and i.approval == "drug-licence" for i in dated)
    assert any("Form D-1" in i.title for i in dated)
    assert not any(i.kind == "renewal" and i.approval in ("consent-to-operate", "drug-licence") for i in dated)
    site = content().site.site_url.split("//", 1)[1].split("/", 1)[0]
    phone = content().site.phone

    first = Calendar.from_ical(raw).walk("VEVENT")
    second = vobject.readOne(text).vevent_list
    third = _icaljs(text)
    assert len(first) == len(second) == len(third) == len(dated) > 5
    for one, two, three, item, want in zip(first, second, third, dated, expected, strict=True):
        uid = f"{item.uid}@{site}"
        assert str(one["uid"]) == two.uid.value == three["uid"] == uid
        assert str(one["summary"]) == two.summary.value == three["summary"] == want["title"]
        assert one.decoded("dtstart") == two.dtstart.value == want["start"]
        assert three["start"] == want["start"].isoformat() and three["allDay"]
        assert three["end"] == (want["start"] + timedelta(days=1)).isoformat()
        # Occurrences: vobject and ical.js expand the RRULE; icalendar reads its parts.
        assert _vobject_dates(two) == want["repeats"]
        assert three["occurrences"] == [d.isoformat() for d in want["repeats"]]
        rrule = one.get("rrule")
        if not want["repeating"]:
            assert rrule is None and three["rrule"] is None
        else:
            # No end: a return is filed while the approval is held, renewed or not.
            assert rrule["FREQ"] == ["YEARLY"] and "UNTIL" not in rrule and "COUNT" not in rrule
            assert rrule.get("INTERVAL", [1]) == [item.every]
        # Alarms: the usual one 14 days before, and one that can still fire when that is past.
        triggers = [a.decoded("trigger") for a in one.walk("VALARM")]
        assert triggers == want["triggers"]
        assert [a.trigger.value for a in two.valarm_list] == want["triggers"]
        assert [a["trigger"] for a in three["alarms"]] == [
            "-P14D" if isinstance(t, timedelta) else t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in want["triggers"]
        ]
        assert all(t > STAMP for t in triggers if isinstance(t, datetime))
        # The description: the rule, its source, the firm's phone; no internal label.
        for description in (str(one["description"]), two.description.value, three["description"]):
            assert item.rule in description and phone in description
            assert find_doubts(description) == [] and INTERNAL.findall(description) == [], description


def test_a_return_due_on_29_february_repeats_on_februarys_last_day(tmp_path: Path) -> None:
    rule = content().validity["hazardous-waste"]
    leap = replace(rule, id="x", filings=(replace(rule.filings[0], month=2, day=29),))
    dated, _ = items({"x": leap}, {"x": {"date": "", "kind": "expiry"}}, date(2027, 12, 1))
    assert [i.date for i in dated] == ["2028-02-29"]
    data = browser_data()
    text = ics(dated, data["firm"], data["phone"], data["domain"], STAMP).decode()
    expected = ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]
    assert [d.isoformat() for d in _vobject_dates(vobject.readOne(text).vevent)][:5] == expected
    assert _icaljs(text)[0]["occurrences"][:5] == expected


# --- issue 51, item 5: the calendar never lets a client lapse ----------------------------

TODAY = date(2026, 11, 25)
D1 = "Annual return (Form D-1), manufacturers and importers"


@pytest.mark.parametrize("approval", sorted(content().validity))
def test_the_apply_by_date_is_never_the_expiry_day(approval: str) -> None:
    """Whatever the law settles, the firm's advice (data, with its reason) sets a date before
    the expiry, and says it is the firm's advice."""
    dated, _ = items(content().validity, {approval: {"date": "2028-06-30", "kind": "expiry"}}, TODAY)
    renewal = next(i for i in dated if i.kind == "renewal")
    advice = advice_for(approval)
    assert renewal.expires == "2028-06-30"
    assert renewal.date <= add_months(date(2028, 6, 30), -advice.months_before).isoformat()
    assert "We advise applying" in renewal.rule and advice.reason in renewal.rule
    assert NOT_SETTLED["renewal"] not in renewal.rule


def test_the_firms_advice_is_data_with_a_reason_for_known_approvals() -> None:
    assert set(page().advice) <= set(content().validity) | {"default"}
    assert all(a.reason and a.months_before >= 1 for a in page().advice.values())


def test_a_consent_granted_since_27_january_2026_has_no_renewal() -> None:
    """Valid until cancelled (the 2026 amendment): its returns only; granted before, the
    calendar asks for the expiry printed on it; with an expiry, the firm's four months."""
    rules = content().validity
    assert rules["consent-to-operate"].open_on("2026-01-27") and not rules["consent-to-operate"].open_on("2026-01-26")
    dated, undated = items(rules, {"consent-to-operate": {"date": "2026-03-01", "kind": "issue"}}, TODAY)
    assert [(i.kind, i.date, i.every) for i in dated] == [("filing", "2027-09-30", 1)]
    assert undated == []
    dated, undated = items(rules, {"consent-to-operate": {"date": "2025-06-01", "kind": "issue"}}, TODAY)
    assert [i.kind for i in dated] == ["filing"]
    assert undated == [
        {
            "approval": "consent-to-operate",
            "name": "Apply to renew: Consent to operate",
            "due": rules["consent-to-operate"].why,
        }
    ]
    dated, _ = items(rules, {"consent-to-operate": {"date": "2027-03-31", "kind": "expiry"}}, TODAY)
    renewal = next(i for i in dated if i.kind == "renewal")
    assert (renewal.date, renewal.expires, renewal.overdue) == ("2026-11-30", "2027-03-31", False)
    assert "We advise applying four months before the expiry" in renewal.rule


def test_hazardous_waste_is_filed_before_the_boards_120_days() -> None:
    """Rule 6(2): the Board has 120 days. The firm's five months come earlier still; with
    less advice than that, the Board's time sets the date and its sentence comes first."""
    rules = content().validity
    assert rules["hazardous-waste"].decision == 120
    dated, _ = items(rules, {"hazardous-waste": {"date": "2023-06-30", "kind": "issue"}}, TODAY)
    renewal = next(i for i in dated if i.kind == "renewal")
    assert (renewal.date, renewal.expires) == ("2028-01-30", "2028-06-30")
    assert rules["hazardous-waste"].decision_text in renewal.rule
    short = {"x": replace(rules["hazardous-waste"], id="x")}  # the default advice: three months
    assert advice_for("x").months_before * 31 < 120
    dated, _ = items(short, {"x": {"date": "2023-06-30", "kind": "issue"}}, TODAY)
    renewal = next(i for i in dated if i.kind == "renewal")
    assert renewal.date == (date(2028, 6, 30) - timedelta(days=120)).isoformat() == "2028-03-02"
    assert renewal.rule.split(". ", 1)[1].startswith(rules["hazardous-waste"].decision_text)


def test_a_drug_licence_pays_its_retention_fee_not_a_renewal() -> None:
    """Perpetual since G.S.R. 1337(E) with a retention fee every five years from the issue
    (reported: the firm's advice schedules it, and says so)."""
    record = law().records["drug-licence"]
    latest = record.validity[-1]
    assert latest.until_cancelled and latest.status == "reported" and latest.since == date(2017, 10, 27)
    assert "1337(E)" in record.sources[latest.cites[0].source].title
    dated, undated = items(content().validity, {"drug-licence": {"date": "2019-02-15", "kind": "issue"}}, TODAY)
    assert [(i.kind, i.title, i.date, i.every, i.overdue) for i in dated] == [
        ("filing", "Pay: Licence retention fee", "2028-12-15", 5, False)
    ]
    assert "We advise paying it every 5 years" in dated[0].rule and "15 Feb 2029" in dated[0].rule
    assert undated == []
    # Due within the firm's two months: kept, flagged overdue, before the fee falls due.
    dated, _ = items(content().validity, {"drug-licence": {"date": "2022-01-10", "kind": "issue"}}, TODAY)
    assert [(i.date, i.overdue) for i in dated] == [("2026-11-10", True)]
    # Without the issue date the fee cannot be dated: the calendar asks for it.
    _, undated = items(content().validity, {"drug-licence": {"date": "", "kind": "issue"}}, TODAY)
    assert undated == [
        {"approval": "drug-licence", "name": "Licence retention fee", "due": "Give the issue date above to date it."}
    ]


def test_an_overdue_approval_is_kept_flagged_and_on_the_first_morning() -> None:
    rules = content().validity
    held = {
        "fire-safety-certificate": {"date": "2026-12-01", "kind": "expiry"},
        "boiler": {"date": "2026-10-01", "kind": "expiry"},
    }
    dated, _ = items(rules, held, TODAY)
    assert [(i.approval, i.overdue, i.expires) for i in dated] == [
        ("boiler", True, "2026-10-01"),  # lapsed: its expiry is past too
        ("fire-safety-certificate", True, "2026-12-01"),  # still valid, but past the date to apply
    ]
    data = browser_data()
    raw = ics(dated, data["firm"], data["phone"], data["domain"], STAMP)
    events = Calendar.from_ical(raw).walk("VEVENT")
    assert [str(e["summary"]) for e in events] == [f"Overdue: {i.title}" for i in dated]
    assert {e.decoded("dtstart") for e in events} == {date(2026, 11, 26)}
    assert [e.summary.value for e in vobject.readOne(raw.decode()).vevent_list] == [str(e["summary"]) for e in events]


def test_yearly_returns_repeat_across_a_renewal() -> None:
    """The authorisation expires on 31 Jan 2027 and will be renewed: its returns go on."""
    dated, _ = items(content().validity, {"hazardous-waste": {"date": "2022-01-31", "kind": "issue"}}, TODAY)
    form4 = next(i for i in dated if i.title == "File: Annual return in Form 4")
    assert form4.date == "2027-06-30" and form4.every == 1
    data = browser_data()
    raw = ics([form4], data["firm"], data["phone"], data["domain"], STAMP)
    event = Calendar.from_ical(raw).walk("VEVENT")[0]
    assert "UNTIL" not in event["rrule"]
    expected = [date(y, 6, 30) for y in range(2027, 2039)]
    assert _vobject_dates(vobject.readOne(raw.decode()).vevent) == expected


def test_the_fssai_return_is_only_for_manufacturers_and_importers() -> None:
    rules = content().validity
    dated, undated = items(rules, {"fssai": {"date": "2028-01-31", "kind": "expiry"}}, TODAY)
    assert not any("D-1" in i.title for i in dated)
    assert undated == [
        {
            "approval": "fssai",
            "name": D1,
            "due": "Only for licence holders who manufacture or import food: tick it above if it applies to you.",
        }
    ]
    dated, undated = items(rules, {"fssai": {"date": "2028-01-31", "kind": "expiry", "files": [D1]}}, TODAY)
    assert [i.title for i in dated if i.kind == "filing"] == [f"File: {D1}"] and undated == []


def test_the_finder_hands_over_only_the_approvals_it_listed() -> None:
    """The factory result used to tick the boiler and the building plan too (its service
    page's glance box), the PESO one the district petroleum licence."""
    results = [a.id for a in content().finder.approvals]
    ids = dict(zip(results, finder_calendar_ids(law(), results), strict=True))
    assert ids["factory-licence"] == ["factory-licence"]
    assert ids["boiler"] == ["boiler"]
    for result, approval_ids in ids.items():
        for approval_id in approval_ids:
            assert result in law().records[approval_id].finder, (result, approval_id)
    assert all("petroleum-district-licence" not in v for k, v in ids.items() if k != "petroleum-district-licence")
