"""The finder's rules, compiled from the Python model to one JS expression, so results
follow each answer in the browser with no round trip and no backend.

`FinderPage.evaluate` stays the definition: tests/test_finder_browser_rules.py runs this
JS in Node on many answer sets and compares it with the Python result."""

from __future__ import annotations

import json

from consultancy.content.finder import Condition, FinderPage

# Python's `float(raw)` fails on an empty answer; Number("") would be 0.
_PRELUDE = (
    "const raw = (q) => String(answers[q] ?? '').trim();"
    " const num = (q) => { const t = raw(q); return t === '' ? NaN : Number(t); };"
)


def condition_js(condition: Condition) -> str:
    q = json.dumps(condition.question)
    if condition.is_yes is not None:
        return f"(raw({q}) === {json.dumps('yes' if condition.is_yes else 'no')})"
    if condition.one_of is not None:
        return f"{json.dumps(condition.one_of)}.includes(raw({q}))"
    if condition.at_least is not None:
        return f"(num({q}) >= {condition.at_least!r})"
    if condition.above is not None:
        return f"(num({q}) > {condition.above!r})"
    return f"(num({q}) < {condition.below!r})"


def evaluator_js(page: FinderPage) -> str:
    """`(answers) => [reasons of approval 0, reasons of approval 1, …]`: each the matching
    triggers' reasons joined by "; " as `evaluate` joins them, "" when none matches."""
    approvals = []
    for approval in page.approvals:
        triggers = [
            "(" + " && ".join(condition_js(c) for c in trigger.conditions) + f") && {json.dumps(trigger.reason)}"
            for trigger in approval.triggers
        ]
        approvals.append("[" + ", ".join(triggers) + "].filter(Boolean).join('; ')")
    return "((answers) => { " + _PRELUDE + " return [" + ", ".join(approvals) + "]; })"
