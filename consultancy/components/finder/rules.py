"""The finder's rules, compiled from the Python model to one JS expression, so results
follow each answer in the browser with no round trip and no backend.

The semantics are the module doc of consultancy/content/finder.py, step for step:
effective answers (carried-over ones first, then ask_when, in file order), open
questions, three-valued triggers, reasons or "could not decide" notes, per-project
titles. tests/unit/test_finder_browser_rules.py runs this JS in Node on many answer sets
and compares it with `FinderPage.outcome`, `implied`, `asked` and `title_for`."""

from __future__ import annotations

import json

from consultancy.content.finder import DONT_KNOW, PROJECT, PROJECT_QUESTION, Condition, FinderPage, Trigger

# Trimming and numbers exactly as finder.py reads them (ASCII whitespace; plain decimals;
# "Don't know" read as a blank).
# `sum` adds the `plus` questions left to right, "" counting 0, like Condition.holds.
_PRELUDE = r"""
const trim = (v) => String(v ?? '').replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '');
const known = (v) => { const t = trim(v); return t === DONT_KNOW ? '' : t; };
const a = {};
const implied = {};
const asked = [];
const open = new Set();
const raw = (q) => a[q] ?? '';
const numOf = (t) => /^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/.test(t) ? parseFloat(t) : NaN;
const num = (q) => numOf(raw(q));
const sum = (q, plus) => {
  let n = num(q);
  for (const p of plus) { const t = raw(p); if (t !== '') n = n + numOf(t); }
  return n;
};
const and3 = (xs) => xs.includes(false) ? false : (xs.includes(null) ? null : true);
const unique = (xs) => xs.filter((x, i) => xs.indexOf(x) === i);
"""


def condition_js(condition: Condition) -> str:
    """The condition as a JS boolean expression on the effective answers `a`."""
    q = json.dumps(condition.question)
    if condition.is_yes is not None:
        return f"(raw({q}) === {json.dumps('yes' if condition.is_yes else 'no')})"
    if condition.one_of is not None:
        return f"{json.dumps(condition.one_of)}.includes(raw({q}))"
    value = f"sum({q}, {json.dumps(condition.plus)})" if condition.plus else f"num({q})"
    for bound, op in (("at_least", ">="), ("at_most", "<="), ("above", ">"), ("below", "<")):
        limit = getattr(condition, bound)
        if limit is not None:
            # NaN compares false both ways, as an answer that is no number must.
            return f"({value} {op} {limit!r})"
    raise ValueError(f"condition on '{condition.question}' has no test")


def _all(conditions: list[Condition]) -> str:
    return "(" + (" && ".join(condition_js(c) for c in conditions) or "true") + ")"


def _status(condition: Condition) -> str:
    """true / false / null (unknown while a question it reads is open)."""
    qs = json.dumps(condition.questions)
    return f"({qs}.some((q) => open.has(q)) ? null : {condition_js(condition)})"


def _trigger(trigger: Trigger) -> str:
    """`{s, undecided, reason, needs}` for one trigger: its status and, when unknown, the
    open questions it reads (condition order)."""
    qs = json.dumps([q for c in trigger.conditions for q in c.questions])
    return (
        "{ s: and3([" + ", ".join(_status(c) for c in trigger.conditions) + "]), "
        f"undecided: {json.dumps(trigger.undecided)}, reason: {json.dumps(trigger.reason)}, "
        f"needs: unique({qs}.filter((q) => open.has(q))) }}"
    )


# One rule's outcome from its triggers, as FinderPage.outcome builds it.
_OUTCOME = r"""
const outcome = (triggers) => {
  const reasons = [];
  const notes = [];
  for (const t of triggers) {
    if (t.s === true && !t.undecided) reasons.push(named(t.reason));
    else if (t.s === true) notes.push(named(t.reason));
    else if (t.s === null) notes.push('Needs an answer: ' + t.needs.map((q) => labels[q]).join('; '));
  }
  return reasons.length ? [unique(reasons).join('; '), ''] : ['', unique(notes).join('; ')];
};
"""


