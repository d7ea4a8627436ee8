"""The finder's order of work, the firm's studies, "Don't know" and the home page's industry
tiles: the data fields that carry them (data/finder.toml) and what they mean."""

from __future__ import annotations

import pytest

from consultancy.content import content
from consultancy.content.finder import DONT_KNOW, STAGES, FinderPage

FINDER = content().finder


def _ids(page: FinderPage, indexes: list[int]) -> list[str]:
    return [page.approvals[n].id for n in indexes]


def test_results_follow_the_order_of_work() -> None:
    order = _ids(FINDER, FINDER.in_work_order())
    assert sorted(order) == sorted(a.id for a in FINDER.approvals)
    # The site first, then forest and environmental clearance, the consent to establish, the
    # building's own approvals, water, what is needed to start operating, then compliance.
    before = [
        ("feasibility", "forest-clearance"),
        ("forest-clearance", "environmental-clearance"),
        ("environmental-clearance", "consent-to-establish"),
        ("consent-to-establish", "building-plan"),
        ("consent-to-establish", "fire-noc"),
        ("fire-noc", "cgwa-noc"),
        ("airport-height", "water-allocation"),
        ("water-allocation", "consent-to-operate"),
        ("cgwa-noc", "fire-licence"),
        ("consent-to-operate", "consent-to-operate-compliance"),
        ("fire-licence", "peso-compliance"),
    ]
    for first, then in before:
        assert order.index(first) < order.index(then), (first, then)
    stages = list(STAGES)
    keys = [stages.index(FINDER.approvals[n].stage) for n in FINDER.in_work_order()]
    assert keys == sorted(keys)


def test_every_renewal_is_in_the_compliance_stage_and_studies_are_the_firms_own() -> None:
    for approval in FINDER.approvals:
        if approval.id.endswith("-compliance") or approval.id == "tank-testing":
            assert approval.stage == "compliance", approval.id
    assert {a.id for a in FINDER.approvals if a.study} == {
        "feasibility",
        "environment-impact-assessment",
        "architectural-plans",
    }


def test_dont_know_reads_as_blank_and_leaves_the_approval_undecided() -> None:
    hotel = {"activity": "hotel", "stage": "new", "premises": "build", "built_up_area": "6000", "basement_area": "0"}
    fire = next(a for a in FINDER.approvals if a.id == "fire-noc")
    assert next(q for q in FINDER.questions if q.id == "height").dont_know
    blank = FINDER.outcome(fire, hotel)
    unsure = FINDER.outcome(fire, {**hotel, "height": DONT_KNOW})
    # 6,000 m2 of hotel already needs the recommendation whatever its height.
    assert unsure == blank == FINDER.outcome(fire, {**hotel, "height": ""})
    office = {"activity": "office", "stage": "new", "premises": "build", "built_up_area": "300", "basement_area": "0"}
    status, notes = FINDER.outcome(fire, {**office, "height": DONT_KNOW})
    assert status == "undecided"
    assert "Height of the tallest building" in notes[0]
    assert FINDER.open_questions({**office, "height": DONT_KNOW}) == FINDER.open_questions({**office, "height": ""})


def test_dont_know_is_offered_where_a_visitor_may_not_know_and_is_no_option_value() -> None:
    offered = {q.id for q in FINDER.questions if q.dont_know}
    assert {"eia_listed", "height", "workers", "groundwater", "hazardous_waste", "site", "boiler"} <= offered
    assert "activity" not in offered and "stage" not in offered
    for question in FINDER.questions:
        assert DONT_KNOW not in {o.value for o in question.options}, question.id


def test_every_home_industry_opens_the_finder_with_answers_it_accepts() -> None:
    industries = {i.name: i.answers for i in FINDER.industries}
    assert set(industries) == {i.name for i in content().home.industries}
    assert industries["Hospital"] == {"activity": "hospital"}
    assert industries["Real Estate"] == {"activity": "housing-sale"}
    for answers in industries.values():
        # Every answer given is one the finder asks for at that point, not ignored.
        asked = FINDER.asked(answers)
        assert all(q in asked for q in answers), answers


def test_an_industry_answer_must_be_an_answer_to_its_question() -> None:
    data = FINDER.model_dump()
    data["industries"] = [{"name": "Port", "answers": {"activity": "harbour"}}]
    with pytest.raises(ValueError, match="'harbour' is not an answer to 'activity'"):
        FinderPage.model_validate(data)
