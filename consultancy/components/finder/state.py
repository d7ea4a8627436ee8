"""Answers to the approvals finder and the approvals they lead to."""

import reflex as rx

from consultancy.content import content


def _entry(approval, reasons: list[str] | None = None) -> dict[str, str]:
    return {
        "id": approval.id,
        "title": approval.title,
        "authority": approval.authority,
        "act": approval.act,
        "path": f"/{approval.route}",
        "reasons": "; ".join(reasons or []),
    }


class FinderState(rx.State):
    answers: dict[str, str] = {}

    @rx.event
    def answer(self, question: str, value: str) -> None:
        self.answers = {**self.answers, question: str(value)}

    @rx.event
    def start_over(self) -> None:
        self.answers = {}

    @rx.var
    def applicable(self) -> list[dict[str, str]]:
        applies, _ = content().finder.evaluate(self.answers)
        return [_entry(approval, reasons) for approval, reasons in applies]

    @rx.var
    def not_applicable(self) -> list[dict[str, str]]:
        _, rest = content().finder.evaluate(self.answers)
        return [_entry(approval) for approval in rest]

    @rx.var
    def answered(self) -> int:
        return len([v for v in self.answers.values() if v.strip()])
