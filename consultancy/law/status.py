"""What a fact's status allows: what a page may say, and what the calendar may compute.

A settled fact is stated in its own words. A reported or unsettled one is never paraphrased:
the page says the fixed sentence for its kind, which tells the visitor what to do, so no
page can publish a doubt or a guess. Only a settled period computes a date.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from .model import Decision, Fact, Filing, Record, Renewal, Validity

Kind = Literal["authority", "basis", "validity", "renewal", "filing", "decision", "fee", "forms", "portal", "appeal"]

# What a page says for a fact that is not settled, by kind. Reported and unsettled facts read
# the same to a visitor: in both cases the firm checks the current rule for the case.
NOT_SETTLED: dict[Kind, str] = {
    "authority": "We confirm which office handles your application.",
    "basis": "We confirm the rules that apply to your case.",
    "validity": "The validity is printed on your certificate; we check the current rule for your case.",
    "renewal": "Apply well before the expiry date; we tell you how early for your case.",
    "filing": "The due date is set in your approval; we keep track of it for you.",
    "decision": "The authority decides after its own checks; we give you an estimate for your case.",
    "fee": "The authority sets the fee; we tell you the amount for your case.",
    "forms": "We prepare the forms the authority asks for today.",
    "portal": "We file on the portal the authority uses today.",
    "appeal": "If a decision goes against you, we advise you on the remedy open to you.",
}

# Why the calendar asks for the printed expiry date instead of counting one.
WHY_ASK_EXPIRY = (
    "The law does not fix one period for every certificate, so the calendar works from the date printed on yours."
)


def say(fact: Fact, kind: Kind) -> str:
    """The public sentence for a fact: its own words when settled, else the fixed sentence."""
    if fact.status == "settled" and fact.text is not None:
        return fact.text
    return NOT_SETTLED[kind]


def computed_months(validity: Validity) -> int | None:
    """The period the calendar may count from an issue date: only a settled, fixed one."""
    return validity.months if validity.status == "settled" else None


def lead_days(renewal: Renewal | None) -> int | None:
    """Days before expiry to apply, only where a settled source fixes them."""
    if renewal is None or renewal.status != "settled":
        return None
    return renewal.days_before


def open_ended(validity: Validity) -> bool:
    """The approval runs until cancelled, with no expiry: only when settled."""
    return validity.until_cancelled and validity.status == "settled"


def decision_days(decision: Decision | None) -> int | None:
    """The authority's settled time to decide, in calendar days (working days counted as at
    least seven for every five, rounded up): how early a renewal must be filed to be decided
    before the expiry."""
    if decision is None or decision.status != "settled" or decision.days is None:
        return None
    return -(-decision.days * 7 // 5) if decision.working_days else decision.days


def filing_every(filing: Filing) -> int | None:
    """Years between payments counted from the issue date, only when settled."""
    return filing.every_years if filing.status == "settled" else None


def filing_date(filing: Filing) -> tuple[int, int] | None:
    """A filing's fixed (month, day) in the year, only when its due date is settled."""
    if filing.status != "settled" or filing.month is None or filing.day is None:
        return None
    return filing.month, filing.day


def validity_text(record: Record, day: date) -> str:
    return say(record.validity_on(day), "validity")


def decision_text(decision: Decision | None) -> str | None:
    return None if decision is None else say(decision, "decision")


def sources_of(record: Record, fact: Fact | None) -> str:
    """The titles of the sources a fact cites, for a page or a calendar entry."""
    if fact is None:
        return ""
    titles: list[str] = []
    for cite in fact.cites:
        title = record.sources[cite.source].title
        if title not in titles:
            titles.append(title)
    return "; ".join(titles)
