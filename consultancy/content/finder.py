"""The approvals finder: questions and rules from data/finder.toml, and their evaluation.

Rules are data. An approval applies when any one of its triggers matches, and a
trigger matches when all of its conditions hold for the visitor's answers.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .contract import SERVICE_ROUTES
from .models import Model, PageMeta, Text

Answers = dict[str, str]


class Option(Model):
    value: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    label: Text


class Question(Model):
    id: Annotated[str, Field(pattern=r"^[a-z_]+$")]
    kind: Literal["choice", "yes_no", "number"]
    label: Text
    help: str = ""
    unit: str = ""
    options: list[Option] = []

    @model_validator(mode="after")
    def _options(self) -> Question:
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError("options: a choice question needs at least two options")
        if self.kind != "choice" and self.options:
            raise ValueError(f"options: only choice questions have options, not '{self.kind}'")
        return self


class Condition(Model):
    question: str
    is_yes: bool | None = None
    one_of: list[str] | None = None
    at_least: float | None = None
    above: float | None = None
    below: float | None = None

    @model_validator(mode="after")
    def _one_test(self) -> Condition:
        tests = [t for t in (self.is_yes, self.one_of, self.at_least, self.above, self.below) if t is not None]
        if len(tests) != 1:
            raise ValueError("a condition needs exactly one of is_yes, one_of, at_least, above, below")
        return self

    def holds(self, answers: Answers) -> bool:
        raw = answers.get(self.question, "").strip()
        if self.is_yes is not None:
            return raw == ("yes" if self.is_yes else "no")
        if self.one_of is not None:
            return raw in self.one_of
        try:
            number = float(raw)
        except ValueError:
            return False
        if self.at_least is not None:
            return number >= self.at_least
        if self.above is not None:
            return number > self.above
        return self.below is not None and number < self.below


class Trigger(Model):
    reason: Text
    conditions: Annotated[list[Condition], Field(min_length=1)]

    def matches(self, answers: Answers) -> bool:
        return all(c.holds(answers) for c in self.conditions)


class Approval(Model):
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    title: Text
    authority: Text
    act: Text
    route: str
    triggers: Annotated[list[Trigger], Field(min_length=1)]

    @model_validator(mode="after")
    def _route_exists(self) -> Approval:
        if self.route not in SERVICE_ROUTES:
            raise ValueError(f"route: '{self.route}' is not a service page of the site")
        return self


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
        for a, approval in enumerate(self.approvals):
            for t, trigger in enumerate(approval.triggers):
                for c, condition in enumerate(trigger.conditions):
                    where = f"approvals[{a}].triggers[{t}].conditions[{c}]"
                    question = questions.get(condition.question)
                    if question is None:
                        raise ValueError(f"{where}: no question '{condition.question}'")
                    numeric = any(v is not None for v in (condition.at_least, condition.above, condition.below))
                    if numeric and question.kind != "number":
                        raise ValueError(f"{where}: '{question.id}' is not a number question")
                    if condition.is_yes is not None and question.kind != "yes_no":
                        raise ValueError(f"{where}: '{question.id}' is not a yes/no question")
                    if condition.one_of is not None:
                        values = {o.value for o in question.options}
                        unknown = [v for v in condition.one_of if v not in values]
                        if question.kind != "choice" or unknown:
                            raise ValueError(f"{where}: {unknown or condition.one_of} not options of '{question.id}'")
        return self

    def evaluate(self, answers: Answers) -> tuple[list[tuple[Approval, list[str]]], list[Approval]]:
        """(approvals that apply with the reasons that triggered them, approvals that do not)."""
        applies: list[tuple[Approval, list[str]]] = []
        not_applies: list[Approval] = []
        for approval in self.approvals:
            reasons = [t.reason for t in approval.triggers if t.matches(answers)]
            if reasons:
                applies.append((approval, reasons))
            else:
                not_applies.append(approval)
        return applies, not_applies
