"""The staff inbox at /staff: sign-in, a compact list of enquiries (one or two lines each)
with search and a filter by status, one enquiry opened beside the list (over it on a narrow
screen) with its notes and the same caller's others, and the CSV download (behind the
password and a code: account.export_form); before it, the enrolment of a second factor.

Everything a visitor typed is rendered as a text child (React escapes it); nothing here is
HTML from data. Styles are classes in assets/css/site.css (the CSP allows no inline styles).
"""

import reflex as rx

from consultancy.components.ui import link
from consultancy.enquiries.staff_http import SIGN_IN_PATH, SIGN_OUT_PATH
from consultancy.framework.assets import shared_asset
from consultancy.framework.client_state import action, call, imported
from consultancy.framework.elements import PostForm
from consultancy.records.models import HELD, NOTE_MAX, STATUSES

from .account import account_messages, account_panel, code_field, enrolment, export_form, idle_guard, recovery_codes
from .account_state import AccountState
from .notes import note_item
from .state import EnquiryRow, InboxState, RelatedRow

_INBOX_JS = shared_asset("inbox.js", __name__).importable_path
# Closing the opened enquiry puts the keyboard back on its row in the list: a direct JS
# function (no eval, which the CSP forbids), run in the browser with the click.
FOCUS_ROW = action("{0};", call(imported(_INBOX_JS, "focusRow"), InboxState.opened.reference))

STATUS_LABELS = {"new": "New", "contacted": "Contacted", "quoted": "Quoted", "closed": "Closed", "held": "Held"}
# The statuses of the everyday list; held enquiries have a filter of their own, apart.
WORK_STATUSES = tuple(s for s in STATUSES if s != HELD)


def _sign_in() -> rx.Component:
    return rx.el.div(
        rx.el.h1("Staff inbox", class_name="staff__title"),
        rx.el.p("Sign in to read and answer the enquiries sent through the website.", class_name="staff__lead"),
        PostForm.create(
            rx.el.div(
                rx.el.label("Name", html_for="staff-name", class_name="field__label"),
                rx.el.input(
                    id="staff-name", name="name", type="text", auto_complete="username", class_name="field__input"
                ),
                class_name="field",
            ),
            rx.el.div(
                rx.el.label("Password", html_for="staff-password", class_name="field__label"),
                rx.el.input(
                    id="staff-password",
                    name="password",
                    type="password",
                    auto_complete="current-password",
                    class_name="field__input",
                ),
                class_name="field",
            ),
            code_field(),
            rx.el.p(InboxState.sign_in_error, id="staff-sign-in-error", class_name="staff__error", role="alert"),
            rx.el.button("Sign in", type="submit", class_name="button button--primary"),
            # A plain HTTP post, not a websocket event: its answer sets the HttpOnly session
            # cookie and loads the page again (consultancy/enquiries/staff_http.py).
            action=SIGN_IN_PATH,
            method="post",
            class_name="staff__sign-in",
            aria_label="Sign in",
        ),
        class_name="staff__gate",
    )


def _status_select(reference: rx.Var, status: rx.Var, id_: rx.Var | str) -> rx.Component:
    return rx.el.select(
        *[rx.el.option(STATUS_LABELS[value], value=value) for value in STATUSES],
        value=status,
        on_change=lambda value: InboxState.change_status(reference, value),
        id=id_,
        class_name="field__input staff__status-select",
    )


def _status_badge(status: rx.Var) -> rx.Component:
    return rx.el.span(status, class_name="staff__badge staff__badge--" + status)


def _detail(label: str, value: rx.Var, link_prefix: str | None = None) -> rx.Component:
    shown = link(value, href=link_prefix + value) if link_prefix else value
    return rx.el.div(rx.el.dt(label), rx.el.dd(rx.cond(value != "", shown, "—")), class_name="staff__detail")


def _details(row: EnquiryRow) -> rx.Component:
    return rx.el.dl(
        _detail("Name", row.name),
        _detail("Phone", row.phone, "tel:"),
        _detail("Email", row.email, "mailto:"),
        _detail("Organisation", row.organisation),
        _detail("Service", row.service),
        _detail("District", row.district),
        class_name="staff__details",
    )


def _held_badge(summary: rx.Var) -> rx.Component:
    return rx.cond(summary != "", rx.el.span(summary, class_name="staff__badge staff__badge--reason"))


