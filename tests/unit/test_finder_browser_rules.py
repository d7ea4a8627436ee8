"""The finder's rules as the browser runs them (components/finder/rules.py) agree with
`FinderPage` on every answer set tried: the JS runs in Node, the same code the page runs.
Compared: reasons, "could not decide" notes, titles (approvals and the outside items),
carried-over answers, the questions asked and the open ones."""

from __future__ import annotations

import json
import random
import subprocess
import tomllib
from pathlib import Path

from consultancy.components.finder.rules import evaluator_js, result_for
from consultancy.content import content
from consultancy.content.finder import DONT_KNOW, FinderPage

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
NUMBERS = ["", "0", "1", "2.5", "4", "5", "5.1", "8", "9", "10", "11.5", "12", "12.0", ".5", "15", "19", "20", "25",
           "30", "39", "40", "56", "57", "100", "101", "300", "499", "500", "501", "999", "1000", "1001", "2500",
           "2501", "19999", "20000", "25000", "25001", "45001", "149999", "150000", "160000", "499999", "500000",
           "-5", "1e3", "abc", " 500 ", "2,500"]  # fmt: skip


def _answer_sets(page: FinderPage, count: int, seed: int = 14) -> list[dict[str, str]]:
    rng = random.Random(seed)
    sets = []
    for _ in range(count):
        answers = {}
        for q in page.questions:
            if rng.random() < 0.2:
                continue
            if q.kind == "yes_no":
                answers[q.id] = rng.choice(["yes", "no", "", DONT_KNOW])
            elif q.kind == "choice":
                answers[q.id] = rng.choice([o.value for o in q.options] + ["", DONT_KNOW])
            else:
                answers[q.id] = rng.choice([*NUMBERS, DONT_KNOW, f" {DONT_KNOW} "])
        sets.append(answers)
    return sets


def run_in_node(page: FinderPage, sets: list[dict[str, str]], tmp_path: Path) -> list[dict]:
    script = tmp_path / "run.js"
    script.write_text(
        f"const evaluate = {evaluator_js(page)};\n"
        f"const sets = {json.dumps(sets)};\n"
        "process.stdout.write(JSON.stringify(sets.map(evaluate)));\n",
        encoding="utf-8",
    )
    return json.loads(subprocess.run([str(NODE), str(script)], capture_output=True, text=True, check=True).stdout)


def settled_once(page: FinderPage) -> FinderPage:
    """A copy of `page` that settles each answer set once: `outcome`, `title_for`, `asked`,
    `implied` and `open_questions` each run the same one pass (`_settle`, a pure function of
    the answers) again, about 115 times per set over the 37 rules. Same results, about a
    hundredth of the work; the page's own copy is left as it is."""
    copy = page.model_copy()
    settle = page._settle
    # By the answer set itself (kept here, so its id is not reused): the sets are never changed.
    memo: dict[int, tuple[dict[str, str], tuple]] = {}

    def once(answers: dict[str, str]) -> tuple:
        kept = memo.get(id(answers))
        if kept is None or kept[0] is not answers:
            kept = memo[id(answers)] = (answers, settle(answers))
        # Each caller gets fresh containers, as from the real pass.
        effective, carried, asked, open_questions = kept[1]
        return dict(effective), dict(carried), list(asked), list(open_questions)

    object.__setattr__(copy, "_settle", once)
    return copy


def assert_parity(page: FinderPage, sets: list[dict[str, str]], tmp_path: Path) -> dict[str, int]:
    """Every answer set gives the same result in Node as in Python; counts of what was reached."""
    reached = {"applies": 0, "undecided": 0, "outside": 0, "asked_out": 0}
    page = settled_once(page)
    for answers, result in zip(sets, run_in_node(page, sets, tmp_path), strict=True):
        for n, rule in enumerate(page.rules):
            status, texts = page.outcome(rule, answers)
            assert result["reasons"][n] == ("; ".join(texts) if status == "applies" else ""), (rule.id, answers)
            assert result["undecided"][n] == ("; ".join(texts) if status == "undecided" else ""), (rule.id, answers)
            assert result["titles"][n] == page.title_for(rule, answers), (rule.id, answers)
            reached[status if status != "no" else "applies"] += status != "no"
            reached["outside"] += status == "applies" and n >= len(page.approvals)  # rules: approvals, then outside
        assert result["implied"] == page.implied(answers), answers
        assert result["asked"] == page.asked(answers), answers
        assert result["open"] == page.open_questions(answers), answers
        reached["asked_out"] += len(page.questions) - len(page.asked(answers)) - len(page.implied(answers))
    return reached


def test_browser_rules_agree_with_python_on_2000_random_answer_sets(tmp_path: Path) -> None:
    page = content().finder
    reached = assert_parity(page, _answer_sets(page, 2000), tmp_path)
    # The sets reach plenty of rules, of every kind, not only empty results.
    assert reached["applies"] > 2000
    assert reached["undecided"] > 2000
    assert reached["outside"] > 300
    assert reached["asked_out"] > 2000


def test_browser_rules_agree_on_the_project_table_and_its_prefixes(tmp_path: Path) -> None:
    """Realistic answers, and the same answers given one question at a time (the states the
    page passes through), where ask_when, open questions and "ask us" matter most."""
    page = content().finder
    projects = tomllib.loads((ROOT / "tests" / "data" / "finder_projects.toml").read_text(encoding="utf-8"))["projects"]
    sets = []
    for project in projects:
        items = list(project["answers"].items())
        sets += [dict(items[:n]) for n in range(len(items) + 1)]
    assert_parity(page, sets, tmp_path)


def test_the_result_shipped_for_no_answers_is_the_rules_own(tmp_path: Path) -> None:
    """The page's first render (and Start over) shows `result_for(page, {})`, worked out in
    Python at build time, in place of running the rules: it is what the rules give."""
    page = content().finder
    assert run_in_node(page, [{}], tmp_path) == [result_for(page, {})]
    assert result_for(page, {})["open"], "no answers leave questions open"
