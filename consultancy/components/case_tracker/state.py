"""The case tracker's state on the backend (/staff/cases).

The same session rule as the inbox (consultancy/components/staff_inbox/state.py): every
handler checks the HttpOnly cookie of its own socket against the database first, through
consultancy/cases (case_file.py), which refuses a session without the second factor; what the page showed is dropped
when the check fails, and Reflex's full snapshot sends the private vars only to the socket
that passed the check last (snapshot_guard). Every value shown is plain text.

A change refused, or made while the database is away, leaves the forms as typed (their keys
change only when a change is saved) and says why.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from datetime import date, datetime
from urllib.parse import quote

import reflex as rx

from consultancy.cases import case_file, emails, links, stages, tracker
from consultancy.components.staff_inbox.notes import NoteRow
from consultancy.enquiries.inbox import check_session
from consultancy.enquiries.staff_http import session_token
from consultancy.framework.snapshot_guard import guard_snapshot
from consultancy.law.registry import law
from consultancy.records.errors import NotSignedIn, StoreUnavailable
from consultancy.records.settings import IST

PRIVATE = ("staff_name", "morning", "opened", "new_link", "notice", "problem")


def _day(value: date | None) -> str:
    return value.strftime("%d %b %Y").lstrip("0") if value else ""


def _moment(value: datetime) -> str:
    return value.astimezone(IST).strftime("%d %b %Y %H:%M")


@dataclasses.dataclass
class LineRow:
    reference: str = ""
    organisation: str = ""
    approval: str = ""
    stage: str = ""
    when: str = ""
    assigned_to: str = ""


@dataclasses.dataclass
class MorningView:
    by_stage: list[list[str]] = dataclasses.field(default_factory=list)
    overdue: list[LineRow] = dataclasses.field(default_factory=list)
    waiting: list[LineRow] = dataclasses.field(default_factory=list)
    renewals: list[LineRow] = dataclasses.field(default_factory=list)
    callbacks: list[LineRow] = dataclasses.field(default_factory=list)
    cases: list[LineRow] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class DocumentRow:
    id: str = ""
    name: str = ""
    description: str = ""
    received: bool = False
    received_on: str = ""


@dataclasses.dataclass
class ApprovalRow:
    id: str = ""
    name: str = ""
    stage: str = ""
    stage_words: str = ""
    holder: str = ""
    # The facts as lines "label: value", only those known.
    facts: list[str] = dataclasses.field(default_factory=list)
    decide_by: str = ""
    deemed_from: str = ""
    clock_rule: str = ""
    clock_note: str = ""
    overdue: bool = False
    documents: list[DocumentRow] = dataclasses.field(default_factory=list)
    whatsapp: str = ""
    granted: bool = False
    renewals_agreed: bool = False


@dataclasses.dataclass
class EventRow:
    when: str = ""
    actor: str = ""
    detail: str = ""
    public: bool = False


@dataclasses.dataclass
class CaseRow:
    reference: str = ""
    organisation: str = ""
    status: str = ""
    enquiry_reference: str = ""
    finder_answers: str = ""
    contact: str = ""
    contact_phone: str = ""
    stage_emails: bool = False
    assigned_to: str = ""
    callback_on: str = ""
    handler_phone: str = ""
    live_links: int = 0
    approvals: list[ApprovalRow] = dataclasses.field(default_factory=list)
    notes: list[NoteRow] = dataclasses.field(default_factory=list)
    history: list[EventRow] = dataclasses.field(default_factory=list)
    # Bumped at each saved change, so the forms' keys empty what was saved.
    version: int = 0


def _line(line: tracker.CaseLine) -> LineRow:
    return LineRow(
        reference=line.reference,
        organisation=line.organisation,
        approval=line.approval,
        stage=stages.STAGE_WORDS.get(line.stage, ""),
        when=_day(line.when),
        assigned_to=line.assigned_to,
    )


def _approval(view: case_file.CaseView, approval: stages.ApprovalView) -> ApprovalRow:
    facts = []
    for label, value in (
        ("Portal", approval.portal),
        ("Application no.", approval.application_no),
        ("Filed", _day(approval.filed_on)),
        ("Reply due", _day(approval.reply_due_on) if approval.stage == "query" else ""),
        ("Inspection", _day(approval.inspection_on)),
        ("Order no.", approval.order_no),
        ("Issued", _day(approval.issued_on)),
        ("Expires", _day(approval.expires_on)),
        ("Renew by", _day(approval.renew_by)),
        ("Refused", _day(approval.refused_on)),
        ("Appeal by", _day(approval.appeal_by) + (f" to {approval.appeal_to}" if approval.appeal_to else "")),
    ):
        if value:
            facts.append(f"{label}: {value}")
    clock = approval.clock
    if approval.filed_on is None:
        note = "Not filed yet."
    elif clock.paused:
        note = "Stopped: a query waits for its reply."
    elif clock.decide_by is None:
        note = "No settled time limit in the record: no date is computed."
    else:
        note = ""
    # The primary contact: the one who gets the stage emails and the links.
    contact = next((c for c in view.contacts if c.primary), view.contacts[0] if view.contacts else None)
    phone = re.sub(r"[^0-9]", "", contact.phone if contact else "")
    whatsapp = f"https://wa.me/{phone}?text={quote(emails.whatsapp_text(view, approval), safe='')}" if phone else ""
    return ApprovalRow(
        id=str(approval.id),
        name=approval.name,
        stage=approval.stage,
        stage_words=approval.stage_words,
        holder=approval.holder,
        facts=facts,
        decide_by=_day(clock.decide_by),
        deemed_from=_day(clock.deemed_from),
        clock_rule=clock.rule,
        clock_note=note,
        overdue=clock.overdue,
        documents=[
            DocumentRow(str(d.id), d.name, d.description, d.received_on is not None, _day(d.received_on))
            for d in approval.documents
        ],
        whatsapp=whatsapp,
        granted=approval.stage in ("granted", "renewal"),
        renewals_agreed=approval.renewals_agreed,
    )


def _case(view: case_file.CaseView, version: int) -> CaseRow:
    contact = view.contacts[0] if view.contacts else None
    return CaseRow(
        reference=view.reference,
        organisation=view.organisation,
        status=view.status,
        enquiry_reference=view.enquiry_reference,
        finder_answers=view.finder_answers,
        contact=" · ".join(x for x in (contact.name, contact.email, contact.phone) if x) if contact else "",
        contact_phone=contact.phone if contact else "",
        stage_emails=contact.stage_emails if contact else False,
        assigned_to=view.assigned_to,
        callback_on=view.callback_on.isoformat() if view.callback_on else "",
        handler_phone=view.handler_phone,
        live_links=view.live_links,
        approvals=[_approval(view, a) for a in view.approvals],
        notes=[NoteRow(author=a, text=t, written=_moment(w)) for w, a, t in view.notes],
        history=[EventRow(_moment(e.at), e.actor, e.detail, e.public) for e in reversed(view.history)],
        version=version,
    )


def approval_choices() -> list[tuple[str, str]]:
    return sorted(((r.id, r.name) for r in law().records.values()), key=lambda pair: pair[1])


class CasesState(rx.State):
    staff_name: str = ""
    problem: str = ""
    notice: str = ""
    morning: MorningView = MorningView()
    opened: CaseRow = CaseRow()
    # A link just made: shown once, never stored.
    new_link: str = ""
    # ?from=KSC-2026-0001: the enquiry the "Open a case" form starts from.
    enquiry_prefill: str = ""

    _checked_sid: str = ""

    @rx.var
    def signed_in(self) -> bool:
        return self.staff_name != ""

    def _checked(self) -> bool:
        return self._checked_sid != "" and self._checked_sid == self.router.session.session_id

    @property
    def _token(self) -> str:
        return session_token(self.router)

    @property
    def _address(self) -> str:
        return self.router.session.client_ip

    def _forget(self) -> None:
        self._checked_sid, self.staff_name = "", ""
        self.morning, self.opened, self.new_link = MorningView(), CaseRow(), ""
        self.problem, self.notice = "", ""

    def _staff(self, *, change: bool = True) -> bool:
        """The session checked first; with the database away a change says it was not saved
        (the forms keep what was typed), a view says the database is away."""
        try:
            identity = check_session(self._token, address=self._address)
        except NotSignedIn:
            self._forget()
            return False
        except StoreUnavailable as failure:
            self.problem, self.notice = (case_file.UNAVAILABLE if change else failure.message), ""
            return False
        self._checked_sid, self.staff_name = self.router.session.session_id, identity.name
        return True

    def _failed(self, error: Exception) -> None:
        if isinstance(error, NotSignedIn):
            self._forget()
        elif isinstance(error, (StoreUnavailable, case_file.CaseRefused)):
            self.problem, self.notice = error.message, ""
        else:
            raise error

    def _load_morning(self) -> None:
        try:
            found = tracker.morning(self._token, address=self._address)
        except (NotSignedIn, StoreUnavailable) as error:
            self._failed(error)
            return
        self.morning = MorningView(
            by_stage=[[stages.STAGE_WORDS[s], str(n)] for s, n in found.by_stage.items()],
            overdue=[_line(x) for x in found.overdue],
            waiting=[_line(x) for x in found.waiting_on_client],
            renewals=[_line(x) for x in found.renewals],
            callbacks=[_line(x) for x in found.my_callbacks],
            cases=[_line(x) for x in found.cases],
        )

    def _show(self, view: case_file.CaseView, notice: str) -> None:
        self.opened = _case(view, self.opened.version + 1)
        self.problem, self.notice = "", notice

    def _do(self, call: Callable[[], case_file.CaseView], notice: str) -> None:
        try:
            view = call()
        except (NotSignedIn, StoreUnavailable, case_file.CaseRefused) as error:
            self._failed(error)
            return
        self._show(view, notice)
        self._load_morning()

    @rx.event
    def refresh(self) -> None:
        if not self._staff(change=False):
            return
        self.problem = ""
        query = self.router.url.query_parameters
        prefill = query.get("from", "")
        self.enquiry_prefill = prefill[:24] if isinstance(prefill, str) else ""
        self._load_morning()
        if self.opened.reference:
            self._open(self.opened.reference)

    @rx.event
    def open_case(self, reference: str) -> None:
        if not self._staff(change=False):
            return
        self._open(reference)

    def _open(self, reference: str) -> None:
        self.new_link = ""
        try:
            view = tracker.get_case(self._token, reference, address=self._address)
        except (NotSignedIn, StoreUnavailable, case_file.CaseRefused) as error:
            self._failed(error)
            return
        self._show(view, "")

    @rx.event
    def close_panel(self) -> None:
        if not self._staff(change=False):
            return
        self.opened, self.new_link, self.notice = CaseRow(), "", ""

    @rx.event
    def open_new(self, form: dict) -> None:
        if not self._staff():
            return
        try:
            reference = tracker.open_case(
                self._token,
                enquiry_reference=str(form.get("enquiry", "")).strip(),
                organisation=str(form.get("organisation", "")),
                contact_name=str(form.get("contact", "")),
                email=str(form.get("email", "")),
                phone=str(form.get("phone", "")),
                approvals=[form["approval"]] if form.get("approval") else None,
                address=self._address,
            )
        except (NotSignedIn, StoreUnavailable, case_file.CaseRefused) as error:
            self._failed(error)
            return
        self.enquiry_prefill = ""
        self._load_morning()
        self._open(reference)
        self.notice = f"Case {reference} opened."

    @rx.event
    def change_stage(self, form: dict) -> None:
        if not self._staff():
            return
        fields = {k: str(v) for k, v in form.items() if k not in ("row", "stage") and str(v).strip()}
        self._do(
            lambda: tracker.set_stage(
                self._token,
                self.opened.reference,
                form.get("row", ""),
                str(form.get("stage", "")),
                fields,
                address=self._address,
            ),
            "Stage saved.",
        )

    @rx.event
    def set_holder(self, row: str, holder: str) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.set_holder(self._token, self.opened.reference, row, holder, address=self._address),
            "Next step saved.",
        )

    @rx.event
    def tick(self, document: str, received: bool) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.tick_document(
                self._token, self.opened.reference, document, bool(received), address=self._address
            ),
            "Document received." if received else "Document awaited again.",
        )

    @rx.event
    def add_document(self, form: dict) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.add_document(
                self._token,
                self.opened.reference,
                form.get("row", ""),
                str(form.get("document", "")),
                address=self._address,
            ),
            "Document added.",
        )

    @rx.event
    def add_approval(self, form: dict) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.add_approval(
                self._token,
                self.opened.reference,
                str(form.get("approval", "")),
                str(form.get("name", "")),
                address=self._address,
            ),
            "Approval added.",
        )

    @rx.event
    def save_office(self, form: dict) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.set_office(
                self._token,
                self.opened.reference,
                assigned_to=str(form.get("assigned_to", "")),
                callback_on=str(form.get("callback_on", "")),
                handler_phone=str(form.get("handler_phone", "")),
                address=self._address,
            ),
            "Saved.",
        )

    @rx.event
    def add_note(self, form: dict) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.add_note(
                self._token, self.opened.reference, str(form.get("note", "")), address=self._address
            ),
            "Note added.",
        )

    @rx.event
    def set_consent(self, on: bool) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.set_consent(self._token, self.opened.reference, bool(on), address=self._address),
            "Stage emails on." if on else "Stage emails off.",
        )

    @rx.event
    def agree_renewals(self, row: str) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.agree_renewals(self._token, self.opened.reference, row, address=self._address),
            "Renewal reminders agreed: the contact is asked by email to confirm them; their page has the dates.",
        )

    @rx.event
    def make_link(self, send: bool) -> None:
        if not self._staff():
            return
        try:
            token = links.issue_link(self._token, self.opened.reference, send=bool(send), address=self._address)
            view = tracker.get_case(self._token, self.opened.reference, address=self._address)
        except (NotSignedIn, StoreUnavailable, case_file.CaseRefused) as error:
            self._failed(error)
            return
        self._show(view, "Link emailed to the contact." if send else "Link made: copy it now, it is shown once.")
        self.new_link = links.link_url(token)

    @rx.event
    def revoke(self) -> None:
        if not self._staff():
            return
        self.new_link = ""
        self._do(
            lambda: links.revoke_links(self._token, self.opened.reference, address=self._address), "Links revoked."
        )

    @rx.event
    def set_closed(self, closed: bool) -> None:
        if not self._staff():
            return
        self._do(
            lambda: tracker.close_case(self._token, self.opened.reference, bool(closed), address=self._address),
            "Case closed." if closed else "Case reopened.",
        )


guard_snapshot(CasesState, PRIVATE, CasesState._checked)
