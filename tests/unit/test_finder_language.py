"""The finder's rule language, on a small page of its own: what each building block means
(the browser's evaluator mirrors exactly this), and the load-time checks on the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from consultancy.content import ContentError
from consultancy.content.finder import FinderPage, number
from consultancy.content.loader import load_model

META = {
    "title": "Approvals finder for the tests",
    "description": "A small finder page whose rules exercise each building block of the rule language once.",
}


def page(questions: list[dict], approvals: list[dict]) -> FinderPage:
    return FinderPage.model_validate(
        {"meta": META, "heading": "h", "intro": "i", "disclaimer": "d", "questions": questions, "approvals": approvals}
    )


QUESTIONS = [
    {
        "id": "kind",
        "kind": "choice",
        "label": "Kind",
        "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}],
    },
    {"id": "size", "kind": "number", "label": "Size"},
    {
        "id": "flag",
        "kind": "yes_no",
        "label": "Flag",
        "implied": [
            {"when": [{"question": "kind", "one_of": ["a"]}], "value": "yes"},
            {"when": [{"question": "size", "at_most": 0}], "value": ""},
        ],
    },
    {
        "id": "follow",
        "kind": "yes_no",
        "label": "Follows the flag",
        "implied": [{"when": [{"question": "flag", "is_yes": True}], "value": "no"}],
    },
]


def approval(id: str, *triggers: list[dict], titles: list[dict] | None = None) -> dict:
    return {
        "id": id,
        "title": f"General {id}",
        "authority": "x",
        "act": "y",
        "route": "cgwanoc",
        "stage": "water",
        "triggers": [{"reason": f"{id} {n}", "conditions": c} for n, c in enumerate(triggers)],
        "titles": titles or [],
    }


def numeric(test: str, value: float) -> FinderPage:
    return page(QUESTIONS, [approval("n", [{"question": "size", test: value}])])


def applies(finder: FinderPage, answers: dict[str, str]) -> list[str]:
    return [a.id for a, _ in finder.evaluate(answers)[0]]


@pytest.mark.parametrize(
    ("test", "value", "answer", "expected"),
    [
        ("at_least", 10, "9.99", False),
        ("at_least", 10, "10", True),
        ("at_least", 10, "10.01", True),
        ("at_most", 56, "55.9", True),
        ("at_most", 56, "56", True),
        ("at_most", 56, "56.1", False),
        ("above", 30, "30", False),
        ("above", 30, "31", True),
        ("below", 150000, "149999", True),
        ("below", 150000, "150000", False),
    ],
)
def test_numeric_tests_and_their_boundaries(test: str, value: float, answer: str, expected: bool) -> None:
    assert (applies(numeric(test, value), {"size": answer}) == ["n"]) is expected


@pytest.mark.parametrize("answer", ["", "  ", "-5", "1e3", "1,000", "1_000", "0x10", "inf", "NaN", "ten", "5 m"])
def test_only_plain_decimals_count_as_numbers(answer: str) -> None:
    assert number(answer) is None
    assert applies(numeric("at_most", 1e9), {"size": answer}) == []


@pytest.mark.parametrize(
    ("answer", "value"), [("12", 12.0), (" 12.5\n", 12.5), ("12.", 12.0), (".5", 0.5), ("007", 7.0)]
)
def test_plain_decimals_are_read(answer: str, value: float) -> None:
    assert number(answer) == value


def test_yes_no_and_choice_answers_are_exact_after_trimming() -> None:
    finder = page(
        QUESTIONS, [approval("y", [{"question": "flag", "is_yes": False}, {"question": "kind", "one_of": ["b"]}])]
    )
    assert applies(finder, {"flag": " no ", "kind": "b\t"}) == ["y"]
    assert applies(finder, {"flag": "No", "kind": "b"}) == []
    assert applies(finder, {"flag": "", "kind": "b"}) == []


def test_any_trigger_all_conditions_and_reasons_in_file_order() -> None:
    finder = page(
        QUESTIONS,
        [
            approval(
                "t",
                [{"question": "kind", "one_of": ["b"]}, {"question": "size", "at_least": 5}],
                [{"question": "size", "above": 1}],
            )
        ],
    )
    [(found, reasons)] = finder.evaluate({"kind": "b", "size": "6"})[0]
    assert found.id == "t"
    assert reasons == ["t 0", "t 1"]
    assert finder.evaluate({"kind": "a", "size": "6"})[0][0][1] == ["t 1"]
    assert finder.evaluate({"kind": "b", "size": "1"})[1][0].id == "t"


def test_implied_answer_overrides_the_visitor_and_chains() -> None:
    finder = page(QUESTIONS, [approval("f", [{"question": "follow", "is_yes": False}])])
    answers = {"kind": "a", "flag": "no", "follow": "yes"}
    assert finder.effective_answers(answers) == {"kind": "a", "size": "", "flag": "yes", "follow": "no"}
    assert finder.implied(answers) == {"flag": "yes", "follow": "no"}
    assert applies(finder, answers) == ["f"]


def test_first_implied_entry_that_holds_wins_and_empty_means_not_asked() -> None:
    finder = page(QUESTIONS, [approval("f", [{"question": "flag", "is_yes": True}])])
    assert finder.implied({"kind": "a", "size": "0"}) == {"flag": "yes", "follow": "no"}
    # "" = does not apply: the visitor's answer is set aside and counts as unanswered.
    assert finder.implied({"kind": "b", "size": "0", "flag": "yes"}) == {"flag": ""}
    assert applies(finder, {"kind": "b", "size": "0", "flag": "yes"}) == []
    # No entry holds: the visitor's own answer stands.
    assert finder.implied({"kind": "b", "size": "3", "flag": "yes"}) == {"follow": "no"}
    assert applies(finder, {"kind": "b", "size": "3", "flag": "yes"}) == ["f"]


def test_effective_answers_are_idempotent_and_ignore_unknown_ids() -> None:
    finder = page(QUESTIONS, [approval("f", [{"question": "flag", "is_yes": True}])])
    answers = {"kind": "a", "size": " 4 ", "nonsense": "yes"}
    once = finder.effective_answers(answers)
    assert "nonsense" not in once
    assert finder.effective_answers(once) == once


def test_title_for_first_matching_entry_else_general_title() -> None:
    titles = [
        {"when": [{"question": "kind", "one_of": ["a"]}, {"question": "size", "above": 0}], "title": "A with size"},
        {"when": [{"question": "kind", "one_of": ["a"]}], "title": "A"},
        {"when": [{"question": "flag", "is_yes": True}], "title": "Flagged"},
    ]
    finder = page(QUESTIONS, [approval("t", [{"question": "size", "at_least": 0}], titles=titles)])
    [target] = finder.approvals
    assert finder.title_for(target, {"kind": "a", "size": "2"}) == "A with size"
    # kind "a" carries flag = yes over, but the earlier entry wins.
    assert finder.title_for(target, {"kind": "a"}) == "A"
    assert finder.title_for(target, {"kind": "b", "size": "1", "flag": "yes"}) == "Flagged"
    assert finder.title_for(target, {"kind": "b"}) == "General t"


# --- load-time checks on data/finder.toml -------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "finder.toml"
    path.write_text(text, encoding="utf-8")
    return path


HEAD = f"""
heading = "h"
intro = "i"
disclaimer = "d"
[meta]
title = "{META["title"]}"
description = "{META["description"]}"
[[questions]]
id = "first"
kind = "yes_no"
label = "First"
[[questions]]
id = "second"
kind = "number"
label = "Second"
[[questions]]
id = "third"
kind = "yes_no"
label = "Third"
"""
TAIL = """
[[approvals]]
id = "a"
title = "A"
authority = "x"
act = "y"
route = "cgwanoc"
stage = "water"
[[approvals.triggers]]
reason = "r"
conditions = [{ question = "first", is_yes = true }]
"""


def test_an_implied_answer_may_only_follow_earlier_questions(tmp_path: Path) -> None:
    ahead = 'implied = [{ when = [{ question = "second", at_least = 1 }], value = "yes" }]'
    text = HEAD.replace('label = "First"', f'label = "First"\n{ahead}')
    with pytest.raises(
        ContentError, match=r"finder\.toml.*'questions\[0\]\.implied\[0\]\.when\[0\]'.*not asked before"
    ):
        load_model(write(tmp_path, text + TAIL), FinderPage)


def test_an_implied_value_must_be_an_answer_to_its_question(tmp_path: Path) -> None:
    text = HEAD + 'implied = [{ when = [{ question = "first", is_yes = true }], value = "lots" }]\n'
    with pytest.raises(ContentError, match=r"finder\.toml.*'questions\[2\]'.*implied\[0\]\.value.*'lots'"):
        load_model(write(tmp_path, text + TAIL), FinderPage)


def test_a_title_condition_must_name_a_question_of_the_right_kind(tmp_path: Path) -> None:
    text = HEAD + TAIL + '[[approvals.titles]]\nwhen = [{ question = "first", at_most = 3 }]\ntitle = "T"\n'
    with pytest.raises(
        ContentError, match=r"'approvals\[0\]\.titles\[0\]\.when\[0\]'.*'first' is not a number question"
    ):
        load_model(write(tmp_path, text), FinderPage)


def test_a_condition_has_exactly_one_test(tmp_path: Path) -> None:
    text = HEAD + TAIL.replace("is_yes = true }", "is_yes = true, at_most = 2 }")
    with pytest.raises(ContentError, match=r"finder\.toml.*exactly one of is_yes, one_of, at_least, at_most"):
        load_model(write(tmp_path, text), FinderPage)


# --- ask_when, plus, open questions and "ask us" ---------------------------------------------

ASKED = [
    QUESTIONS[0],
    {"id": "size", "kind": "number", "label": "Size", "ask_when": [{"question": "kind", "one_of": ["a"]}]},
    {"id": "more", "kind": "number", "label": "More", "ask_when": [{"question": "size", "above": 1}]},
]  # fmt: skip


def test_ask_when_hides_a_question_and_blanks_its_answer() -> None:
    finder = page(ASKED, [approval("s", [{"question": "size", "at_least": 0}])])
    assert finder.asked({}) == ["kind"]
    assert finder.asked({"kind": "a"}) == ["kind", "size"]
    assert finder.effective_answers({"kind": "b", "size": "5"})["size"] == ""
    assert applies(finder, {"kind": "b", "size": "5"}) == []
    assert finder.implied({"kind": "b"}) == {}  # not relevant is not carried over


def test_a_question_waiting_on_a_blank_one_is_pending_and_open() -> None:
    finder = page(ASKED, [approval("m", [{"question": "more", "at_least": 0}])])
    assert finder.open_questions({"kind": "a"}) == ["size", "more"]
    assert finder.asked({"kind": "a"}) == ["kind", "size"]
    assert finder.outcome(finder.approvals[0], {"kind": "a"}) == ("undecided", ["Needs an answer: More"])
    assert finder.outcome(finder.approvals[0], {"kind": "a", "size": "1"}) == ("no", [])


def test_plus_adds_other_questions_blank_as_zero() -> None:
    finder = page(
        [*QUESTIONS, {"id": "extra", "kind": "number", "label": "Extra"}],
        [approval("t", [{"question": "size", "at_least": 10, "plus": ["extra"]}])],
    )
    assert applies(finder, {"size": "4", "extra": "6"}) == ["t"]
    assert applies(finder, {"size": "4", "extra": "5.9"}) == []
    assert applies(finder, {"size": "10"}) == []  # extra is open: unknown, not applied
    assert finder.outcome(finder.approvals[0], {"size": "10"})[0] == "undecided"
    assert applies(finder, {"size": "4", "extra": "x6"}) == []


def test_three_valued_triggers_and_ask_us() -> None:
    ask_us = approval("u", [{"question": "kind", "one_of": ["b"]}])
    ask_us["triggers"][0]["undecided"] = True
    ask_us["triggers"].append({"reason": "sized", "conditions": [{"question": "size", "at_least": 5}]})
    finder = page(QUESTIONS, [ask_us])
    rule = finder.approvals[0]
    assert finder.outcome(rule, {"kind": "b", "size": "9"}) == ("applies", ["sized"])
    assert finder.outcome(rule, {"kind": "b", "size": "1"}) == ("undecided", ["u 0"])
    assert finder.outcome(rule, {"kind": "a", "size": "1"}) == ("no", [])
    assert finder.outcome(rule, {"size": "1"}) == ("undecided", ["Needs an answer: Kind"])


def test_ask_when_may_only_follow_earlier_questions(tmp_path: Path) -> None:
    ahead = 'ask_when = [{ question = "third", is_yes = true }]'
    text = HEAD.replace('label = "First"', f'label = "First"\n{ahead}')
    with pytest.raises(ContentError, match=r"'questions\[0\]\.ask_when\[0\]'.*not asked before"):
        load_model(write(tmp_path, text + TAIL), FinderPage)


def test_plus_must_name_a_number_question(tmp_path: Path) -> None:
    text = HEAD + TAIL.replace(
        '{ question = "first", is_yes = true }', '{ question = "second", at_least = 1, plus = ["third"] }'
    )
    with pytest.raises(ContentError, match=r"conditions\[0\]\.plus'?: 'third' is not a number question"):
        load_model(write(tmp_path, text), FinderPage)
