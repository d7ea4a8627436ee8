"""The approvals finder: questions and rules from data/finder.toml, and their evaluation.

The rules are data in a deliberately small language, because the browser evaluates the
same rules as this module and both must agree on every answer set. The semantics, exactly:

Answers
    A dict from question id to string, as the visitor gave them. Ids that are not
    questions are ignored. An answer is read *trimmed*: ASCII whitespace (space, tab, LF,
    CR, FF, VT) is removed at both ends. A trimmed empty string means "unanswered", and
    so does the answer ``dont-know`` (the page's "Don't know", offered on questions with
    ``dont_know = true``): the rules read it exactly as a blank, so what depends on it is
    listed as could-not-decide, never guessed.

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

Derived answers: ``Question.derived``
    A derived question is never shown or asked: its answer only follows from earlier ones
    (the pollution category from the activity, whether the project has an environmental
    clearance). In the same pass, its ``implied`` entries are read three-valued (like
    triggers, below, on the open questions before it): the first entry that is TRUE decides
    its answer; else, if an entry is UNKNOWN, the question is *pending* (open, answer "");
    else its answer is ``otherwise`` ("" = does not apply). A derived answer that is decided
    counts as carried over.

Per-project titles: ``Approval.titles``
    ``title_for(approval, answers)`` is the ``title`` of the first entry in
    ``approval.titles`` whose ``when`` conditions ALL hold on the effective answers, else
    ``approval.title`` (the general title, also used where no project is in view).

Asked only when relevant: ``Question.ask_when``
    In the same pass, a question that no ``implied`` entry settles is *asked* iff ALL of
    its ``ask_when`` conditions hold on the effective answers computed so far (an empty
    list always holds; like ``implied``, it may name only earlier questions). A question
    that is not asked has the effective answer "" whatever the visitor typed, and is not
    carried over either: it is simply not relevant to this project. ``asked(answers)``
    lists the asked questions in file order; the page shows only those.

Sums: ``Condition.plus``
    A numeric condition may add other number questions to its own: the value tested is
    n + m1 + m2 ... (added left to right, as doubles) where n is the question's number
    and each m is the number of a ``plus`` question, or 0 when that question's effective
    answer is "". If n is no number, or a non-empty ``plus`` answer is no number, the
    condition does not hold. (The built-up area after an expansion is the new area plus
    the existing one.)

Open questions and what cannot be decided
    A question is *open* when it is asked and its effective answer is "" or, for a number
    question, no number; or when it is *pending*: no ``implied`` entry settles it and its
    ``ask_when`` is UNKNOWN (three-valued, as for triggers below, on the open questions
    before it), so whether it will be asked waits on an earlier blank answer. A pending
    question is not asked (its effective answer is "") but counts as open.
    A condition is UNKNOWN when its question or one of its ``plus``
    questions is open; otherwise it holds or not as above. A trigger is true when all its
    conditions hold, false when any is false, else UNKNOWN (three-valued AND).
    A trigger with ``undecided = true`` ("ask us") never makes a rule apply: when it is
    true the rule cannot be decided, for the trigger's reason.
    A rule (an approval, or an ``outside`` item) APPLIES iff one of its ordinary triggers
    is true; its reasons are theirs, in file order, each once (a reason's ``{project}`` reads
    the name of the visitor's activity, ``project_names``). Otherwise it is UNDECIDED iff some
    trigger is unknown or some ``undecided`` trigger is true; its notes are, in trigger
    order, the reason of each true ``undecided`` trigger and, for each unknown trigger,
    ``Needs an answer: `` followed by the labels of its open questions (in condition
    order, each once) joined by ``; ``; repeated notes are kept once. Otherwise it does
    not apply. So a blank answer never drops a rule silently: it is listed as undecided.
    Conditions in ``implied``, ``ask_when`` and ``titles`` stay two-valued.

Outside the firm's services: ``FinderPage.outside``
    Items with the same triggers as approvals but no service page; each names its
    authority and a source. They are evaluated exactly like approvals and shown apart.

All conditions everywhere (triggers, implied entries, ask_when, titles) are evaluated on
the effective answers, never on the raw ones.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .contract import SERVICE_ROUTES
from .models import ChecklistItem, Model, PageMeta, Text

Answers = dict[str, str]

# Kept to what JavaScript's String.prototype.trim and Python agree on.
_SPACE = " \t\n\r\f\v"
NUMBER = re.compile(r"^([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
# The answer "Don't know": the rules read it as unanswered.
DONT_KNOW = "dont-know"
# A reason names the visitor's own project where it says "{project}" ("Your {project} needs the
# Board's consent" reads "Your hospital needs ..."): the name comes from the activity answer.
PROJECT = "{project}"
PROJECT_QUESTION = "activity"
_PLACEHOLDER = re.compile(r"\{[^}]*\}")

# The order of work: what a project applies for first. Each approval names its stage; the
# page lists the results stage by stage, under these headings.
Stage = Literal["site", "clearance", "establish", "building", "water", "operate", "compliance"]
STAGES: dict[str, str] = {
    "site": "Before you commit: the site",
    "clearance": "Forest and environmental clearance",
    "establish": "Consent to establish",
    "building": "Building plan, fire and height",
    "water": "Water",
    "operate": "Before you start operating",
    "compliance": "Once running: renewals and compliance",
}


def trimmed(raw: str) -> str:
    return raw.strip(_SPACE)


def known(raw: str) -> str:
    """The answer as the rules read it: trimmed, and "" for "Don't know"."""
    text = trimmed(raw)
    return "" if text == DONT_KNOW else text


def number(answer: str) -> float | None:
    """The value of a number answer, or None when it is not a plain decimal number."""
    text = trimmed(answer)
    return float(text) if NUMBER.match(text) else None


class Option(Model):
    value: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    label: Text
    # Other words a visitor may type for it (a searchable choice matches them too).
    synonyms: list[str] = []


class Condition(Model):
    question: str
    is_yes: bool | None = None
    one_of: list[str] | None = None
    at_least: float | None = None
    at_most: float | None = None
    above: float | None = None
    below: float | None = None
    plus: list[str] = []

    @model_validator(mode="after")
    def _one_test(self) -> Condition:
        if len(self._tests()) != 1:
            raise ValueError("a condition needs exactly one of is_yes, one_of, at_least, at_most, above, below")
        if self.plus and not self.numeric:
            raise ValueError("plus: only a numeric condition can add other questions")
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
        for other in self.plus:
            part = trimmed(answers.get(other, ""))
            if part == "":
                continue
            m = number(part)
            if m is None:
                return False
            n += m
        if self.at_least is not None:
            return n >= self.at_least
        if self.at_most is not None:
            return n <= self.at_most
        if self.above is not None:
            return n > self.above
        return self.below is not None and n < self.below

    def status(self, answers: Answers, open_questions: set[str]) -> bool | None:
        """True or False, or None (unknown) when a question it reads is still open."""
        if self.question in open_questions or any(p in open_questions for p in self.plus):
            return None
        return self.holds(answers)

    @property
    def questions(self) -> list[str]:
        return [self.question, *self.plus]


Conditions = Annotated[list[Condition], Field(min_length=1)]


def and3(values: list[bool | None]) -> bool | None:
    """Three-valued AND: False beats unknown (None), which beats True."""
    if False in values:
        return False
    return None if None in values else True


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
    ask_when: list[Condition] = []
    # Offers "Don't know" where a visitor may well not know (read as a blank by the rules).
    dont_know: bool = False
    # Never shown: the answer follows from earlier ones (see the module doc).
    derived: bool = False
    otherwise: str = ""
    # A choice the visitor types to search (its options and their synonyms), for long lists.
    search: bool = False
    # Yes/no questions of one setting shown together as one group of boxes: the group's
    # question, and this question's box.
    group: str = ""
    box: str = ""

    @model_validator(mode="after")
    def _options(self) -> Question:
        if self.derived and (not self.implied or self.ask_when or self.dont_know):
            raise ValueError("derived: a derived question has implied entries and no ask_when or dont_know")
        if self.otherwise and not (self.derived and self.accepts(self.otherwise)):
            raise ValueError(f"otherwise: only a derived question has one, and '{self.otherwise}' must be an answer")
        if self.group and (self.kind != "yes_no" or not self.box):
            raise ValueError("group: only yes/no questions go in a group of boxes, each with its box text")
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
    # "Ask us": when this holds the rule cannot be decided from the answers (the law or its
    # reading is unsettled), so the result says so instead of guessing.
    undecided: bool = False

    def matches(self, answers: Answers) -> bool:
        return all_hold(self.conditions, answers)

    def status(self, answers: Answers, open_questions: set[str]) -> bool | None:
        return and3([c.status(answers, open_questions) for c in self.conditions])


class Title(Model):
    """The approval's title for projects where `when` holds (first match wins)."""

    when: Conditions
    title: Text


