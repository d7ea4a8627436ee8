"""The staff inbox's account parts: the second factor at sign-in, its enrolment with a QR
code drawn on the server, the recovery codes shown once, the open sessions, one's own
password, the export behind the password and code, and the guard that empties idle or
signed-out tabs (idle_guard.jsx).

The password and code fields are plain HTML forms posted to the backend (staff_http.py):
no password travels over the websocket. Styles are classes in assets/css/site.css."""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var

from consultancy.enquiries.staff_http import EXPORT_PATH, PASSWORD_PATH
from consultancy.framework.assets import shared_asset
from consultancy.framework.elements import Img, PostForm

from .account_state import IDLE_MS, AccountState, SessionRow


class IdleGuard(rx.Component):
    library = shared_asset("idle_guard.jsx", __name__).importable_path
    tag = "IdleGuard"
    timeout_ms: Var[int]


def _field(label: str, id_: str, name: str, **attributes: object) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=id_, class_name="field__label"),
        rx.el.input(id=id_, name=name, class_name="field__input", **attributes),
        class_name="field",
    )


def code_field(id_: str = "staff-code") -> rx.Component:
    """The second factor at sign-in: six digits from the app, or a recovery code."""
    return rx.el.div(
        rx.el.label("Code from your authenticator app", html_for=id_, class_name="field__label"),
        rx.el.input(
            id=id_,
            name="code",
            type="text",
            auto_complete="one-time-code",
            spell_check=False,
            aria_describedby=id_ + "-hint",
            class_name="field__input",
        ),
        rx.el.p(
            "Or one of your recovery codes. Leave it empty only the first time, to set up the app.",
            id=id_ + "-hint",
            class_name="field__hint",
        ),
        class_name="field",
    )


def enrolment() -> rx.Component:
    """For a user with no second factor yet: scan, type a code back, and the inbox opens."""
    return rx.el.div(
        rx.el.h1("Set up your second factor", class_name="staff__title"),
        rx.el.p(
            "The inbox asks for a code from an authenticator app at every sign-in. Scan this code with "
            "the app on your phone (any app for one-time codes), or type the key into it by hand.",
            class_name="staff__lead",
        ),
        rx.el.div(
            Img.create(
                src=AccountState.enrol_qr,
                alt="QR code of the key for your authenticator app",
                width="245",
                height="245",
                class_name="staff__qr",
                id="staff-qr",
            ),
            rx.el.p("Key: ", rx.el.code(AccountState.enrol_secret, id="staff-enrol-secret"), class_name="staff__key"),
            class_name="staff__enrol-code",
        ),
        rx.el.form(
            _field(
                "The six digits your app shows now",
                "staff-enrol-code",
                "code",
                type="text",
                input_mode="numeric",
                auto_complete="one-time-code",
                max_length=8,
            ),
            rx.el.p(AccountState.enrol_error, class_name="staff__error", role="alert"),
            rx.el.button("Turn it on", type="submit", class_name="button button--primary"),
            on_submit=AccountState.finish_enrolment,
            class_name="staff__sign-in",
            aria_label="Set up your second factor",
        ),
        class_name="staff__gate",
    )


def recovery_codes() -> rx.Component:
    """Shown once, just after enrolment."""
    return rx.el.div(
        rx.el.h1("Keep your recovery codes", class_name="staff__title"),
        rx.el.p(
            "Each code signs you in once without your phone. Print them or keep them in a password "
            "manager: this page shows them only now.",
            class_name="staff__lead",
        ),
        rx.el.ol(
            rx.foreach(AccountState.recovery_codes, lambda code: rx.el.li(rx.el.code(code))),
            class_name="staff__codes",
            id="staff-recovery-codes",
        ),
        rx.el.button(
            "I have kept them: open the inbox",
            type="button",
            on_click=AccountState.codes_kept,
            class_name="button button--primary",
            id="staff-codes-kept",
        ),
        class_name="staff__gate",
    )


def export_form() -> rx.Component:
    """The CSV of every enquiry, after the password and a code typed again."""
    return rx.el.details(
        rx.el.summary("Download CSV", class_name="button button--primary"),
        PostForm.create(
            rx.el.p("Type your password and a code from your app again to download every enquiry."),
            _field("Password", "staff-export-password", "password", type="password", auto_complete="current-password"),
            _field(
                "Code", "staff-export-code", "code", type="text", auto_complete="one-time-code", input_mode="numeric"
            ),
            rx.el.button("Download", type="submit", class_name="button button--primary"),
            action=EXPORT_PATH,
            method="post",
            class_name="staff__panel-form",
            aria_label="Download every enquiry",
        ),
        class_name="staff__disclosure",
        id="staff-export",
    )


def _session(row: SessionRow) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.el.strong(row.agent),
            rx.cond(row.current, rx.el.span(" (this browser)", class_name="staff__muted")),
            class_name="staff__session-what",
        ),
        rx.el.p(
            rx.cond(AccountState.everyone, rx.fragment(row.user, " · "), ""),
            "from ",
            row.address,
            " · since ",
            row.started,
            " · last active ",
            row.last_active,
            class_name="staff__note-meta",
        ),
        rx.el.button(
            rx.cond(row.current, "Sign out here", "End"),
            type="button",
            on_click=AccountState.end_session(row.id),
            class_name="button button--secondary",
            aria_label=rx.cond(row.current, "End this session", "End the session of " + row.agent),
        ),
        class_name="staff__session",
    )


def _password_form() -> rx.Component:
    return PostForm.create(
        _field(
            "Current password", "staff-current-password", "current", type="password", auto_complete="current-password"
        ),
        _field("New password", "staff-new-password", "new", type="password", auto_complete="new-password"),
        _field(
            "New password again", "staff-new-password-again", "again", type="password", auto_complete="new-password"
        ),
        rx.el.p(
            "At least 12 characters, not your name and not a breached or common password.", class_name="field__hint"
        ),
        rx.el.button("Change password", type="submit", class_name="button button--primary"),
        action=PASSWORD_PATH,
        method="post",
        class_name="staff__panel-form",
        aria_label="Change your password",
    )


def account_panel() -> rx.Component:
    """Your sessions (everyone's for an admin) and your password, folded away by default."""
    return rx.el.details(
        rx.el.summary("Sessions and password", class_name="staff__summary"),
        rx.el.section(
            rx.el.h2("Open sessions", class_name="staff__subtitle"),
            rx.cond(
                AccountState.is_admin,
                rx.el.label(
                    rx.el.input(
                        type="checkbox",
                        checked=AccountState.everyone,
                        on_change=AccountState.show_everyone,
                        id="staff-everyone",
                    ),
                    " Show every member of staff's sessions",
                    class_name="staff__check",
                ),
            ),
            rx.el.ul(rx.foreach(AccountState.sessions, _session), class_name="staff__sessions", id="staff-sessions"),
            aria_label="Open sessions",
        ),
        rx.el.section(
            rx.el.h2("Change your password", class_name="staff__subtitle"), _password_form(), aria_label="Password"
        ),
        class_name="staff__disclosure staff__account",
        id="staff-account",
    )


def account_messages() -> rx.Component:
    return rx.fragment(
        rx.cond(AccountState.account_problem != "", rx.el.p(AccountState.account_problem, class_name="staff__error")),
        rx.cond(AccountState.account_message != "", rx.el.p(AccountState.account_message, class_name="staff__notice")),
    )


def idle_guard() -> rx.Component:
    return IdleGuard.create(timeout_ms=IDLE_MS)
