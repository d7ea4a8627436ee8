"""The finder's place step: where the site is, asked once, in the ways an owner can answer.

One fieldset holds the ways to give the place (place_step.jsx), the district it leads to (also
a list to choose from) and the airport question it answers, which the visitor can still change.
"""

from collections.abc import Callable

import reflex as rx

from consultancy.content.finder import DONT_KNOW, Question

from .. import state as finder_state
from . import state as place_state


def _district(question: Question) -> rx.Component:
    return rx.el.div(
        rx.el.label("District", html_for=f"q-{question.id}", class_name="question__label"),
        rx.el.select(
            rx.el.option("Choose…", value=""),
            *[rx.el.option(o.label, value=o.value) for o in question.options],
            rx.el.option("Don't know", value=DONT_KNOW),
            id=f"q-{question.id}",
            value=finder_state.answer_of(question.id),
            on_change=finder_state.answer(question.id),
            class_name="question__input",
        ),
        class_name="place__district-choice",
    )


def place_step(question: Question, airport: Question, field: Callable[[Question], rx.Component]) -> rx.Component:
    """The step, shown where the finder asks `question` (the district); `field` renders the
    finder's own control for the airport question inside it."""
    hide = finder_state.hidden_question(question.id)
    return rx.el.fieldset(
        rx.el.legend(question.label, class_name="question__label"),
        rx.el.p(question.help, class_name="question__help", id=f"q-{question.id}-help"),
        place_state.step(),
        _district(question),
        field(airport),
        class_name=rx.cond(hide, "question place is-carried-over", "question place"),
        id="finder-place",
    )