def _item(row: EnquiryRow) -> rx.Component:
    """One enquiry in one or two lines; the whole line opens it."""
    is_open = InboxState.opened.reference == row.reference
    return rx.el.li(
        rx.el.article(
            rx.el.button(
                # Two lines on a narrow screen; at full width their parts are one line's columns.
                rx.el.span(
                    rx.el.span(row.reference, class_name="staff__ref"),
                    rx.el.span(rx.cond(row.name != "", row.name, "(no name)"), class_name="staff__row-name"),
                    _status_badge(row.status),
                    class_name="staff__row-line",
                ),
                rx.el.span(
                    rx.el.span(row.service, class_name="staff__row-services"),
                    _held_badge(row.held_summary),
                    rx.el.time(row.received_short, title=row.received, class_name="staff__when"),
                    class_name="staff__row-line",
                ),
                type="button",
                on_click=InboxState.open_enquiry(row.reference),
                aria_expanded=rx.cond(is_open, "true", "false"),
                aria_controls="staff-opened",
                class_name="staff__row",
            ),
            class_name=rx.cond(is_open, "staff__item is-open", "staff__item"),
            data_reference=row.reference,
        ),
    )


def _related_item(other: RelatedRow) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            rx.el.span(other.reference, class_name="staff__ref"),
            rx.el.span(rx.cond(other.name != "", other.name, "(no name)"), class_name="staff__row-name"),
            rx.el.span(other.received, class_name="staff__when"),
            _status_badge(other.status),
            rx.el.span(other.shared, class_name="staff__shared"),
            type="button",
            on_click=InboxState.open_enquiry(other.reference),
            class_name="staff__related-open",
        ),
        data_reference=other.reference,
    )


def _related() -> rx.Component:
    related = InboxState.opened.related
    return rx.cond(
        related.length() > 0,
        rx.el.section(
            rx.el.h3("The same caller's other enquiries (", related.length(), ")", class_name="staff__subtitle"),
            rx.el.ul(rx.foreach(related, _related_item), class_name="staff__related-list"),
            id="staff-related",
            class_name="staff__related",
            aria_label="The same caller's other enquiries",
        ),
    )


def _held_why(row: EnquiryRow) -> rx.Component:
    return rx.cond(
        row.status == HELD,
        rx.el.div(
            rx.el.p(row.held_explanation, class_name="staff__held-why", id="staff-held-why"),
            rx.el.button(
                "Release to inbox",
                type="button",
                on_click=InboxState.change_status(row.reference, "new"),
                class_name="button button--primary staff__release",
            ),
            class_name="staff__held",
        ),
    )


def _opened() -> rx.Component:
    row = InboxState.opened
    return rx.el.section(
        rx.el.header(
            rx.el.h2("Enquiry ", row.reference, class_name="staff__ref"),
            _status_badge(row.status),
            rx.el.p(row.received, class_name="staff__when"),
            rx.el.button(
                "Close",
                type="button",
                on_click=[FOCUS_ROW, InboxState.close_enquiry],
                # Opening one (the section is new for each reference) puts the keyboard here.
                auto_focus=True,
                class_name="button button--secondary staff__close",
            ),
            class_name="staff__item-head",
        ),
        _held_why(row),
        _details(row),
        rx.el.h3("Message", class_name="staff__subtitle"),
        rx.el.p(row.message, class_name="staff__message", id="staff-message"),
        rx.el.div(
            rx.el.label("Status", html_for="staff-opened-status", class_name="staff__inline-label"),
            _status_select(row.reference, row.status, "staff-opened-status"),
            # The case tracker's form, filled in with this enquiry (its contact, answers, approvals).
            link(
                "Open a case",
                href="/staff/cases?from=" + row.reference,
                class_name="button button--secondary",
                id="staff-open-case",
            ),
            class_name="staff__item-actions",
        ),
        _related(),
        rx.el.h3("Notes", class_name="staff__subtitle"),
        rx.cond(
            row.notes.length() > 0,
            rx.el.ol(rx.foreach(row.notes, note_item), class_name="staff__notes", id="staff-notes"),
            rx.el.p("No notes yet.", class_name="staff__muted"),
        ),
        rx.el.form(
            rx.el.label("Add a note", html_for="staff-note", class_name="field__label"),
            rx.el.textarea(id="staff-note", name="note", rows=3, max_length=NOTE_MAX, class_name="field__input"),
            rx.el.button("Add note", type="submit", class_name="button button--primary"),
            on_submit=InboxState.add_note,
            # A new key once the note is saved empties the box; a refused note keeps its text.
            key=row.reference + "-" + row.notes.length().to_string(),
            class_name="staff__note-form",
            aria_label="Add a note",
        ),
        key=row.reference,
        class_name="staff__opened",
        id="staff-opened",
        aria_label="Opened enquiry",
    )