class Rule(Model):
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    title: Text
    authority: Text
    act: Text
    triggers: Annotated[list[Trigger], Field(min_length=1)]
    titles: list[Title] = []


class Outside(Rule):
    """An approval the firm does not handle, named so the visitor sees the whole picture."""

    source: Text


class Approval(Rule):
    route: str
    # When in the project it is applied for (STAGES, in order).
    stage: Stage
    # The firm's own study or design work (feasibility, EIA study, architectural plans),
    # shown apart from the government approvals.
    study: bool = False
    # What to gather for it, filled in by the loader (loader.finder_documents): the documents
    # of the records that name this result, or for a step of work (a compliance report, a
    # study) the list its service page gives.
    documents: list[ChecklistItem] = []

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
    for other in condition.plus:
        if other not in questions or questions[other].kind != "number":
            raise ValueError(f"{where}.plus: '{other}' is not a number question")
    if condition.is_yes is not None and question.kind != "yes_no":
        raise ValueError(f"{where}: '{question.id}' is not a yes/no question")
    if condition.one_of is not None:
        values = {o.value for o in question.options}
        unknown = [v for v in condition.one_of if v not in values]
        if question.kind != "choice" or unknown:
            raise ValueError(f"{where}: {unknown or condition.one_of} not options of '{question.id}'")


