"""The approvals finder on realistic projects in Odisha (tests/data/finder_projects.toml):
for each, the approvals the law asks for, those outside the firm's services, and what the
answers leave undecided, exactly; every row cites its source."""

from __future__ import annotations

import statistics
import tomllib
from pathlib import Path

import pytest

from consultancy.content import content
from consultancy.content.finder import DONT_KNOW, FinderPage
from scripts.finder_questions import count

TABLE = Path(__file__).resolve().parents[1] / "data" / "finder_projects.toml"
PROJECTS = tomllib.loads(TABLE.read_text(encoding="utf-8"))["projects"]


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
            q = questions[question]
            assert q.accepts(value) or (q.dont_know and value == DONT_KNOW), (project["id"], question, value)


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


def test_a_typical_project_meets_ten_questions_or_fewer() -> None:
    page = content().finder
    counts = sorted(count(page, p["answers"]) for p in PROJECTS)
    assert statistics.median(counts) <= 10, counts
    assert max(counts) <= 15, counts
