"""The case tracker at /staff/cases: the morning's view of the open cases (by stage, overdue by
law, waiting on the client, renewals due, my call-backs today), a case opened beside it (over
it on a narrow screen) with its approvals, legal clock, documents, the office's own work,
notes, history and the client's link; and the form that opens a case, from an enquiry or fresh.

Everything typed by anyone is rendered as a text child (React escapes it). Styles are classes
in assets/css/site.css.
"""

from __future__ import annotations

import reflex as rx

from consultancy.cases.case_file import NOTE_MAX
from consultancy.cases.stages import HOLDER_WORDS, STAGE_WORDS
from consultancy.components.staff_inbox.notes import note_item
from consultancy.components.ui import link
from consultancy.records.models import HOLDERS, STAGES

from .state import ApprovalRow, CasesState, DocumentRow, EventRow, LineRow, approval_choices


def _field(
    label: str, name: str, id_: str, *, kind: str = "text", value: rx.Var | str = "", **extra: object
) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=id_, class_name="field__label"),
        rx.el.input(id=id_, name=name, type=kind, default_value=value, class_name="field__input", **extra),
        class_name="field",
    )


def _approval_select(id_: str, *, blank: str) -> rx.Component:
    return rx.el.select(
        rx.el.option(blank, value=""),
        *[rx.el.option(name, value=value) for value, name in approval_choices()],
        id=id_,
        name="approval",
        class_name="field__input",
    )


def _open_form() -> rx.Component:
    return rx.el.details(
        rx.el.summary("Open a case", class_name="cases__summary"),
        rx.el.form(
            rx.el.p(
                "From an enquiry: give its reference and the contact, the finder's answers and the approvals its "
                "services name come along. Fresh: give the organisation and its contact.",
                class_name="staff__muted",
            ),
            rx.el.div(
                _field("Enquiry reference", "enquiry", "case-new-enquiry", value=CasesState.enquiry_prefill),
                _field("Organisation", "organisation", "case-new-organisation", max_length=200),
                _field("Contact's name", "contact", "case-new-contact", max_length=100),
                _field("Contact's email", "email", "case-new-email", kind="email", max_length=254),
                _field("Contact's phone", "phone", "case-new-phone", kind="tel", max_length=16),
                rx.el.div(
                    rx.el.label("Approval (optional)", html_for="case-new-approval", class_name="field__label"),
                    _approval_select("case-new-approval", blank="The enquiry's, or none yet"),
                    class_name="field",
                ),
                class_name="cases__grid",
            ),
            rx.el.button("Open case", type="submit", class_name="button button--primary", id="case-new-submit"),
            on_submit=CasesState.open_new,
            key=CasesState.enquiry_prefill,
            class_name="cases__form",
            aria_label="Open a case",
        ),
        open=CasesState.enquiry_prefill != "",
        class_name="cases__open",
        id="case-new",
    )


def _line(line: LineRow) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            rx.el.span(line.reference, class_name="staff__ref"),
            rx.el.span(line.organisation, class_name="staff__row-name"),
            rx.el.span(line.approval, " ", line.stage, class_name="staff__row-services"),
            rx.el.span(line.when, class_name="staff__when"),
            type="button",
            on_click=CasesState.open_case(line.reference),
            class_name="cases__line",
        ),
        data_reference=line.reference,
    )


def _list(title: str, id_: str, rows: rx.Var, empty: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, " (", rows.length(), ")", class_name="staff__subtitle"),
        rx.cond(
            rows.length() > 0,
            rx.el.ul(rx.foreach(rows, _line), class_name="staff__list"),
            rx.el.p(empty, class_name="staff__muted"),
        ),
        id=id_,
        class_name="cases__group",
        aria_label=title,
    )


def _morning() -> rx.Component:
    morning = CasesState.morning
    return rx.el.div(
        rx.el.ul(
            rx.foreach(
                morning.by_stage,
                lambda pair: rx.el.li(rx.el.strong(pair[1]), " ", pair[0], class_name="cases__stage-count"),
            ),
            class_name="cases__stages",
            id="cases-by-stage",
            aria_label="Approvals by stage",
        ),
        _list("Overdue by law", "cases-overdue", morning.overdue, "Nothing is past its legal time limit."),
        _list("My call-backs today", "cases-callbacks", morning.callbacks, "No call-backs due."),
        _list("Waiting on the client", "cases-waiting", morning.waiting, "Nobody is waiting on a client for long."),
        _list("Renewals in the next 90 days", "cases-renewals", morning.renewals, "No renewals due."),
        _list("Open cases", "cases-all", morning.cases, "No open cases."),
        class_name="cases__morning",
    )


