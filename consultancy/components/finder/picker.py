"""The activity question as a typed picker (activity_picker.jsx, matching in activity.js): the
visitor types what the unit makes or does and picks from the matches, all in the browser.

The activities' words (every CPCB sector with its synonyms and what its category means) are not
in the page: carried as the picker's props they were parsed before the page answered a tap,
although many visitors never type an activity. They are written at compile time as
`utils/activity_words.js` in Reflex's web directory (the build plugins, through
`activity_words_module` in consultancy/build.py), a module the bundler gives a hashed chunk of
its own, and the picker imports it when the visitor first reaches for it (or an answer read
from the address names an activity), as the header search does with its index.
"""

import json

import reflex as rx
from reflex.vars.base import Var

from consultancy.content.finder import FinderPage, Question
from consultancy.framework.assets import shared_asset

from . import state as finder_state

_LIBRARY = shared_asset("activity_picker.jsx", __name__).importable_path
# Imported by activity_picker.jsx ("./activity.js"), so shared beside it.
ACTIVITY_JS = shared_asset("activity.js", __name__).importable_path

# What an activity's category means for the Board's consents, in the words shown beside it.
_COLOURS = ("red", "orange", "green", "blue")
_CONFIRM = " We confirm your unit's category with the Board."


def category_words(category: str, activity: str) -> tuple[str, str]:
    """(tag in the list, line under the box) for the derived `category` answer of one activity."""
    colour, _, settled = category.partition("-")
    confirm = "" if settled else _CONFIRM
    if colour in _COLOURS:
        name = colour.capitalize()
        return f"{name} category", f"{name} category: it needs the Board's consents.{confirm}"
    if colour == "listed":
        return "Needs consent", (
            "In the CPCB list and not White: it needs the Board's consents. We confirm its category "
            "(Red, Orange or Green) with the Board."
        )
    if colour == "white":
        if settled:
            return "White category", "White category: no consent from the Board is needed."
        return "White category", "Usually White: no consent from the Board, which we confirm for your unit."
    if category == "none" and activity in ("factory", "other"):
        return "", (
            "Pick the listed activity closest to yours if there is one: its category decides the Board's "
            "consents. Otherwise we check the category with you."
        )
    if category == "none":
        return "Category to check", (
            "The CPCB list does not settle this activity's category on its name alone (for some it depends "
            "on the size), so we check with you whether it needs the Board's consents."
        )
    return "", ""


def options(page: FinderPage, question: Question) -> tuple[list[dict], dict[str, list[str]]]:
    """The activities with their words, each naming what its category means (a key of the
    second value: [tag, line]); the finder's own first, then the listed sectors by name."""
    # The options written in data/finder.toml end with "other"; the loader adds the list's after.
    end = next(n for n, o in enumerate(question.options) if o.value == "other") + 1
    own, rest = question.options[:end], sorted(question.options[end:], key=lambda o: o.label.lower())
    found, meanings = [], {}
    for option in [*own, *rest]:
        category = page.effective_answers({question.id: option.value}).get("category", "")
        key = option.value if option.value in ("factory", "other") else category
        meanings[key] = list(category_words(category, option.value))
        found.append({"value": option.value, "label": option.label, "synonyms": option.synonyms, "category": key})
    return found, meanings


MODULE = "utils/activity_words.js"


def module_source(page: FinderPage) -> str:
    """The activities' words as the module the picker imports (`{options, meanings}`)."""
    question = next(q for q in page.questions if q.search)
    found, meanings = options(page, question)
    data = json.dumps({"options": found, "meanings": meanings}, ensure_ascii=False, separators=(",", ":"))
    return f"export default {data};\n"


class ActivityPicker(rx.Component):
    """The typed picker (activity_picker.jsx)."""

    library = _LIBRARY
    tag = "ActivityPicker"
    input_id: Var[str]
    # The answer it sets, and the key that keeps the words typed (finder_state.TYPED).
    question: Var[str]
    words_key: Var[str]
    value: Var[str]
    described_by: Var[str]
    # Passes the answers to set: {question: value, words_key: typed, and figures typed}.
    on_pick: rx.EventHandler[lambda entries: [entries]]


def activity_picker(page: FinderPage, question: Question) -> rx.Component:
    control_id = f"q-{question.id}"
    return rx.el.div(
        rx.el.label(question.label, html_for=control_id, class_name="question__label"),
        rx.el.p(question.help, class_name="question__help", id=f"{control_id}-help"),
        ActivityPicker.create(
            input_id=control_id,
            question=question.id,
            words_key=finder_state.TYPED,
            value=finder_state.answer_of(question.id),
            described_by=f"{control_id}-help {control_id}-chosen",
            on_pick=finder_state.put_all,
        ),
        class_name="question",
    )