def _filters() -> rx.Component:
    def button(value: str, label: str) -> rx.Component:
        count = InboxState.counts[value].to(int) if value else None
        return rx.el.button(
            label,
            *([" (", count, ")"] if count is not None else []),
            type="button",
            on_click=InboxState.show_status(value),
            aria_pressed=rx.cond(InboxState.status_filter == value, "true", "false"),
            class_name="staff__filter",
            data_status=value or "all",
        )

    return rx.el.div(
        rx.el.div(
            button("", "All"),
            *[button(value, STATUS_LABELS[value]) for value in WORK_STATUSES],
            class_name="staff__filters",
            role="group",
            aria_label="Filter by status",
        ),
        # Over a visitor limit: kept, but not in "All" until someone has looked at them.
        rx.el.div(
            button(HELD, "Held for review"),
            class_name="staff__filters staff__filters--held",
            role="group",
            aria_label="Enquiries held for review",
        ),
        class_name="staff__filter-groups",
    )


def _toolbar() -> rx.Component:
    return rx.el.div(
        rx.el.form(
            rx.el.label("Search enquiries", html_for="staff-search", class_name="visually-hidden"),
            rx.el.input(
                id="staff-search",
                name="search",
                type="search",
                placeholder="Reference, name, phone, email, organisation or message",
                default_value=InboxState.search,
                class_name="field__input",
            ),
            rx.el.button("Search", type="submit", class_name="button button--primary"),
            on_submit=InboxState.find,
            class_name="staff__search",
            role="search",
        ),
        _filters(),
        class_name="staff__toolbar",
    )


def _pager() -> rx.Component:
    return rx.cond(
        InboxState.pages > 1,
        rx.el.nav(
            rx.el.button(
                "Newer",
                type="button",
                disabled=InboxState.page_number <= 1,
                on_click=InboxState.go_to_page(InboxState.page_number - 1),
                class_name="button button--secondary",
            ),
            rx.el.p("Page ", InboxState.page_number, " of ", InboxState.pages),
            rx.el.button(
                "Older",
                type="button",
                disabled=InboxState.page_number >= InboxState.pages,
                on_click=InboxState.go_to_page(InboxState.page_number + 1),
                class_name="button button--secondary",
            ),
            class_name="staff__pager",
            aria_label="Pages",
        ),
    )


def _inbox() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h1("Enquiries", class_name="staff__title"),
            rx.el.p("Signed in as ", rx.el.strong(InboxState.staff_name), class_name="staff__who"),
            rx.el.div(
                export_form(),
                link("Cases", href="/staff/cases", class_name="button button--secondary", id="staff-cases"),
                rx.el.button(
                    "Refresh", type="button", on_click=InboxState.refresh, class_name="button button--secondary"
                ),
                # A post, so the answer can clear the HttpOnly cookie and end the session.
                PostForm.create(
                    rx.el.button("Sign out", type="submit", class_name="button button--secondary"),
                    action=SIGN_OUT_PATH,
                    method="post",
                    class_name="staff__sign-out",
                    # Other open tabs hear of it and forget what they show (idle_guard.jsx).
                    data_staff_sign_out="true",
                ),
                class_name="staff__actions",
            ),
            class_name="staff__bar",
        ),
        rx.cond(
            InboxState.mail_warning != "",
            rx.el.p(InboxState.mail_warning, class_name="staff__warning", id="staff-mail-warning", role="alert"),
        ),
        account_panel(),
        _toolbar(),
        rx.el.div(
            rx.cond(InboxState.problem != "", rx.el.p(InboxState.problem, class_name="staff__error")),
            rx.cond(InboxState.notice != "", rx.el.p(InboxState.notice, class_name="staff__notice")),
            account_messages(),
            role="status",
            aria_live="polite",
            id="staff-status",
        ),
        rx.el.p(
            InboxState.total,
            rx.cond(InboxState.total == 1, " enquiry", " enquiries"),
            rx.cond(InboxState.search != "", rx.fragment(" matching “", InboxState.search, "”"), ""),
            class_name="staff__count",
            id="staff-count",
        ),
        # The list, and the opened enquiry after it: beside it on a wide screen, over it on a
        # narrow one, so the list keeps its place either way.
        rx.el.div(
            rx.el.div(
                rx.el.ul(rx.foreach(InboxState.enquiries, _item), class_name="staff__list", id="staff-list"),
                _pager(),
                class_name="staff__list-column",
            ),
            rx.cond(InboxState.opened.reference != "", _opened()),
            class_name=rx.cond(InboxState.opened.reference != "", "staff__main has-opened", "staff__main"),
        ),
        idle_guard(),
        class_name="staff__inbox",
        # What idle_guard.jsx empties at once when the tab must forget.
        data_staff_private="true",
    )


def _gate() -> rx.Component:
    """Before the inbox: the recovery codes just made, the enrolment, or the sign-in form."""
    return rx.cond(
        AccountState.recovery_codes.length() > 0,
        recovery_codes(),
        rx.cond(AccountState.enrolling, enrolment(), _sign_in()),
    )


def staff_inbox() -> rx.Component:
    return rx.el.div(
        rx.el.div(rx.cond(InboxState.signed_in, _inbox(), _gate()), class_name="container"),
        class_name="section staff",
    )
