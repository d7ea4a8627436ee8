"""The approvals finder: questions and rules from data/finder.toml, and their evaluation.

The rules are data in a deliberately small language, because the browser evaluates the
same rules as this module and both must agree on every answer set. The semantics, exactly:

Answers
    A dict from question id to string, as the visitor gave them. Ids that are not
    questions are ignored. An answer is read *trimmed*: ASCII whitespace (space, tab, LF,
    CR, FF, VT) is removed at both ends. A trimmed empty string means "unanswered".

Numbers
    A number question's answer counts only if, trimmed, it matches
    ``^([0-9]+(\\.[0-9]*)?|\\.[0-9]+)$`` (plain decimal digits, an optional decimal point;
    no sign, exponent, grouping commas or words); its value is then the IEEE double of that
    text (JavaScript: ``parseFloat``). Anything else is treated as no number at all.

Condition (one question ``q``; ``a`` is q's *effective* answer, see below)
    ``is_yes = true``   holds iff a == "yes";  ``is_yes = false`` holds iff a == "no"
    ``one_of = [...]``  holds iff a is one of the listed option values
    ``at_least = x``    holds iff a is a number n and n >= x
    ``at_most = x``     holds iff a is a number n and n <= x
    ``above = x``       holds iff a is a number n and n > x
    ``below = x``       holds iff a is a number n and n < x
    So an unanswered question makes every condition on it false.

Trigger
    Holds iff ALL of its conditions hold.

Approval
    Applies iff ANY of its triggers holds. Its reasons are the ``reason`` of every trigger
    that holds, in file order. ``evaluate`` lists the approvals that apply, in file order,
    then the ones that do not.

Carried-over (implied) answers: ``Question.implied``
    ``effective_answers(answers)`` walks the questions in file order. For question q it
    tries q's ``implied`` entries in file order; the first entry whose ``when`` conditions
    ALL hold on the effective answers computed so far decides: q's effective answer IS that
    entry's ``value``, whatever the visitor answered to q. If no entry holds, q's effective
    answer is the visitor's trimmed answer (or ""). A ``when`` may name only questions that
    come earlier in the file (checked on load), so one pass settles everything.
    ``value = ""`` means "does not apply to this project": the question is not asked and
    counts as unanswered. The result has every question id as a key and is idempotent:
    ``effective_answers(effective_answers(a)) == effective_answers(a)``.
    ``implied(answers)`` returns only the questions whose answer was decided by an entry
    (id -> value), which the page shows as carried over (or not asked, for "").

Per-project titles: ``Approval.titles``
    ``title_for(approval, answers)`` is the ``title`` of the first entry in
    ``approval.titles`` whose ``when`` conditions ALL hold on the effective answers, else
    ``approval.title`` (the general title, also used where no project is in view).

All conditions everywhere (triggers, implied entries, titles) are evaluated on the
effective answers, never on the raw ones.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .contract import SERVICE_ROUTES
from .models import Model, PageMeta, Text

Answers = dict[str, str]

# Kept to what JavaScript's String.prototype.trim and Python agree on.
_SPACE = " \t\n\r\f\v"
NUMBER = re.compile(r"^([0-9]+(\.[0-9]*)?|\.[0-9]+)$")


def trimmed(raw: str) -> str:
    return raw.strip(_SPACE)


def number(answer: str) -> float | None:
    """The value of a number answer, or None when it is not a plain decimal number."""
    text = trimmed(answer)
    return float(text) if NUMBER.match(text) else None


class Option(Model):
    value: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    label: Text


class Condition(Model):
    question: str
    is_yes: bool | None = None
    one_of: list[str] | None = None
    at_least: float | None = None
    at_most: float | None = None
    above: float | None = None
    below: float | None = None

    @model_validator(mode="after")
    def _one_test(self) -> Condition:
        if len(self._tests()) != 1:
            raise ValueError("a condition needs exactly one of is_yes, one_of, at_least, at_most, above, below")
        return self

    def _tests(self) -> list[object]:
        tests = (self.is_yes, self.one_of, self.at_least, self.at_most, self.above, self.below)
        return [t for t in tests if t is not None]

    @property
    def numeric(self) -> bool:
        return any(t is not None for t in (self.at_least, self.at_most, self.above, self.below))

    def holds(self, answers: Answers) -> bool:
        answer = trimmed(answers.get(self.question, ""))
        if self.is_yes is not None:
            return answer == ("yes" if self.is_yes else "no")
        if self.one_of is not None:
            return answer in self.one_of
        n = number(answer)
        if n is None:
            return False
        if self.at_least is not None:
            return n >= self.at_least
        if self.at_most is not None:
            return n <= self.at_most
        if self.above is not None:
            return n > self.above
        return self.below is not None and n < self.below


Conditions = Annotated[list[Condition], Field(min_length=1)]


def all_hold(conditions: list[Condition], answers: Answers) -> bool:
    return all(c.holds(answers) for c in conditions)


class Implied(Model):
    """When `when` holds on the earlier answers, this question's answer is `value`."""

    when: Conditions
    value: str


