"""The finder's rules, compiled from the Python model to one JS expression, so results
follow each answer in the browser with no round trip and no backend.

The semantics are the module doc of consultancy/content/finder.py, step for step:
effective answers (carried-over ones first, in file order), conditions on them, reasons,
per-project titles. tests/test_finder_browser_rules.py runs this JS in Node on many
answer sets and compares it with `FinderPage.evaluate`, `implied` and `title_for`."""

from __future__ import annotations

import json

from consultancy.content.finder import Condition, FinderPage

# Trimming and numbers exactly as finder.py reads them (ASCII whitespace; plain decimals).
_PRELUDE = r"""
const trim = (v) => String(v ?? '').replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '');
const a = {};
const implied = {};
const raw = (q) => a[q] ?? '';
const num = (q) => { const t = raw(q); return /^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/.test(t) ? parseFloat(t) : NaN; };
"""


def condition_js(condition: Condition) -> str:
    q = json.dumps(condition.question)
    if condition.is_yes is not None:
        return f"(raw({q}) === {json.dumps('yes' if condition.is_yes else 'no')})"
    if condition.one_of is not None:
        return f"{json.dumps(condition.one_of)}.includes(raw({q}))"
    for bound, op in (("at_least", ">="), ("at_most", "<="), ("above", ">"), ("below", "<")):
        value = getattr(condition, bound)
        if value is not None:
            return f"(num({q}) {op} {value!r})"
    raise ValueError(f"condition on '{condition.question}' has no test")


def _all(conditions: list[Condition]) -> str:
    return "(" + " && ".join(condition_js(c) for c in conditions) + ")"


def evaluator_js(page: FinderPage) -> str:
    """`(answers) => ({reasons, titles, implied})`: per approval, the matching triggers'
    reasons joined by "; " ("" when none) and its title for this project; and the
    carried-over answers (question id -> value)."""
    settle = []
    for question in page.questions:
        q = json.dumps(question.id)
        chain = "".join(
            f"if {_all(entry.when)} {{ a[{q}] = {json.dumps(entry.value)}; implied[{q}] = a[{q}]; }} else "
            for entry in question.implied
        )
        settle.append(chain + f"{{ a[{q}] = trim(answers[{q}]); }}")
    reasons = []
    titles = []
    for approval in page.approvals:
        triggers = [f"{_all(t.conditions)} && {json.dumps(t.reason)}" for t in approval.triggers]
        reasons.append("[" + ", ".join(triggers) + "].filter(Boolean).join('; ')")
        title = json.dumps(approval.title)
        for entry in reversed(approval.titles):
            title = f"({_all(entry.when)} ? {json.dumps(entry.title)} : {title})"
        titles.append(title)
    return (
        "((answers) => { "
        + _PRELUDE
        + "\n".join(settle)
        + "\nreturn { reasons: ["
        + ", ".join(reasons)
        + "], titles: ["
        + ", ".join(titles)
        + "], implied }; })"
    )
