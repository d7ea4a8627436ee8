"""The finder's rules as the browser runs them (components/finder/rules.py) agree with
`FinderPage` on every answer set tried: the JS runs in Node, the same code the page runs."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from consultancy.components.finder.rules import evaluator_js
from consultancy.content import content

NODE = Path(__file__).resolve().parents[2] / ".tools" / "node_modules" / "node" / "bin" / "node"
NUMBERS = ["", "0", "9", "10", "11.5", "12", "12.0", ".5", "20", "30", "56", "57", "499", "500", "501", "999", "1000",
           "1001", "19999", "20000", "149999", "150000", "160000", "-5", "1e3", "abc", " 500 ", "2,500"]  # fmt: skip


def _answer_sets(count: int) -> list[dict[str, str]]:
    page = content().finder
    rng = random.Random(14)
    sets = []
    for _ in range(count):
        answers = {}
        for q in page.questions:
            if rng.random() < 0.3:
                continue
            if q.kind == "yes_no":
                answers[q.id] = rng.choice(["yes", "no", ""])
            elif q.kind == "choice":
                answers[q.id] = rng.choice([o.value for o in q.options] + [""])
            else:
                answers[q.id] = rng.choice(NUMBERS)
        sets.append(answers)
    return sets


def test_browser_rules_agree_with_python_on_2000_answer_sets(tmp_path: Path) -> None:
    page = content().finder
    sets = _answer_sets(2000)
    script = tmp_path / "run.js"
    script.write_text(
        f"const evaluate = {evaluator_js(page)};\n"
        f"const sets = {json.dumps(sets)};\n"
        "process.stdout.write(JSON.stringify(sets.map(evaluate)));\n"
    )
    browser = json.loads(subprocess.run([str(NODE), str(script)], capture_output=True, text=True, check=True).stdout)
    applied = 0
    for answers, result in zip(sets, browser, strict=True):
        applies, _ = page.evaluate(answers)
        expected = {a.id: "; ".join(reasons) for a, reasons in applies}
        got = {a.id: r for a, r in zip(page.approvals, result["reasons"], strict=True) if r}
        assert got == expected, answers
        titles = {a.id: t for a, t in zip(page.approvals, result["titles"], strict=True)}
        assert titles == {a.id: page.title_for(a, answers) for a in page.approvals}, answers
        assert result["implied"] == page.implied(answers), answers
        applied += len(applies)
    assert applied > 2000  # the sets reach plenty of rules, not only empty results
