"""The approvals finder on realistic projects in Odisha (tests/data/finder_projects.toml):
for each, the approvals the law asks for, those outside the firm's services, and what the
answers leave undecided, exactly; every row cites its source."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from consultancy.components.finder.place.zones import steps
from consultancy.content import content
from consultancy.content.finder import FinderPage

TABLE = Path(__file__).resolve().parents[1] / "data" / "finder_projects.toml"
PROJECTS = tomllib.loads(TABLE.read_text())["projects"]


def outcome(page: FinderPage, answers: dict[str, str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"approvals": set(), "outside": set(), "undecided": set()}
    for rule in page.rules:
        status, _ = page.outcome(rule, answers)
        if status == "undecided":
            found["undecided"].add(rule.id)
        elif status == "applies":
            found["approvals" if rule in page.approvals else "outside"].add(rule.id)
    return found


def test_the_table_has_at_least_30_projects_each_citing_a_source() -> None:
    assert len(PROJECTS) >= 30
    assert len({p["id"] for p in PROJECTS}) == len(PROJECTS)
    for project in PROJECTS:
        assert project["source"].strip(), project["id"]


def test_the_table_names_only_real_rules_and_questions() -> None:
    page = content().finder
    rules = {r.id for r in page.approvals}
    outside = {r.id for r in page.outside}
    questions = {q.id: q for q in page.questions}
    for project in PROJECTS:
        assert set(project["approvals"]) <= rules, project["id"]
        assert set(project["outside"]) <= outside, project["id"]
        assert set(project["undecided"]) <= rules | outside, project["id"]
        for question, value in project["answers"].items():
            assert questions[question].accepts(value), (project["id"], question, value)


@pytest.mark.parametrize("project", PROJECTS, ids=[p["id"] for p in PROJECTS])
def test_project(project: dict) -> None:
    found = outcome(content().finder, project["answers"])
    assert found == {k: set(project[k]) for k in ("approvals", "outside", "undecided")}


@pytest.mark.parametrize("project", PROJECTS, ids=[p["id"] for p in PROJECTS])
def test_every_answer_in_the_table_is_asked_or_carried_over(project: dict) -> None:
    """The rows answer what the page asks, no more: an answer to a question the page does not
    show would be a test of something no visitor can do."""
    page = content().finder
    shown = set(page.asked(project["answers"])) | set(page.implied(project["answers"]))
    assert set(project["answers"]) <= shown, project["id"]


def test_a_typical_project_needs_about_ten_answers() -> None:
    page = content().finder
    # The place step asks the district and the airport question as one.
    counts = sorted(steps(page.asked(p["answers"])) for p in PROJECTS)
    median = counts[len(counts) // 2]
    assert median <= 12, counts
    assert max(counts) <= 24, counts
