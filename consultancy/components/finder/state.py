"""The visitor's answers and the approvals they lead to, all in the browser.

Nothing here needs the backend: the rules ship with the page (rules.py), so the list
follows each answer at once, and the finder works wherever the page loads."""

import json

import reflex as rx
from reflex_base.vars import VarData
from reflex_base.vars.function import FunctionVar

from consultancy.content import content
from consultancy.framework.client_state import Shared, js

from .rules import evaluator_js

answers = Shared("finder_answers", {})
# The page layout sets this once React has mounted (components/layout.py). Questions that are
# not relevant yet are hidden only then: the server's HTML, and a page without JavaScript,
# show every question as before.
mounted = Shared("mounted", False)
APPROVALS = len(content().finder.approvals)

# One evaluation per render of whatever shows results: hooks are declared once per
# component (by their text), so every use below shares this line.
_EVALUATE = f"const finderResult = {evaluator_js(content().finder)}({answers.value!s});"
_result = rx.Var(
    "finderResult",
    _var_data=VarData.merge(answers.value._get_all_var_data(), VarData(hooks={_EVALUATE: None})),
)
reasons = js("{0}.reasons", _result, type_=list[str])
undecided = js("{0}.undecided", _result, type_=list[str])
titles = js("{0}.titles", _result, type_=list[str])


def title_of(n: int) -> rx.Var:
    return js("{0}[" + str(n) + "]", titles, type_=str)


def carried_over(question: str) -> rx.Var:
    """True when the answers so far settle this question: it is not asked."""
    return js("({0}.implied[" + json.dumps(question) + "] !== undefined)", _result, type_=bool)


def not_asked(question: str) -> rx.Var:
    """True once the page is interactive and the answers so far make this question irrelevant."""
    return js("({0} && !{1}.asked.includes(" + json.dumps(question) + "))", mounted.value, _result, type_=bool)


def applies(n: int) -> rx.Var:
    """Rule n (approvals first, then the items outside our services) applies."""
    return js("({0}[" + str(n) + "] !== '')", reasons, type_=bool)


def is_undecided(n: int) -> rx.Var:
    return js("({0}[" + str(n) + "] !== '')", undecided, type_=bool)


def reasons_of(n: int) -> rx.Var:
    return js("{0}[" + str(n) + "]", reasons, type_=str)


def undecided_of(n: int) -> rx.Var:
    return js("{0}[" + str(n) + "]", undecided, type_=str)


_FIRST = f".slice(0, {APPROVALS})"
_REST = f".slice({APPROVALS})"
applicable_count = js("{0}" + _FIRST + ".filter((r) => r !== '').length", reasons, type_=int)
outside_count = js("{0}" + _REST + ".filter((r) => r !== '').length", reasons, type_=int)
undecided_count = js("{0}.filter((r) => r !== '').length", undecided, type_=int)
answered = js("Object.values({0}).filter((v) => String(v).trim() !== '').length", answers.value, type_=int)
not_applicable_count = js(
    "{0}" + _FIRST + ".filter((r, i) => r === '' && {1}[i] === '').length", reasons, undecided, type_=int
)
# Progress: the questions this project is asked so far, and how many of them have an answer.
asked_count = js("{0}.asked.length", _result, type_=int)
done_count = js("{0}.asked.filter((q) => !{0}.open.includes(q)).length", _result, type_=int)


def answer(question: str, value: str | None = None):
    """Sets one answer: `value` for a radio button, else what the visitor typed or chose."""
    key = json.dumps(question)
    if value is not None:
        return answers.set(js("({{...{0}, " + key + ": " + json.dumps(value) + "}})", answers.now, type_=dict))
    return js("(value) => {0}({{...{1}, " + key + ": String(value)}})", answers.setter, answers.now).to(FunctionVar)


start_over = answers.set({})