def _document(document: DocumentRow) -> rx.Component:
    box_id = "case-doc-" + document.id
    return rx.el.li(
        # Uncontrolled: the tick shows at once; the saved state comes back with the next render.
        rx.el.input(
            type="checkbox",
            id=box_id,
            default_checked=document.received,
            on_change=lambda checked: CasesState.tick(document.id, checked),
            key=document.id + "-" + document.received.to_string(),
        ),
        rx.el.label(
            document.name,
            rx.cond(document.description != "", rx.el.span(" — ", document.description, class_name="staff__muted")),
            rx.cond(document.received, rx.el.span(" (received ", document.received_on, ")")),
            html_for=box_id,
        ),
        class_name="cases__document",
    )


def _stage_form(approval: ApprovalRow) -> rx.Component:
    prefix = "case-" + approval.id + "-"
    return rx.el.form(
        rx.el.input(type="hidden", name="row", value=approval.id),
        rx.el.div(
            rx.el.div(
                rx.el.label("New stage", html_for=prefix + "stage", class_name="field__label"),
                rx.el.select(
                    *[rx.el.option(STAGE_WORDS[s], value=s) for s in STAGES],
                    default_value=approval.stage,
                    id=prefix + "stage",
                    name="stage",
                    class_name="field__input",
                ),
                class_name="field",
            ),
            _field("Filed on", "filed_on", prefix + "filed_on", kind="date"),
            _field("Portal", "portal", prefix + "portal", max_length=120),
            _field("Application no.", "application_no", prefix + "application_no", max_length=80),
            _field("Query raised on", "raised_on", prefix + "raised_on", kind="date"),
            _field("Reply due by", "reply_due_on", prefix + "reply_due_on", kind="date"),
            _field("Query answered on", "answered_on", prefix + "answered_on", kind="date"),
            _field("Inspection on", "inspection_on", prefix + "inspection_on", kind="date"),
            _field("Order no.", "order_no", prefix + "order_no", max_length=80),
            _field("Issued on", "issued_on", prefix + "issued_on", kind="date"),
            _field("Expiry as printed", "expires_on", prefix + "expires_on", kind="date"),
            _field("Refused on", "refused_on", prefix + "refused_on", kind="date"),
            class_name="cases__grid",
        ),
        rx.el.p(
            "Fill in what the new stage needs; an expiry is counted from the law where the record settles the "
            "period, else the date printed on the order is kept.",
            class_name="staff__muted",
        ),
        rx.el.button("Save stage", type="submit", class_name="button button--primary", id=prefix + "save"),
        on_submit=CasesState.change_stage,
        key=approval.id + "-" + CasesState.opened.version.to_string(),
        class_name="cases__form",
        aria_label="Change the stage of " + approval.name,
    )


def _approval(approval: ApprovalRow) -> rx.Component:
    prefix = "case-" + approval.id + "-"
    return rx.el.section(
        rx.el.header(
            rx.el.h3(approval.name, class_name="staff__subtitle"),
            rx.el.span(approval.stage_words, class_name="staff__badge cases__stage"),
            rx.cond(approval.overdue, rx.el.span("Overdue by law", class_name="staff__badge staff__badge--held")),
            class_name="staff__item-head",
        ),
        rx.el.div(
            rx.el.p(
                rx.el.strong("Legal clock: "),
                rx.cond(
                    approval.decide_by != "",
                    rx.fragment(
                        "decide by ",
                        rx.el.strong(approval.decide_by, class_name="cases__decide-by"),
                        " (",
                        approval.clock_rule,
                        ")",
                        rx.cond(
                            approval.deemed_from != "", rx.fragment("; deemed approved from ", approval.deemed_from)
                        ),
                    ),
                    approval.clock_note,
                ),
                class_name="cases__clock",
            ),
            rx.cond(
                approval.facts.length() > 0,
                rx.el.ul(rx.foreach(approval.facts, lambda fact: rx.el.li(fact)), class_name="cases__facts"),
            ),
            rx.el.div(
                rx.el.label("Next step with", html_for=prefix + "holder", class_name="staff__inline-label"),
                rx.el.select(
                    *[rx.el.option(HOLDER_WORDS[h], value=h) for h in HOLDERS],
                    value=approval.holder,
                    on_change=lambda value: CasesState.set_holder(approval.id, value),
                    id=prefix + "holder",
                    class_name="field__input staff__status-select",
                ),
                rx.cond(
                    approval.whatsapp != "",
                    link(
                        "WhatsApp the client",
                        href=approval.whatsapp,
                        target="_blank",
                        rel="noopener noreferrer",
                        class_name="button button--chat",
                        id=prefix + "whatsapp",
                    ),
                ),
                rx.cond(
                    approval.granted & ~approval.renewals_agreed,
                    rx.el.button(
                        "Client agrees to renewal reminders",
                        type="button",
                        on_click=CasesState.agree_renewals(approval.id),
                        class_name="button button--secondary",
                        id=prefix + "renewals",
                    ),
                ),
                rx.cond(approval.renewals_agreed, rx.el.span("Renewal reminders agreed", class_name="staff__muted")),
                class_name="staff__item-actions",
            ),
            rx.el.h4("Documents awaited from the client", class_name="cases__h4"),
            rx.cond(
                approval.documents.length() > 0,
                rx.el.ul(rx.foreach(approval.documents, _document), class_name="cases__documents"),
                rx.el.p("None listed.", class_name="staff__muted"),
            ),
            rx.el.form(
                rx.el.input(type="hidden", name="row", value=approval.id),
                rx.el.label("Add a document", html_for=prefix + "document", class_name="visually-hidden"),
                rx.el.input(
                    id=prefix + "document",
                    name="document",
                    placeholder="Another document to ask for",
                    max_length=200,
                    class_name="field__input",
                ),
                rx.el.button("Add", type="submit", class_name="button button--secondary"),
                on_submit=CasesState.add_document,
                key=approval.id + "-doc-" + CasesState.opened.version.to_string(),
                class_name="staff__search",
            ),
            rx.el.details(rx.el.summary("Change the stage", class_name="cases__summary"), _stage_form(approval)),
        ),
        class_name="cases__approval",
        id="case-approval-" + approval.id,
    )