class Industry(Model):
    """A home page industry tile: the finder opens with these answers given."""

    name: Text
    answers: Annotated[dict[str, str], Field(min_length=1)]


class FinderPage(Model):
    meta: PageMeta
    heading: Text
    intro: Text
    disclaimer: Text
    questions: Annotated[list[Question], Field(min_length=3)]
    approvals: Annotated[list[Approval], Field(min_length=1)]
    outside: list[Outside] = []
    industries: list[Industry] = []
    # The few words a reason's "{project}" reads for an activity answer (or its derived kind);
    # an activity not named here reads its own label, without any bracketed part.
    project_names: dict[str, Text] = {}
    # The consent answer where the list read does not settle the category ("We confirm your
    # category with you on a short call"): the page puts the call and WhatsApp buttons beside
    # every note that holds it.
    confirm_call: Text = ""

    # Worked out once per page: the rules read them for every reason of every answer set.
    @cached_property
    def names_by_answer(self) -> dict[str, str]:
        """The name of the visitor's project for every answer to the activity question."""
        questions = {q.id: q for q in self.questions}
        activity = questions.get(PROJECT_QUESTION)
        if activity is None:
            return {}
        names: dict[str, str] = {}
        for option in activity.options:
            label = re.sub(r"\s*\([^)]*\)", "", option.label).strip()
            plain = label[:1].lower() + label[1:] if label[1:2].islower() else label
            names[option.value] = self.project_names.get(option.value, plain)
        return names

    @cached_property
    def labels(self) -> dict[str, str]:
        """Each question's label by its id."""
        return {q.id: q.label for q in self.questions}

    def project_name(self, effective: Answers) -> str:
        return self.names_by_answer.get(effective.get(PROJECT_QUESTION, ""), "project")

    def reason_for(self, reason: str, effective: Answers) -> str:
        """A reason as the visitor reads it: "{project}" is their own project."""
        return reason.replace(PROJECT, self.project_name(effective)) if PROJECT in reason else reason

    def in_work_order(self) -> list[int]:
        """Indexes of the approvals, stage by stage (STAGES), file order within a stage."""
        stages = list(STAGES)
        return sorted(range(len(self.approvals)), key=lambda n: (stages.index(self.approvals[n].stage), n))

    @property
    def rules(self) -> list[Rule]:
        """Approvals, then the items outside the firm's services: the order results use."""
        return [*self.approvals, *self.outside]

    @model_validator(mode="after")
    def _references(self) -> FinderPage:
        questions = {q.id: q for q in self.questions}
        if len(questions) != len(self.questions):
            raise ValueError("questions: two questions share an id")
        if len({a.id for a in self.rules}) != len(self.rules):
            raise ValueError("approvals, outside: two share an id")
        order = {q.id: i for i, q in enumerate(self.questions)}
        groups = [q.group for q in self.questions if q.group]
        if any(groups[i] != groups[i - 1] and groups[i] in groups[:i] for i in range(1, len(groups))):
            raise ValueError("group: the questions of a group follow each other in the file")
        for q, question in enumerate(self.questions):
            earlier = [(f"implied[{e}].when", entry.when) for e, entry in enumerate(question.implied)]
            for prefix, conditions in [*earlier, ("ask_when", question.ask_when)]:
                for c, condition in enumerate(conditions):
                    where = f"questions[{q}].{prefix}[{c}]"
                    _check(where, condition, questions)
                    # One pass in file order must settle every answer: no cycles, no look-ahead.
                    if any(order[name] >= q for name in condition.questions):
                        raise ValueError(
                            f"{where}: '{condition.question}' is not asked before '{question.id}'"
                            " (an answer can be carried over, or a question made relevant, only by earlier questions)"
                        )
        for i, industry in enumerate(self.industries):
            for question, value in industry.answers.items():
                if question not in questions or not questions[question].accepts(value):
                    raise ValueError(f"industries[{i}].answers: '{value}' is not an answer to '{question}'")
        activity = questions.get(PROJECT_QUESTION)
        values = {o.value for o in activity.options} if activity else set()
        for value in self.project_names:
            if value not in values:
                raise ValueError(f"project_names: '{value}' is not an answer to '{PROJECT_QUESTION}'")
        for kind, rules in (("approvals", self.approvals), ("outside", self.outside)):
            for a, rule in enumerate(rules):
                for t, trigger in enumerate(rule.triggers):
                    unknown = [p for p in _PLACEHOLDER.findall(trigger.reason) if p != PROJECT]
                    if unknown:
                        raise ValueError(f"{kind}[{a}].triggers[{t}].reason: {unknown[0]} is not {PROJECT}")
                    for c, condition in enumerate(trigger.conditions):
                        _check(f"{kind}[{a}].triggers[{t}].conditions[{c}]", condition, questions)
                for t, title in enumerate(rule.titles):
                    for c, condition in enumerate(title.when):
                        _check(f"{kind}[{a}].titles[{t}].when[{c}]", condition, questions)
        if self.confirm_call and not any(
            t.undecided and t.reason.endswith(self.confirm_call) for r in self.rules for t in r.triggers
        ):
            raise ValueError("confirm_call: no 'ask us' reason ends with it")
        return self

    def _settle(self, answers: Answers) -> tuple[dict[str, str], dict[str, str], list[str], list[str]]:
        """(effective answers, carried-over ones, asked ones, open ones): the one pass the
        module doc describes."""
        effective: dict[str, str] = {}
        carried: dict[str, str] = {}
        asked: list[str] = []
        open_questions: list[str] = []
        for question in self.questions:
            if question.derived:
                statuses = [and3([c.status(effective, set(open_questions)) for c in e.when]) for e in question.implied]
                if True in statuses:
                    carried[question.id] = effective[question.id] = question.implied[statuses.index(True)].value
                elif None in statuses:
                    effective[question.id] = ""
                    open_questions.append(question.id)
                else:
                    carried[question.id] = effective[question.id] = question.otherwise
                continue
            entry = next((e for e in question.implied if all_hold(e.when, effective)), None)
            relevant = and3([c.status(effective, set(open_questions)) for c in question.ask_when])
            if entry is not None:
                carried[question.id] = entry.value
                effective[question.id] = entry.value
            elif relevant is True:
                asked.append(question.id)
                answer = known(answers.get(question.id, ""))
                effective[question.id] = answer
                if answer == "" or (question.kind == "number" and number(answer) is None):
                    open_questions.append(question.id)
            else:
                effective[question.id] = ""
                if relevant is None:
                    open_questions.append(question.id)  # pending: relevant or not, once earlier ones are answered
        return effective, carried, asked, open_questions

    def asked(self, answers: Answers) -> list[str]:
        """The questions this project is asked, in file order (not carried over, relevant)."""
        return self._settle(answers)[2]

    def open_questions(self, answers: Answers) -> list[str]:
        """Questions still without a usable answer, in file order: asked ones left blank (or
        no number), and pending ones (see the module doc)."""
        return self._settle(answers)[3]

    def outcome(self, rule: Rule, answers: Answers) -> tuple[str, list[str]]:
        """("applies", reasons) | ("undecided", notes) | ("no", []) as the module doc says."""
        effective = self.effective_answers(answers)
        open_set = set(self.open_questions(answers))
        labels = self.labels
        reasons: list[str] = []
        notes: list[str] = []
        for trigger in rule.triggers:
            status = trigger.status(effective, open_set)
            if status is True and not trigger.undecided:
                reasons.append(self.reason_for(trigger.reason, effective))
            elif status is True:
                notes.append(self.reason_for(trigger.reason, effective))
            elif status is None:
                needed = [q for c in trigger.conditions for q in c.questions if q in open_set]
                unique = list(dict.fromkeys(needed))
                notes.append("Needs an answer: " + "; ".join(labels[q] for q in unique))
        if reasons:
            return "applies", list(dict.fromkeys(reasons))
        if notes:
            return "undecided", list(dict.fromkeys(notes))
        return "no", []

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
        applies: list[tuple[Approval, list[str]]] = []
        not_applies: list[Approval] = []
        for approval in self.approvals:
            status, reasons = self.outcome(approval, answers)
            if status == "applies":
                applies.append((approval, reasons))
            else:
                not_applies.append(approval)
        return applies, not_applies

    def title_for(self, approval: Rule, answers: Answers) -> str:
        """The approval's title for this project: the first `titles` entry that holds, else
        its general title."""
        effective = self.effective_answers(answers)
        return next((t.title for t in approval.titles if all_hold(t.when, effective)), approval.title)