def evaluator_js(page: FinderPage) -> str:
    """`(answers) => ({reasons, undecided, titles, implied, asked, open})`: per rule
    (approvals, then the outside items), the reasons it applies joined by "; " ("" when it
    does not) and its "could not decide" notes joined by "; " ("" unless undecided), and its
    title for this project; the carried-over answers (id -> value); the asked questions and
    the open ones, in file order."""
    settle = []
    for question in page.questions:
        q = json.dumps(question.id)
        if question.derived:
            statuses = ", ".join("and3([" + ", ".join(_status(c) for c in e.when) + "])" for e in question.implied)
            values = json.dumps([e.value for e in question.implied])
            settle.append(
                f"{{ const st = [{statuses}]; const i = st.indexOf(true); "
                f"if (i >= 0) {{ a[{q}] = {values}[i]; implied[{q}] = a[{q}]; }} "
                f"else if (st.includes(null)) {{ a[{q}] = ''; open.add({q}); }} "
                f"else {{ a[{q}] = {json.dumps(question.otherwise)}; implied[{q}] = a[{q}]; }} }}"
            )
            continue
        chain = "".join(
            f"if {_all(entry.when)} {{ a[{q}] = {json.dumps(entry.value)}; implied[{q}] = a[{q}]; }} else "
            for entry in question.implied
        )
        relevant = "and3([" + ", ".join(_status(c) for c in question.ask_when) + "])"
        number = json.dumps(question.kind == "number")
        settle.append(
            chain + f"{{ const r = {relevant}; a[{q}] = ''; "
            f"if (r === true) {{ a[{q}] = known(answers[{q}]); asked.push({q}); "
            f"if (a[{q}] === '' || ({number} && Number.isNaN(num({q})))) open.add({q}); }} "
            f"else if (r === null) {{ open.add({q}); }} }}"
        )
    labels = json.dumps(page.labels)
    # "{project}" in a reason: the name of the visitor's activity (FinderPage.reason_for).
    activity = f"a[{json.dumps(PROJECT_QUESTION)}]"
    names = (
        f"const names = {json.dumps(page.names_by_answer)};"
        f"\nconst project = Object.hasOwn(names, {activity}) ? names[{activity}] : 'project';"
        f"\nconst named = (r) => r.split({json.dumps(PROJECT)}).join(project);"
    )
    outcomes = []
    titles = []
    for rule in page.rules:
        outcomes.append("outcome([" + ", ".join(_trigger(t) for t in rule.triggers) + "])")
        title = json.dumps(rule.title)
        for entry in reversed(rule.titles):
            title = f"({_all(entry.when)} ? {json.dumps(entry.title)} : {title})"
        titles.append(title)
    return (
        "((answers) => { "
        + f"const DONT_KNOW = {json.dumps(DONT_KNOW)};"
        + _PRELUDE
        + "\n".join(settle)
        + f"\nconst labels = {labels};\n"
        + names
        + "\nconst openList = [...open];"
        + _OUTCOME
        + "const outcomes = ["
        + ", ".join(outcomes)
        + "];\nreturn { reasons: outcomes.map((o) => o[0]), undecided: outcomes.map((o) => o[1]), titles: ["
        + ", ".join(titles)
        + "], implied, asked, open: openList }; })"
    )


def result_for(page: FinderPage, answers: dict[str, str]) -> dict:
    """What the function of `evaluator_js` returns for `answers`, worked out in Python (the
    same semantics): the page ships the result for no answers, so its first render neither
    compiles nor runs the rules."""
    reasons, undecided = [], []
    for rule in page.rules:
        status, texts = page.outcome(rule, answers)
        reasons.append("; ".join(texts) if status == "applies" else "")
        undecided.append("; ".join(texts) if status == "undecided" else "")
    return {
        "reasons": reasons,
        "undecided": undecided,
        "titles": [page.title_for(rule, answers) for rule in page.rules],
        "implied": page.implied(answers),
        "asked": page.asked(answers),
        "open": page.open_questions(answers),
    }