def _event(event: EventRow) -> rx.Component:
    return rx.el.li(
        rx.el.span(event.when, class_name="staff__when"),
        " ",
        rx.el.span(event.actor, class_name="staff__ref"),
        ": ",
        event.detail,
        rx.cond(~event.public, rx.el.span(" (office only)", class_name="staff__muted")),
    )


def _office() -> rx.Component:
    case = CasesState.opened
    return rx.el.form(
        rx.el.div(
            _field("Handled by", "assigned_to", "case-assigned", value=case.assigned_to, max_length=60),
            _field("Call back on", "callback_on", "case-callback", kind="date", value=case.callback_on),
            _field(
                "Handler's phone (client page)",
                "handler_phone",
                "case-handler-phone",
                kind="tel",
                value=case.handler_phone,
                max_length=16,
            ),
            class_name="cases__grid",
        ),
        rx.el.button("Save", type="submit", class_name="button button--secondary", id="case-office-save"),
        on_submit=CasesState.save_office,
        key=case.reference + "-office-" + case.version.to_string(),
        class_name="cases__form",
        aria_label="The office's work",
    )


def _links() -> rx.Component:
    case = CasesState.opened
    return rx.el.div(
        rx.el.p(
            "Client's page: ",
            case.live_links,
            " live link(s). A link is shown once and stored only as a hash.",
            class_name="staff__muted",
        ),
        rx.el.div(
            rx.el.button(
                "Make a link",
                type="button",
                on_click=CasesState.make_link(False),
                class_name="button button--secondary",
                id="case-make-link",
            ),
            rx.el.button(
                "Email a link to the contact",
                type="button",
                on_click=CasesState.make_link(True),
                class_name="button button--secondary",
                id="case-send-link",
            ),
            rx.el.button(
                "Revoke all links",
                type="button",
                on_click=CasesState.revoke,
                class_name="button button--secondary",
                id="case-revoke",
            ),
            class_name="staff__item-actions",
        ),
        rx.cond(
            CasesState.new_link != "",
            rx.el.div(
                rx.el.label("The new link", html_for="case-new-link", class_name="field__label"),
                rx.el.input(id="case-new-link", read_only=True, value=CasesState.new_link, class_name="field__input"),
                class_name="field",
            ),
        ),
        rx.el.div(
            rx.el.input(
                type="checkbox",
                id="case-stage-emails",
                default_checked=case.stage_emails,
                on_change=CasesState.set_consent,
                key=case.reference + "-consent-" + case.stage_emails.to_string(),
            ),
            rx.el.label("The client agreed to an email at each stage change", html_for="case-stage-emails"),
            class_name="cases__document",
        ),
    )


