"""The staff inbox at /staff: sign-in, the list of enquiries with search and a filter by
status, one enquiry opened with its notes, and the CSV download.

Everything a visitor typed is rendered as a text child (React escapes it); nothing here is
HTML from data. Styles are classes in assets/css/site.css (the CSP allows no inline styles).
"""

import reflex as rx

from consultancy.components.ui import link
from consultancy.enquiries.models import HELD, NOTE_MAX, STATUSES
from consultancy.enquiries.staff_http import SIGN_IN_PATH, SIGN_OUT_PATH
from consultancy.framework.client_state import action, call, imported
from consultancy.framework.elements import PostForm

from .account import account_messages, account_panel, code_field, enrolment, export_form, idle_guard, recovery_codes
from .account_state import AccountState
from .state import EnquiryRow, InboxState, NoteRow

# A direct JS function (no eval, which the CSP forbids), run in the browser with the click.
SHOW_OPENED = action("{0};", call(imported(rx.asset("inbox.js", shared=True).importable_path, "showOpened")))

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


def _item(row: EnquiryRow) -> rx.Component:
    return rx.el.li(
        rx.el.article(
            rx.el.header(
                rx.el.h2(row.reference, class_name="staff__ref"),
                _status_badge(row.status),
                rx.el.p(row.received, class_name="staff__when"),
                class_name="staff__item-head",
            ),
            _details(row),
            rx.el.p(row.excerpt, class_name="staff__excerpt"),
            rx.el.div(
                rx.el.label("Status", html_for="status-" + row.reference, class_name="staff__inline-label"),
                _status_select(row.reference, row.status, "status-" + row.reference),
                rx.cond(
                    row.status == HELD,
                    rx.el.button(
                        "Release to inbox",
                        type="button",
                        on_click=InboxState.change_status(row.reference, "new"),
                        class_name="button button--primary staff__release",
                    ),
                ),
                rx.el.button(
                    "Open",
                    type="button",
                    # The opened enquiry shows above the list: the page goes there at once.
                    on_click=[SHOW_OPENED, InboxState.open_enquiry(row.reference)],
                    class_name="button button--secondary staff__open",
                ),
                class_name="staff__item-actions",
            ),
            class_name=rx.cond(InboxState.opened.reference == row.reference, "staff__item is-open", "staff__item"),
            data_reference=row.reference,
        ),
    )


def _note(note: NoteRow) -> rx.Component:
    return rx.el.li(
        rx.el.p(note.text, class_name="staff__note-text"),
        rx.el.p(note.author, " · ", note.written, class_name="staff__note-meta"),
        class_name="staff__note",
    )


def _opened() -> rx.Component:
    row = InboxState.opened
    return rx.el.section(
        rx.el.header(
            rx.el.h2("Enquiry ", row.reference, class_name="staff__ref"),
            _status_badge(row.status),
            rx.el.p(row.received, class_name="staff__when"),
            rx.el.button(
                "Close", type="button", on_click=InboxState.close_enquiry, class_name="button button--secondary"
            ),
            class_name="staff__item-head",
        ),
        _details(row),
        rx.el.h3("Message", class_name="staff__subtitle"),
        rx.el.p(row.message, class_name="staff__message", id="staff-message"),
        rx.el.div(
            rx.el.label("Status", html_for="staff-opened-status", class_name="staff__inline-label"),
            _status_select(row.reference, row.status, "staff-opened-status"),
            class_name="staff__item-actions",
        ),
        rx.el.h3("Notes", class_name="staff__subtitle"),
        rx.cond(
            row.notes.length() > 0,
            rx.el.ol(rx.foreach(row.notes, _note), class_name="staff__notes", id="staff-notes"),
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
        rx.cond(InboxState.opened.reference != "", _opened()),
        rx.el.ul(rx.foreach(InboxState.enquiries, _item), class_name="staff__list", id="staff-list"),
        _pager(),
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
