"""The documents an application needs, and the appeal against a refusal, stated once in the
approval's record (data/law/<id>.toml) and read by the service pages' checklists, the finder's
combined list and the glance box. A mistake names the file and the field."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from consultancy.content.law_check import document_problems, problems
from consultancy.content.loader import load_content
from consultancy.law.public import facts_of
from consultancy.law.review import computed_problems
from consultancy.law.status import NOT_SETTLED
from tests.data_files import copy_of_data, edit, expect_error

TODAY = date(2026, 11, 27)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return copy_of_data(tmp_path)


def test_a_pages_checklist_is_its_records_documents() -> None:
    content = load_content()
    record = content.law.records["consent-to-operate"]
    page = content.service("consent-to-operate")
    assert [i.name for i in page.checklist] == [d.name for d in record.documents]
    assert [i.description for i in page.checklist] == [d.description for d in record.documents]


def test_every_approval_a_page_or_the_finder_names_lists_its_documents() -> None:
    content = load_content()
    assert document_problems(content) == []
    named = {a for s in content.services for a in s.glance.approvals}
    named |= {r.id for r in content.law.records.values() if {a.id for a in content.finder.approvals} & set(r.finder)}
    assert all(content.law.records[a].documents for a in named)
    assert "groundwater-dlec" in named and "petroleum-district-licence" in named and "boiler" in named


def test_a_document_is_stated_once_a_page_names_it() -> None:
    """No page states again a document its records hold, under the same name."""
    content = load_content()
    for service in content.services:
        held = {
            " ".join(d.name.lower().split()) for a in service.glance.approvals for d in content.law.records[a].documents
        }
        assert not [w.name for w in service.work_documents if w.key in held], service.route


def test_a_page_about_one_stage_lists_that_stage_and_so_does_the_finder() -> None:
    content = load_content()
    fire = content.law.records["fire-safety-certificate"]
    plan = [d.name for d in fire.documents if d.when and "recommendation" in d.when]
    done = [d.name for d in fire.documents if d.when and "certificate" in d.when]
    assert len(plan) == len(done) == 4
    assert [i.name for i in content.service("fire-nocs").checklist] == plan
    assert [i.name for i in content.service("fire-licensing").checklist] == done
    results = {a.id: a for a in content.finder.approvals}
    assert [d.name for d in results["fire-noc"].documents] == plan
    assert [d.name for d in results["fire-licence"].documents] == done
    # A result with its own record reads that record, not the page it links to.
    dlec = content.law.records["groundwater-dlec"]
    assert [d.name for d in results["groundwater-dlec"].documents] == [d.name for d in dlec.documents]


def test_compliance_and_study_pages_keep_the_firms_own_list() -> None:
    content = load_content()
    page = content.service("consent-to-operate-compliance")
    assert page.work_documents and page.checklist == page.work_documents
    result = next(a for a in content.finder.approvals if a.id == "consent-to-operate-compliance")
    assert result.documents == page.checklist


def test_a_page_may_not_write_its_own_checklist(data_dir: Path) -> None:
    edit(
        data_dir / "services" / "consent-to-operate.toml",
        "# The checklist is",
        '[[checklist]]\nname = "A"\ndescription = "B"\n\n# The checklist is',
    )
    expect_error(data_dir, "consent-to-operate.toml", "field 'checklist'", "data/law/<id>.toml")


def test_a_page_may_not_state_a_records_document_again(data_dir: Path) -> None:
    edit(
        data_dir / "services" / "peso-compliance.toml", 'name = "Statutory registers"', 'name = "Statutory  REGISTERS"'
    )
    edit(
        data_dir / "law" / "peso-licence.toml",
        "[[documents]]",
        '[[documents]]\nname = "Statutory registers"\ndescription = "X."\n\n[[documents]]',
    )
    expect_error(data_dir, "peso-compliance.toml", "field 'work_documents[1]'", "Statutory  REGISTERS")


def test_a_page_naming_a_document_no_record_holds_fails(data_dir: Path) -> None:
    edit(data_dir / "services" / "fire-nocs.toml", '"Access and surroundings"', '"Access road"')
    expect_error(data_dir, "fire-nocs.toml", "field 'record_documents[1]'", "'Access road'", "fire-safety-certificate")


def test_a_record_document_without_a_description_names_the_field(data_dir: Path) -> None:
    edit(
        data_dir / "law" / "hazardous-waste.toml",
        'description = "Copy of the valid consent',
        'descr = "Copy of the valid consent',
    )
    expect_error(data_dir, "hazardous-waste.toml", "field 'documents[0].description' is missing")


def test_the_check_fails_on_a_named_approval_without_documents(data_dir: Path) -> None:
    path = data_dir / "law" / "groundwater-dlec.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("# What an application needs")], encoding="utf-8")
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/law/groundwater-dlec.toml: documents: none listed" in p and "groundwater-dlec" in p for p in found)


def test_the_check_scans_documents_for_doubt_words(data_dir: Path) -> None:
    edit(
        data_dir / "law" / "boiler.toml",
        'description = "The boiler maker',
        'description = "Believed to be the boiler maker',
    )
    found = [str(p) for p in problems(TODAY, data_dir)]
    assert any("data/law/boiler.toml: documents[0].description" in p and "Believed" in p for p in found)


def test_a_settled_appeal_is_stated_with_its_source_and_window() -> None:
    law = load_content().law
    for approval, section in [("consent-to-operate", "section 28"), ("environmental-clearance", "section 16")]:
        appeal = law.records[approval].appeal
        assert appeal is not None and appeal.status == "settled" and appeal.days == 30 and appeal.cites
        assert section in facts_of(law.records[approval], law, TODAY).appeal  # type: ignore[operator]


def test_an_appeal_that_is_not_settled_is_spoken_of_by_the_fixed_sentence() -> None:
    law = load_content().law
    appeal = law.records["hazardous-waste"].appeal
    assert appeal is not None and appeal.status == "unsettled" and appeal.days is None and appeal.text is None
    assert facts_of(law.records["hazardous-waste"], law, TODAY).appeal == NOT_SETTLED["appeal"]
    # A record without an appeal says nothing about one.
    assert facts_of(law.records["tank-testing"], law, TODAY).appeal is None


def test_an_unsettled_appeal_window_is_a_problem(data_dir: Path) -> None:
    edit(data_dir / "law" / "hazardous-waste.toml", '[appeal]\nnote = "', '[appeal]\ndays = 30\nnote = "')
    found = [str(p) for p in computed_problems(load_content(data_dir).law, TODAY)]
    assert found == ["data/law/hazardous-waste.toml: appeal: a unsettled window of 30 days"]


def test_a_record_lists_a_document_once(data_dir: Path) -> None:
    edit(
        data_dir / "law" / "boiler.toml", 'name = "Boiler house layout"', 'name = "Maker\'s certificate and  drawings"'
    )
    expect_error(data_dir, "boiler.toml", "documents[1].name", "already listed")
