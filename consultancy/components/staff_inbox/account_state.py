"""The staff inbox's account parts on the backend: enrolling a second factor, the recovery
codes shown once, the list of open sessions (everyone's for an admin) and the answers of the
password and export posts.

Like InboxState, every handler checks the cookie of its own websocket first (enrolment.py
and staff_sessions.py check the session themselves), and Reflex's full snapshot sends the
private vars only to the socket that passed that check last."""

from __future__ import annotations

import dataclasses

import reflex as rx

from consultancy.enquiries.staff_http import session_token
from consultancy.framework.snapshot_guard import guard_snapshot
from consultancy.records.errors import NotSignedIn, StoreUnavailable
from consultancy.staff import enrolment, staff, staff_sessions
from consultancy.staff.passwords import REASONS

# What the page says after the password and export posts (?password=..., ?export=...).
PASSWORD_ANSWERS = {
    "changed": "Your password is changed. Your other sessions are ended.",
    "refused": "Your current password did not match; nothing changed.",
    "differ": "The two new passwords differ; nothing changed.",
    "unavailable": staff.INBOX_UNAVAILABLE,
    **{reason: sentence + "; nothing changed." for reason, sentence in REASONS.items()},
}
EXPORT_ANSWERS = {
    "refused": "The password or code did not match; nothing was downloaded.",
    "unavailable": staff.INBOX_UNAVAILABLE,
}
PRIVATE = ("enrol_secret", "enrol_qr", "recovery_codes", "sessions", "is_admin")
# The tab forgets what it shows a little after the server's idle timeout has ended the
# session (last_seen_at is written at most once a minute, so the server's end comes first).
IDLE_MS = int((staff.IDLE_FOR.total_seconds() + 5) * 1000)


@dataclasses.dataclass
class SessionRow:
    id: int = 0
    user: str = ""
    started: str = ""
    last_active: str = ""
    address: str = ""
    agent: str = ""
    current: bool = False


class AccountState(rx.State):
    enrolling: bool = False
    enrol_name: str = ""
    enrol_secret: str = ""
    enrol_qr: str = ""
    enrol_error: str = ""
    recovery_codes: list[str] = []

    is_admin: bool = False
    everyone: bool = False
    sessions: list[SessionRow] = []
    account_message: str = ""
    account_problem: str = ""

    _checked_sid: str = ""

    def _checked(self) -> bool:
        return self._checked_sid != "" and self._checked_sid == self.router.session.session_id

    @property
    def _token(self) -> str:
        return session_token(self.router)

    def _forget(self) -> None:
        self._checked_sid, self.enrolling, self.enrol_name = "", False, ""
        self.enrol_secret, self.enrol_qr, self.enrol_error = "", "", ""
        self.is_admin, self.everyone, self.sessions = False, False, []

    def _load_sessions(self) -> None:
        try:
            found = staff_sessions.open_sessions(self._token, everyone=self.everyone)
        except NotSignedIn:
            self._forget()
            return
        except StoreUnavailable as failure:
            self.account_problem = failure.message
            return
        self.sessions = [SessionRow(**dataclasses.asdict(view)) for view in found]

    @rx.event
    def refresh(self) -> None:
        """On load: the enrolment for an enrolling session, the sessions list for a full one."""
        query = self.router.url.query_parameters
        self.account_message = PASSWORD_ANSWERS.get(query.get("password", ""), "")
        self.account_problem = EXPORT_ANSWERS.get(query.get("export", ""), "")
        try:
            identity = staff.session_identity(self._token) if self._token else None
        except (NotSignedIn, StoreUnavailable):
            identity = None
        if identity is None:
            if not self.recovery_codes:
                self._forget()
            return
        self._checked_sid = self.router.session.session_id
        if identity.enrolling:
            self.enrolling = True
            try:
                shown = enrolment.begin(self._token)
            except (NotSignedIn, StoreUnavailable):
                self._forget()
                return
            self.enrol_name, self.enrol_secret, self.enrol_qr = shown.name, shown.secret, shown.qr
            return
        self.enrolling, self.is_admin = False, identity.is_admin
        self._load_sessions()

    @rx.event
    def finish_enrolment(self, form: dict) -> None:
        code = form.get("code", "")
        try:
            codes = enrolment.finish(self._token, code, address=self.router.session.client_ip)
        except enrolment.EnrolmentRefused as refused:
            self.enrol_error = refused.message
            return
        except (NotSignedIn, StoreUnavailable):
            self._forget()
            return
        self.enrolling, self.enrol_secret, self.enrol_qr, self.enrol_error = False, "", "", ""
        self.recovery_codes = codes

    @rx.event
    def codes_kept(self):
        """The recovery codes are gone from the page for good; the inbox opens."""
        self.recovery_codes = []
        return rx.redirect("/staff", replace=True)

    @rx.event
    def show_everyone(self, everyone: bool) -> None:
        self.everyone = bool(everyone) and self.is_admin
        self._load_sessions()

    @rx.event
    def end_session(self, session_id: int):
        current = next((row.current for row in self.sessions if row.id == session_id), False)
        try:
            whose = staff_sessions.end_session(self._token, session_id, address=self.router.session.client_ip)
        except staff_sessions.SessionRefused as refused:
            self.account_problem = refused.message
            return None
        except (NotSignedIn, StoreUnavailable):
            self._forget()
            return None
        if current:
            # This tab's own session: the page loads again, signed out.
            return rx.redirect("/staff", replace=True)
        self.account_message = f"A session of {whose} is ended."
        self._load_sessions()
        return None


guard_snapshot(AccountState, PRIVATE, AccountState._checked)