def _opened() -> rx.Component:
    case = CasesState.opened
    return rx.el.section(
        _status(),
        rx.el.header(
            rx.el.h2("Case ", case.reference, class_name="staff__ref"),
            rx.el.span(case.status, class_name="staff__badge"),
            rx.el.button(
                "Close",
                type="button",
                on_click=CasesState.close_panel,
                auto_focus=True,
                class_name="button button--secondary staff__close",
                id="case-close-panel",
            ),
            class_name="staff__item-head",
        ),
        rx.el.p(rx.el.strong(case.organisation), " — ", case.contact, id="case-contact"),
        rx.cond(
            case.enquiry_reference != "", rx.el.p("From enquiry ", case.enquiry_reference, class_name="staff__muted")
        ),
        rx.cond(
            case.finder_answers != "",
            rx.el.details(
                rx.el.summary("The enquiry's message and finder answers", class_name="cases__summary"),
                rx.el.p(case.finder_answers, class_name="staff__message"),
            ),
        ),
        _office(),
        _links(),
        rx.el.h3("Approvals", class_name="staff__subtitle"),
        rx.foreach(case.approvals, _approval),
        rx.el.form(
            rx.el.label("Add an approval", html_for="case-add-approval", class_name="field__label"),
            _approval_select("case-add-approval", blank="Another approval (or name it below)"),
            rx.el.input(
                name="name",
                placeholder="Not in the records: its name",
                max_length=200,
                class_name="field__input",
                aria_label="Name of an approval not in the records",
            ),
            rx.el.button("Add approval", type="submit", class_name="button button--secondary"),
            on_submit=CasesState.add_approval,
            key=case.reference + "-add-" + case.version.to_string(),
            class_name="cases__form",
        ),
        rx.el.h3("Internal notes (never shown to the client)", class_name="staff__subtitle"),
        rx.cond(
            case.notes.length() > 0,
            rx.el.ol(rx.foreach(case.notes, note_item), class_name="staff__notes", id="case-notes"),
            rx.el.p("No notes yet.", class_name="staff__muted"),
        ),
        rx.el.form(
            rx.el.label("Add a note", html_for="case-note", class_name="field__label"),
            rx.el.textarea(id="case-note", name="note", rows=3, max_length=NOTE_MAX, class_name="field__input"),
            rx.el.button("Add note", type="submit", class_name="button button--primary"),
            on_submit=CasesState.add_note,
            key=case.reference + "-note-" + case.version.to_string(),
            class_name="staff__note-form",
        ),
        rx.el.h3("History", class_name="staff__subtitle"),
        rx.el.ol(rx.foreach(case.history, _event), class_name="cases__history", id="case-history"),
        rx.el.div(
            rx.cond(
                case.status == "open",
                rx.el.button(
                    "Close the case",
                    type="button",
                    on_click=CasesState.set_closed(True),
                    class_name="button button--secondary",
                ),
                rx.el.button(
                    "Reopen the case",
                    type="button",
                    on_click=CasesState.set_closed(False),
                    class_name="button button--secondary",
                ),
            ),
            class_name="staff__item-actions",
        ),
        key=case.reference,
        class_name="staff__opened",
        id="case-opened",
        aria_label="Opened case",
    )


def _status() -> rx.Component:
    """What became of the last change. With a case open it heads the case's panel and stays in
    its view as it scrolls: on a phone the panel covers the page, and a save or a refusal at the
    foot of a long form must still be seen where the button was pressed."""
    return rx.el.div(
        rx.cond(CasesState.problem != "", rx.el.p(CasesState.problem, class_name="staff__error", id="case-problem")),
        rx.cond(CasesState.notice != "", rx.el.p(CasesState.notice, class_name="staff__notice", id="case-notice")),
        role="status",
        aria_live="polite",
        class_name="cases__status",
    )


def _tracker() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h1("Cases", class_name="staff__title"),
            rx.el.p("Signed in as ", rx.el.strong(CasesState.staff_name), class_name="staff__who"),
            rx.el.div(
                link("Enquiries", href="/staff", class_name="button button--secondary"),
                rx.el.button(
                    "Refresh", type="button", on_click=CasesState.refresh, class_name="button button--secondary"
                ),
                class_name="staff__actions",
            ),
            class_name="staff__bar",
        ),
        rx.cond(CasesState.opened.reference == "", _status()),
        _open_form(),
        rx.el.div(
            rx.el.div(_morning(), class_name="staff__list-column"),
            rx.cond(CasesState.opened.reference != "", _opened()),
            class_name=rx.cond(CasesState.opened.reference != "", "staff__main has-opened", "staff__main"),
        ),
        class_name="staff__inbox",
        data_staff_private="true",
    )


def case_tracker() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                CasesState.signed_in,
                _tracker(),
                rx.el.div(
                    rx.el.h1("Cases", class_name="staff__title"),
                    rx.el.p("Sign in first, with your second factor.", class_name="staff__lead"),
                    link(
                        "Sign in to the staff inbox",
                        href="/staff",
                        class_name="button button--primary",
                        id="cases-sign-in",
                    ),
                    class_name="staff__gate",
                ),
            ),
            class_name="container",
        ),
        class_name="section staff",
    )
