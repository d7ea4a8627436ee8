"""The approvals finder on the command line: what the page shows for a set of answers.

`python -m consultancy.finder ANSWERS.toml` reads answers (question id = "value", the ids in
README.md) and prints the same result the browser computes from the same rules
(consultancy/content/finder.py): the questions carried over or not asked, the approvals that
apply with their titles and reasons, those outside the firm's services, and what the answers
leave undecided."""

from __future__ import annotations

import tomllib
from pathlib import Path

from consultancy.content.finder import Answers, FinderPage


def read_answers(path: Path) -> Answers:
    """Answers from a TOML file: every value read as the text a visitor would type."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def report(page: FinderPage, answers: Answers) -> str:
    labels = page.labels
    asked = page.asked(answers)
    carried = page.implied(answers)
    unknown = sorted(set(answers) - set(labels))
    skipped = [q for q in answers if q in labels and q not in asked and q not in carried]
    lines = [f"Questions asked: {len(asked)}; still open: {len(page.open_questions(answers))}"]
    if carried:
        lines.append("\nCarried over from earlier answers (not asked):")
        lines += [f"  {q} = {v!r}" if v else f"  {q}: does not apply" for q, v in carried.items()]
    if skipped:
        lines.append("\nAnswered but not asked for this project (ignored):")
        lines += [f"  {q}" for q in skipped]
    if unknown:
        lines.append("\nNot questions of the finder (ignored):")
        lines += [f"  {q}" for q in unknown]
    sections: dict[str, list[str]] = {"applies": [], "outside": [], "undecided": []}
    for rule in page.rules:
        status, texts = page.outcome(rule, answers)
        if status == "no":
            continue
        key = "undecided" if status == "undecided" else ("applies" if rule in page.approvals else "outside")
        title = page.title_for(rule, answers)
        where = f"/{rule.route}" if hasattr(rule, "route") else rule.authority
        entry = [f"  {title} [{rule.id}] ({where})"]
        entry += [f"    - {t}" for t in texts]
        if key == "applies":
            entry.append(f"    Authority: {rule.authority}")
        elif key == "outside":
            entry.append(f"    Source: {getattr(rule, 'source', '')}")
        sections[key] += entry
    heads = {
        "applies": "Approvals that apply",
        "outside": "Also needed, outside our services",
        "undecided": "Could not decide from these answers",
    }
    for key, head in heads.items():
        lines.append(f"\n{head}:")
        lines += sections[key] or ["  none"]
    return "\n".join(lines)
