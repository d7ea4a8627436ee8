"""The stages an approval moves through, in the client's words, and where an approval stands on
the legal clock: its facts of law (the time limit, the validity, the documents, the appeal) are
read from its record in data/law/, never copied, and only a settled fact computes a date
(case_clock.py, law.status). Staff move an approval through its stages in tracker.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlmodel import Session, select

from consultancy.content import content, renewals
from consultancy.law.model import Record
from consultancy.law.registry import law
from consultancy.records.models import (
    CaseApproval,
    CaseDocument,
    ClientCase,
)

from .case_clock import Clock, Pause, clock

# What each stage is called on the client's page and in the emails.
STAGE_WORDS: dict[str, str] = {
    "gathering": "Gathering documents",
    "filed": "Filed with the authority",
    "query": "The authority asked a question",
    "inspection": "Inspection",
    "granted": "Granted",
    "refused": "Refused",
    "renewal": "Renewal due",
}


# What happens next, by stage, in the client's words.
NEXT_WORDS: dict[str, str] = {
    "gathering": "Once we have the documents below, we prepare and file the application.",
    "filed": "The authority is examining the application. We follow it up and tell you of any question.",
    "query": "We prepare the reply to the authority's question; we may need something from you.",
    "inspection": "The authority's officers inspect the site; we tell you what to keep ready.",
    "granted": "Keep the order safe. We remind you before it must be renewed.",
    "refused": "We advise you on an appeal or a fresh application.",
    "renewal": "The approval must be renewed: we start on the renewal with you.",
}


# The same for a contact we can reach only by phone: nothing is promised by email.
NEXT_WORDS_BY_PHONE: dict[str, str] = {
    **NEXT_WORDS,
    "granted": "Keep the order safe. We call you before it must be renewed.",
}

# The stages at which the client may owe us something: only then does the page list what we
# are waiting for (a filed or granted approval waits for nothing from them).
CLIENT_OWES_AT = frozenset({"gathering", "query", "renewal"})


# Who holds the next step after moving to a stage (staff may change it).
HOLDER_AFTER: dict[str, str] = {
    "gathering": "client",
    "filed": "authority",
    "query": "firm",
    "inspection": "authority",
    "granted": "firm",
    "refused": "firm",
    "renewal": "firm",
}


HOLDER_WORDS = {"firm": "Our firm", "client": "You", "authority": "The authority"}


DECIDED = ("granted", "refused", "renewal")


@dataclass(frozen=True)
class DocumentView:
    id: int
    name: str
    description: str
    received_on: date | None


@dataclass(frozen=True)
class ApprovalView:
    id: int
    approval_id: str
    name: str
    stage: str
    stage_words: str
    stage_changed_at: datetime
    holder: str
    holder_since: datetime
    portal: str
    application_no: str
    filed_on: date | None
    reply_due_on: date | None
    inspection_on: date | None
    order_no: str
    issued_on: date | None
    expires_on: date | None
    refused_on: date | None
    clock: Clock
    # The rule's own words when the limit is not settled ("" when it is, or no record).
    appeal_to: str
    appeal_by: date | None
    renew_by: date | None
    documents: tuple[DocumentView, ...]
    renewals_agreed: bool
    next_words: str

    @property
    def awaited(self) -> tuple[DocumentView, ...]:
        return tuple(d for d in self.documents if d.received_on is None)


def _record(approval_id: str) -> Record | None:
    if not approval_id:
        return None
    found = law().canonical(approval_id)
    return law().records[found] if found else None


def _words(day: date | None) -> str:
    """A date as the client reads it: 8 October 2026."""
    return f"{day.day} {day.strftime('%B %Y')}" if day else ""


def _pauses(row: CaseApproval) -> list[Pause]:
    return [(date.fromisoformat(str(p[0])), date.fromisoformat(str(p[1])) if p[1] else None) for p in row.pauses]


def _approval_view(row: CaseApproval, documents: list[CaseDocument], today: date) -> ApprovalView:
    record = _record(row.approval_id)
    assert row.id is not None
    the_clock = clock(record, row.filed_on, _pauses(row), today, decided=row.stage in DECIDED)
    appeal_to, appeal_by = "", None
    if record is not None and record.appeal is not None and record.appeal.status == "settled":
        appeal_to = record.appeal.to or ""
        if row.refused_on is not None and record.appeal.days is not None:
            appeal_by = row.refused_on + timedelta(days=record.appeal.days)
    renew_by = None
    if row.expires_on is not None and record is not None:
        # The renewal calendar's apply-by rule (the law's settled lead and time to decide, or
        # the firm's advice): never the expiry day itself.
        rule = content().validity.get(record.id)
        if rule is not None:
            renew_by, _ = renewals.apply_by(rule, row.expires_on)
    return ApprovalView(
        id=row.id,
        approval_id=row.approval_id,
        name=row.name,
        stage=row.stage,
        stage_words=STAGE_WORDS[row.stage],
        stage_changed_at=row.stage_changed_at,
        holder=row.holder,
        holder_since=row.holder_since,
        portal=row.portal,
        application_no=row.application_no,
        filed_on=row.filed_on,
        reply_due_on=row.reply_due_on,
        inspection_on=row.inspection_on,
        order_no=row.order_no,
        issued_on=row.issued_on,
        expires_on=row.expires_on,
        refused_on=row.refused_on,
        clock=the_clock,
        appeal_to=appeal_to,
        appeal_by=appeal_by,
        renew_by=renew_by,
        documents=tuple(DocumentView(d.id or 0, d.name, d.description, d.received_on) for d in documents),
        renewals_agreed=row.renewals_agreed_at is not None,
        next_words=NEXT_WORDS[row.stage],
    )


def _approvals(session: Session, case: ClientCase, today: date) -> tuple[ApprovalView, ...]:
    rows = session.exec(select(CaseApproval).where(CaseApproval.case_id == case.id).order_by(CaseApproval.id)).all()
    views = []
    for row in rows:
        documents = session.exec(
            select(CaseDocument).where(CaseDocument.approval_row_id == row.id).order_by(CaseDocument.id)
        ).all()
        views.append(_approval_view(row, list(documents), today))
    return tuple(views)


def approvals_of_services(services: list[str]) -> list[str]:
    """The approval records the enquiry's services name (the finder's result, when it came
    from the finder), in the enquiry's order, once each."""
    by_route = {s.route: s for s in content().services}
    found: list[str] = []
    for route in services:
        service = by_route.get(route)
        for approval_id in service.glance.approvals if service is not None else []:
            if approval_id not in found:
                found.append(approval_id)
    return found


def renewal_held(approvals: tuple[ApprovalView, ...]) -> dict[str, dict[str, str]]:
    """The renewal calendar's list (its `held`: {approval id: {"date", "kind"}}) of the granted
    approvals whose client agreed to reminders, from the case's own dates: never typed again."""
    held: dict[str, dict[str, str]] = {}
    for approval in approvals:
        if not approval.renewals_agreed or not approval.approval_id:
            continue
        if approval.expires_on is not None:
            held[approval.approval_id] = {"date": approval.expires_on.isoformat(), "kind": "expiry"}
        elif approval.issued_on is not None:
            held[approval.approval_id] = {"date": approval.issued_on.isoformat(), "kind": "issue"}
    return held
