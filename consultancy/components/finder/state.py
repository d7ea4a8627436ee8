"""The visitor's answers and the approvals they lead to, all in the browser.

Nothing here needs the backend: the rules ship with the page (rules.py), so the list
follows each answer at once, and the finder works wherever the page loads."""

import json

import reflex as rx
from reflex.vars.base import Var

from consultancy.content import content
from consultancy.content.finder import DONT_KNOW, FinderPage
from consultancy.framework.assets import shared_asset
from consultancy.framework.client_state import Shared, action, call, imported, once_per_render

from .rules import evaluator_js, result_for

answers = Shared("finder_answers", {})
# The page layout sets this once React has mounted (components/layout.py). Questions that are
# not relevant yet are hidden only then: the server's HTML, and a page without JavaScript,
# show every question as before.
mounted = Shared("mounted", False)
PAGE = content().finder
APPROVALS = len(PAGE.approvals)

_FINDER = shared_asset("finder.js", __name__).importable_path
# The rules, compiled from data/finder.toml to one JavaScript function (rules.py), evaluated
# once per render of whatever shows results, and only when the answers have changed (not for
# a render such as the one that follows the page becoming interactive). With no answers (the
# first render, Start over) the result worked out at build time instead.
_EVALUATOR = rx.Var(evaluator_js(PAGE))
_EMPTY = rx.Var(json.dumps(result_for(PAGE, {})))
_result = once_per_render(
    "finderResult",
    call(imported(_FINDER, "resultFor"), _EVALUATOR, _EMPTY, answers.value),
    type_=dict,
    unless_changed=(answers.value,),
)
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
outside_count = call(_FILLED, reasons, APPROVALS, type_=int)
undecided_count = call(_FILLED, undecided, type_=int)
answered = call(imported(_FINDER, "answeredCount"), answers.value, type_=int)
not_applicable_count = call(imported(_FINDER, "clearedCount"), reasons, undecided, APPROVALS, type_=int)
# Progress: the questions this project is asked so far, and how many of them have an answer.
asked_count = _result["asked"].to(list).length()
done_count = call(imported(_FINDER, "doneCount"), _result, answers.value, type_=int)
progress_text = call(imported(_FINDER, "progressText"), done_count, asked_count, type_=str)


# Where the answers keep what the visitor typed for the activity (not a question: the rules
# ignore it), so the words can go with a request to the firm.
TYPED = "activity_typed"

# Sets several answers at once (the activity picker's choice with the words and figures typed).
# (activity_picker.jsx calls it with one object of answers.)
put_all = action("{0}(Object.assign({{}}, {1}, args[0]));", answers.setter, answers.now)


def answer(question: str, value: str | None = None):
    """Sets one answer: `value` for a radio button, else what the visitor typed or chose."""
    return answers.put(question, value)


start_over = answers.set({})


def tick(members: list[str], question: str):
    """Ticks or clears one box of a group ("" = "None of these"), see finder.js groupTick."""
    return answers.set(call(imported(_FINDER, "groupTick"), answers.now, _result, members, question, type_=dict))


def none_ticked(members: list[str]) -> rx.Var:
    return call(imported(_FINDER, "noneTicked"), answers.value, _result, members, type_=bool)


def group_hidden(members: list[str]) -> rx.Var:
    """A group is hidden once none of its boxes is asked."""
    return call(imported(_FINDER, "groupHidden"), mounted.value, _result, members, type_=bool)


def set_dont_know(question: str):
    return answers.put(question, DONT_KNOW)


def answer_of(question: str) -> rx.Var:
    """The answer the form shows for `question` ("" when none)."""
    return call(imported(_FINDER, "answerOf"), answers.value, question, type_=str)


def number_shown(question: str) -> rx.Var:
    return call(imported(_FINDER, "numberShown"), answers.value, question, type_=str)


def unsure(question: str) -> rx.Var:
    return call(imported(_FINDER, "unsure"), answers.value, question, type_=bool)


def checklist(page: FinderPage) -> list[tuple[str, str, list[int]]]:
    """The combined document checklist: (name, description, indexes of the approvals that need
    it) for every document of every approval (read from its record by the loader, see
    loader.finder_documents), in the order of work, each document once (by name, case and
    spacing aside)."""
    documents: dict[str, tuple[str, str, list[int]]] = {}
    for n in page.in_work_order():
        for item in page.approvals[n].documents:
            documents.setdefault(item.key, (item.name, item.description, []))[2].append(n)
    return list(documents.values())


def _facts(page: FinderPage) -> dict:
    """What the browser needs to write the answers and the result in words (finder.js)."""
    return {
        "questions": [
            {"id": q.id, "label": q.label, "unit": q.unit, "options": {o.value: o.label for o in q.options}}
            for q in page.questions
            if not q.derived
        ],
        "rules": [{"route": getattr(r, "route", ""), "study": getattr(r, "study", False)} for r in page.rules],
        "approvals": len(page.approvals),
        "order": page.in_work_order(),
        "documents": [{"name": name, "rules": users} for name, _, users in checklist(page)],
        "finder": f"{content().site.site_url}/approvals-finder",
        # The contact form's message limit, less room for the visitor's own words.
        "limit": content().enquiries.message_max_length - 500,
    }


_FACTS = once_per_render("finderFacts", rx.Var(json.dumps(_facts(PAGE))), type_=dict, unless_changed=())
STUDIES = [n for n in PAGE.in_work_order() if PAGE.approvals[n].study]
GOVERNMENT = [n for n in PAGE.in_work_order() if not PAGE.approvals[n].study]
applicable_count = call(imported(_FINDER, "countAt"), reasons, GOVERNMENT, type_=int)
approvals_text = call(imported(_FINDER, "approvalsText"), applicable_count, type_=str)
studies_count = call(imported(_FINDER, "countAt"), reasons, STUDIES, type_=int)
documents_count = call(
    imported(_FINDER, "documentCount"), reasons, [users for _, _, users in checklist(PAGE)], type_=int
)
enquiry_href = call(imported(_FINDER, "enquiryHref"), _FACTS, _result, answers.value, type_=str)
answer_lines = call(imported(_FINDER, "answerLines"), _FACTS, _result, answers.value, type_=list[str])
today = call(imported(_FINDER, "todayText"), type_=str)
# Called by the button itself, like the page's own print button (client_state.PRINT_PAGE).
print_checklist = action("{0}()", imported(_FINDER, "printChecklist"))


def any_applies(indexes: list[int]) -> rx.Var:
    return call(imported(_FINDER, "anyApplies"), reasons, indexes, type_=bool)


class FinderAddress(rx.Component):
    """Keeps the answers in the page's address and reads them from it (finder_address.jsx)."""

    library = shared_asset("finder_address.jsx", __name__).importable_path
    tag = "FinderAddress"
    answers: Var[dict]
    questions: Var[list[str]]
    on_read: rx.EventHandler[lambda given: [given]]


def address() -> rx.Component:
    return FinderAddress.create(answers=answers.value, questions=[q.id for q in PAGE.questions], on_read=answers.setter)
