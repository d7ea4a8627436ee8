"""`python -m consultancy.content.law_check`: facts by status and age, and the three failures it
guards against (a doubt word in public text, a date on an unsettled fact, a stale record)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from consultancy.content.law_check import main, problems
from consultancy.law import law
from consultancy.law.calendar import calendar_rules
from consultancy.law.review import computed_problems, find_doubts, summary
from consultancy.law.status import NOT_SETTLED, say
from tests.data_files import copy_of_data, edit

TODAY = date(2026, 11, 27)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return copy_of_data(tmp_path)


def test_the_site_passes_the_check() -> None:
    assert [str(p) for p in problems(TODAY)] == []


def test_the_check_prints_facts_by_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--today", TODAY.isoformat()]) == 0
    out = capsys.readouterr().out
    assert "settled" in out and "reported:" in out and "unsettled:" in out
    assert "clinical-establishment: validity[0]" in out
    lines = summary(law(), TODAY)
    assert lines[0].startswith(f"{len(law().records)} records")


@pytest.mark.parametrize(
    "phrase",
    ["still to be confirmed", "is believed to", "is reported to", "still being notified", "to verify",
     "(confidence medium)", "To be confirmed", "reportedly", "as we read it"],
)  # fmt: skip
def test_each_doubt_phrase_is_caught(phrase: str) -> None:
    assert find_doubts(f"The period {phrase} by the Board.")


def test_plain_professional_sentences_pass() -> None:
    for text in [*NOT_SETTLED.values(), "Every condition is written up with its status.", "Confirm with us first."]:
        assert find_doubts(text) == [], text


def test_a_doubt_word_on_a_service_page_names_its_file_and_field(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", 'question = "', 'question = "Is the period still to be confirmed? ')
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/services/cgwanoc.toml" in p and "faqs[0].question" in p and "to be confirmed" in p for p in found)


def test_a_doubt_word_in_a_records_public_text_is_caught_but_not_in_its_note(data_dir: Path) -> None:
    record = data_dir / "law" / "hazardous-waste.toml"
    edit(record, 'text = "5 years from the date', 'text = "Believed to be 5 years from the date')
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/law/hazardous-waste.toml" in p and "validity[0]" in p for p in found)
    edit(record, 'text = "Believed to be 5 years from the date', 'text = "5 years from the date')
    # Notes are for the editors: what is believed or reported belongs there, unseen.
    edit(record, 'note = "Set by the Board; amounts not read."', 'note = "Believed to be set yearly; reported only."')
    assert problems(TODAY, data_dir) == []


def test_a_record_not_reviewed_for_a_year_fails(data_dir: Path) -> None:
    edit(data_dir / "law" / "boiler.toml", "reviewed = 2026-11-27", "reviewed = 2025-10-01")
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/law/boiler.toml" in p and "reviewed 2025-10-01" in p for p in found)


def test_a_review_date_still_to_come_fails(data_dir: Path) -> None:
    edit(data_dir / "law" / "boiler.toml", "reviewed = 2026-11-27", "reviewed = 2026-12-05")
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/law/boiler.toml" in p and "has not come yet" in p for p in found)


def test_an_unsettled_period_never_reaches_the_calendar() -> None:
    """The records keep what is known of an open period (clinical establishments: 2 years in
    the 1994 Rules) but the calendar only ever receives settled numbers."""
    records = law()
    clinic = records.records["clinical-establishment"].validity[0]
    assert clinic.months == 24 and clinic.status == "unsettled"
    rules = calendar_rules(records, TODAY)
    assert rules["clinical-establishment"].periods[0].months is None
    assert rules["consent-to-establish"].periods[0].months is None  # 60 months, only reported
    assert rules["cgwa-noc"].lead is None  # 90 days, only reported
    assert computed_problems(records, TODAY) == []


def test_an_unsettled_fact_speaks_only_through_its_fixed_sentence() -> None:
    records = law()
    for record in records.records.values():
        for _field, fact in record.facts():
            if fact.status != "settled":
                assert say(fact, "fee") == NOT_SETTLED["fee"]