class Question(Model):
    id: Annotated[str, Field(pattern=r"^[a-z_]+$")]
    kind: Literal["choice", "yes_no", "number"]
    label: Text
    help: str = ""
    unit: str = ""
    options: list[Option] = []
    implied: list[Implied] = []

    @model_validator(mode="after")
    def _options(self) -> Question:
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError("options: a choice question needs at least two options")
        if self.kind != "choice" and self.options:
            raise ValueError(f"options: only choice questions have options, not '{self.kind}'")
        for i, entry in enumerate(self.implied):
            if not self.accepts(entry.value):
                raise ValueError(f"implied[{i}].value: '{entry.value}' is not an answer to '{self.id}'")
        return self

    def accepts(self, value: str) -> bool:
        """Whether `value` is a possible answer ("" = does not apply)."""
        if value == "":
            return True
        if self.kind == "yes_no":
            return value in ("yes", "no")
        if self.kind == "choice":
            return value in {o.value for o in self.options}
        return NUMBER.match(value) is not None


class Trigger(Model):
    reason: Text
    conditions: Conditions

    def matches(self, answers: Answers) -> bool:
        return all_hold(self.conditions, answers)


class Title(Model):
    """The approval's title for projects where `when` holds (first match wins)."""

    when: Conditions
    title: Text


class Approval(Model):
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    title: Text
    authority: Text
    act: Text
    route: str
    triggers: Annotated[list[Trigger], Field(min_length=1)]
    titles: list[Title] = []

    @model_validator(mode="after")
    def _route_exists(self) -> Approval:
        if self.route not in SERVICE_ROUTES:
            raise ValueError(f"route: '{self.route}' is not a service page of the site")
        return self


def _check(where: str, condition: Condition, questions: dict[str, Question]) -> None:
    """A condition must fit its question's kind, so a typo cannot silently never match."""
    question = questions.get(condition.question)
    if question is None:
        raise ValueError(f"{where}: no question '{condition.question}'")
    if condition.numeric and question.kind != "number":
        raise ValueError(f"{where}: '{question.id}' is not a number question")
    if condition.is_yes is not None and question.kind != "yes_no":
        raise ValueError(f"{where}: '{question.id}' is not a yes/no question")
    if condition.one_of is not None:
        values = {o.value for o in question.options}
        unknown = [v for v in condition.one_of if v not in values]
        if question.kind != "choice" or unknown:
            raise ValueError(f"{where}: {unknown or condition.one_of} not options of '{question.id}'")


class FinderPage(Model):
    meta: PageMeta
    heading: Text
    intro: Text
    disclaimer: Text
    questions: Annotated[list[Question], Field(min_length=3)]
    approvals: Annotated[list[Approval], Field(min_length=1)]

    @model_validator(mode="after")
    def _references(self) -> FinderPage:
        questions = {q.id: q for q in self.questions}
        if len(questions) != len(self.questions):
            raise ValueError("questions: two questions share an id")
        if len({a.id for a in self.approvals}) != len(self.approvals):
            raise ValueError("approvals: two approvals share an id")
        order = {q.id: i for i, q in enumerate(self.questions)}
        for q, question in enumerate(self.questions):
            for e, entry in enumerate(question.implied):
                for c, condition in enumerate(entry.when):
                    where = f"questions[{q}].implied[{e}].when[{c}]"
                    _check(where, condition, questions)
                    # One pass in file order must settle every answer: no cycles, no look-ahead.
                    if order[condition.question] >= q:
                        raise ValueError(
                            f"{where}: '{condition.question}' is not asked before '{question.id}'"
                            " (an answer can be carried over only from earlier questions)"
                        )
        for a, approval in enumerate(self.approvals):
            for t, trigger in enumerate(approval.triggers):
                for c, condition in enumerate(trigger.conditions):
                    _check(f"approvals[{a}].triggers[{t}].conditions[{c}]", condition, questions)
            for t, title in enumerate(approval.titles):
                for c, condition in enumerate(title.when):
                    _check(f"approvals[{a}].titles[{t}].when[{c}]", condition, questions)
        return self

    def _settle(self, answers: Answers) -> tuple[dict[str, str], dict[str, str]]:
        """(effective answers, carried-over ones): the one pass the module doc describes."""
        effective: dict[str, str] = {}
        carried: dict[str, str] = {}
        for question in self.questions:
            entry = next((e for e in question.implied if all_hold(e.when, effective)), None)
            if entry is not None:
                carried[question.id] = entry.value
            effective[question.id] = entry.value if entry is not None else trimmed(answers.get(question.id, ""))
        return effective, carried

    def effective_answers(self, answers: Answers) -> dict[str, str]:
        """Every question's answer once carried-over answers are applied (see the module doc)."""
        return self._settle(answers)[0]

    def implied(self, answers: Answers) -> dict[str, str]:
        """The questions whose answer follows from earlier ones: id -> carried-over value
        ("" = does not apply). The page shows these as answered, or leaves them out."""
        return self._settle(answers)[1]

    def evaluate(self, answers: Answers) -> tuple[list[tuple[Approval, list[str]]], list[Approval]]:
        """(approvals that apply with the reasons that triggered them, approvals that do not),
        both in file order, judged on the effective answers."""
        effective = self.effective_answers(answers)
        applies: list[tuple[Approval, list[str]]] = []
        not_applies: list[Approval] = []
        for approval in self.approvals:
            reasons = [t.reason for t in approval.triggers if t.matches(effective)]
            if reasons:
                applies.append((approval, reasons))
            else:
                not_applies.append(approval)
        return applies, not_applies

    def title_for(self, approval: Approval, answers: Answers) -> str:
        """The approval's title for this project: the first `titles` entry that holds, else
        its general title."""
        effective = self.effective_answers(answers)
        return next((t.title for t in approval.titles if all_hold(t.when, effective)), approval.title)
