"""The visitor's answers and the approvals they lead to, all in the browser.

Nothing here needs the backend: the rules ship with the page (rules.py), so the list
follows each answer at once, and the finder works wherever the page loads."""

import reflex as rx

from consultancy.content import content
from consultancy.framework.client_state import Shared, call, imported, once_per_render

from .rules import evaluator_js

answers = Shared("finder_answers", {})
# The page layout sets this once React has mounted (components/layout.py). Questions that are
# not relevant yet are hidden only then: the server's HTML, and a page without JavaScript,
# show every question as before.
mounted = Shared("mounted", False)
APPROVALS = len(content().finder.approvals)

_FINDER = rx.asset("finder.js", shared=True).importable_path
# The rules, compiled from data/finder.toml to one JavaScript function (rules.py), evaluated
# once per render of whatever shows results.
_EVALUATOR = rx.Var(evaluator_js(content().finder))
_result = once_per_render("finderResult", call(_EVALUATOR, answers.value), type_=dict)
reasons = _result["reasons"].to(list[str])
undecided = _result["undecided"].to(list[str])
titles = _result["titles"].to(list[str])


def title_of(n: int) -> rx.Var:
    return titles[n].to(str)


def hidden_question(question: str) -> rx.Var:
    """True when the answers so far settle this question (carried over) or, once the page is
    interactive, make it irrelevant: it is not asked."""
    return call(imported(_FINDER, "hiddenQuestion"), mounted.value, _result, question, type_=bool)


def applies(n: int) -> rx.Var:
    """Rule n (approvals first, then the items outside our services) applies."""
    return reasons[n] != ""


def is_undecided(n: int) -> rx.Var:
    return undecided[n] != ""


def reasons_of(n: int) -> rx.Var:
    return reasons[n].to(str)


def undecided_of(n: int) -> rx.Var:
    return undecided[n].to(str)


_FILLED = imported(_FINDER, "filledCount")
applicable_count = call(_FILLED, reasons, 0, APPROVALS, type_=int)
outside_count = call(_FILLED, reasons, APPROVALS, type_=int)
undecided_count = call(_FILLED, undecided, type_=int)
answered = call(imported(_FINDER, "answeredCount"), answers.value, type_=int)
not_applicable_count = call(imported(_FINDER, "clearedCount"), reasons, undecided, APPROVALS, type_=int)
# Progress: the questions this project is asked so far, and how many of them have an answer.
asked_count = _result["asked"].to(list).length()
done_count = call(imported(_FINDER, "doneCount"), _result, type_=int)


def answer(question: str, value: str | None = None):
    """Sets one answer: `value` for a radio button, else what the visitor typed or chose."""
    return answers.put(question, value)


start_over = answers.set({})
