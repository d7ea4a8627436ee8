"""The staff inbox's state on the backend.

Where the session lives: in an HttpOnly cookie set by the sign-in form's HTTP post
(consultancy/enquiries/staff_http.py). Every handler reads the token from the cookie of
its own websocket's handshake and checks it against the database before it reads, changes or
shows anything (`_staff`), and forgets whatever it held when the check fails: signed out,
expired, idle for half an hour, the user removed or given a new password. Nothing about the
session is in this state, so Reflex's tab token (which a copied URL or a log line may carry)
opens nothing without the cookie.

Each handler's delta goes only to the socket whose cookie it checked. Reflex's full snapshot
for a new socket (hydrate) would send what the state store holds before any check, so
`dict` leaves the private vars at their defaults unless this very socket passed the check
last (consultancy/framework/snapshot_guard.py): a reload, or a socket opened with a copied
tab token, is sent no rows until the page's on_load handler has checked its cookie.
"""

from __future__ import annotations

import dataclasses

import reflex as rx

from consultancy.enquiries import inbox
from consultancy.enquiries.inbox import EnquiryView, InboxRefused, RelatedView
from consultancy.enquiries.staff_http import session_token
from consultancy.framework.snapshot_guard import guard_snapshot
from consultancy.mail import mail_backlog
from consultancy.records.errors import NotSignedIn, StoreUnavailable
from consultancy.records.models import STATUSES
from consultancy.staff import staff

from .notes import NoteRow

# The sign-in form's answers (?signin=... on /staff, from staff_http.py). One wording for
# every refusal: it never tells whether the name exists or the address is being throttled.
SIGN_IN_ANSWERS = {
    "refused": staff.REFUSED,
    "missing": "Enter your name and password.",
    "unavailable": staff.INBOX_UNAVAILABLE,
    "insecure": "Sign in over https.",
}
# What only a checked socket is sent in Reflex's full snapshot (InboxState.dict).
PRIVATE = ("staff_name", "enquiries", "total", "counts", "opened", "search", "notice", "mail_warning")


@dataclasses.dataclass
class RelatedRow:
    """Another enquiry from the same caller, and what it shares with the opened one."""

    reference: str = ""
    name: str = ""
    received: str = ""
    status: str = ""
    shared: str = ""


@dataclasses.dataclass
class EnquiryRow:
    """One enquiry as the page shows it: every value plain text."""

    reference: str = ""
    received: str = ""
    received_short: str = ""
    status: str = ""
    name: str = ""
    phone: str = ""
    email: str = ""
    organisation: str = ""
    service: str = ""
    district: str = ""
    message: str = ""
    # Held: over which limit, in a few words (the list) and in full (the opened enquiry).
    held_summary: str = ""
    held_explanation: str = ""
    notes: list[NoteRow] = dataclasses.field(default_factory=list)
    related: list[RelatedRow] = dataclasses.field(default_factory=list)


def _related(view: RelatedView) -> RelatedRow:
    return RelatedRow(
        reference=view.reference, name=view.name, received=view.received, status=view.status, shared=view.shared
    )


def _row(view: EnquiryView) -> EnquiryRow:
    return EnquiryRow(
        reference=view.reference,
        received=view.received,
        received_short=view.received_short,
        status=view.status,
        name=view.name,
        phone=view.phone,
        email=view.email,
        organisation=view.organisation,
        service=view.service_label,
        district=view.district_label,
        message=view.message,
        held_summary=view.held_summary,
        held_explanation=view.held_explanation,
        notes=[NoteRow(author=n.author, text=n.text, written=n.written) for n in view.notes],
        related=[_related(r) for r in view.related],
    )


class InboxState(rx.State):
    staff_name: str = ""
    sign_in_error: str = ""
    problem: str = ""
    notice: str = ""

    enquiries: list[EnquiryRow] = []
    total: int = 0
    counts: dict[str, int] = {}
    search: str = ""
    status_filter: str = ""
    page_number: int = 1
    # The enquiry opened for its full message, notes and status ("" when none is open).
    opened: EnquiryRow = EnquiryRow()
    # Emails waiting too long to be sent, in words ("" when none): shown at the top.
    mail_warning: str = ""

    # The socket (Reflex's session id) whose cookie passed the session check last.
    _checked_sid: str = ""

    @rx.var
    def signed_in(self) -> bool:
        return self.staff_name != ""

    @rx.var
    def pages(self) -> int:
        return max(1, -(-self.total // inbox.PAGE_SIZE))

    def _checked(self) -> bool:
        return self._checked_sid != "" and self._checked_sid == self.router.session.session_id

    # --- the session ---------------------------------------------------------------------

    def _forget(self, message: str = "") -> None:
        """Drop everything the session showed (signed out, expired or never signed in)."""
        self._checked_sid, self.staff_name = "", ""
        self.enquiries, self.total, self.counts = [], 0, {}
        self.search, self.status_filter, self.page_number = "", "", 1
        self.opened, self.problem, self.notice = EnquiryRow(), "", ""
        self.mail_warning = ""
        self.sign_in_error = message

    @property
    def _token(self) -> str:
        return session_token(self.router)

    @property
    def _address(self) -> str:
        return self.router.session.client_ip

    def _staff(self) -> bool:
        """The session check every handler starts with; False (and nothing kept) without one."""
        token = self._token
        try:
            identity = inbox.check_session(token, address=self._address)
        except NotSignedIn as refused:
            self._forget(refused.message if token else "")
            return False
        except StoreUnavailable as failure:
            self.problem = failure.message
            return False
        self._checked_sid, self.staff_name = self.router.session.session_id, identity.name
        return True

    def _failed(self, error: Exception) -> None:
        """What an inbox call's refusal means for the page."""
        if isinstance(error, NotSignedIn):
            self._forget(error.message)
        elif isinstance(error, (StoreUnavailable, InboxRefused)):
            self.problem = error.message
        else:
            raise error

    # --- the list ------------------------------------------------------------------------

    def _load(self) -> None:
        """The current page of the list, and the opened enquiry again (its status may have moved)."""
        try:
            found = inbox.list_enquiries(
                self._token,
                status=self.status_filter or None,
                search=self.search,
                page=self.page_number,
                address=self._address,
            )
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return
        self.enquiries = [_row(view) for view in found.enquiries]
        self.total, self.counts = found.total, dict(found.counts)
        try:
            self.mail_warning = mail_backlog.warning(inbox.mail_waiting(self._token))
        except (NotSignedIn, StoreUnavailable) as error:
            self._failed(error)
            return
        if self.opened.reference:
            try:
                self.opened = _row(inbox.get_enquiry(self._token, self.opened.reference, opened=False))
            except InboxRefused:
                # Erased meanwhile (a request under the DPDP Act): nothing left to show.
                self.opened = EnquiryRow()
            except (NotSignedIn, StoreUnavailable) as error:
                self._failed(error)

    @rx.event
    def refresh(self) -> None:
        """On load (and the Refresh button): the list, if this socket carries a session; the
        sign-in form's answer otherwise."""
        answer = self.router.url.query_parameters.get("signin", "")
        if self._staff():
            self.problem = ""
            self._load()
        elif answer in SIGN_IN_ANSWERS:
            self.sign_in_error = SIGN_IN_ANSWERS[answer]

    @rx.event
    def find(self, form: dict) -> None:
        if not self._staff():
            return
        search = form.get("search", "")
        self.search = search.strip()[:200] if isinstance(search, str) else ""
        self.page_number, self.problem = 1, ""
        self._load()

    @rx.event
    def show_status(self, status: str) -> None:
        if not self._staff():
            return
        self.status_filter = status if status in STATUSES else ""
        self.page_number, self.problem = 1, ""
        self._load()

    @rx.event
    def go_to_page(self, page: int) -> None:
        if not self._staff():
            return
        self.page_number = page if isinstance(page, int) and 1 <= page <= self.pages else 1
        self._load()

    # --- one enquiry ---------------------------------------------------------------------

    @rx.event
    def open_enquiry(self, reference: str) -> None:
        if not self._staff():
            return
        self.problem, self.notice = "", ""
        try:
            self.opened = _row(inbox.get_enquiry(self._token, reference, address=self._address))
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)

    @rx.event
    def close_enquiry(self) -> None:
        if not self._staff():
            return
        self.opened, self.notice = EnquiryRow(), ""

    @rx.event
    def change_status(self, reference: str, status: str) -> None:
        if not self._staff():
            return
        try:
            inbox.set_status(self._token, reference, status, address=self._address)
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return
        self.problem, self.notice = "", f"{reference} is now {status}."
        self._load()

    @rx.event
    def add_note(self, form: dict) -> None:
        if not self._staff():
            return
        try:
            inbox.add_note(self._token, self.opened.reference, form.get("note", ""), address=self._address)
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return
        self.problem, self.notice = "", "Note added."
        self._load()

    # The CSV download is an HTTP post behind the password and a code (account.export_form).


# Reflex's full snapshot (hydrate): what the session showed goes only to the socket that
# passed the check, so a reload or a copied tab token is sent nothing until it does.
guard_snapshot(InboxState, PRIVATE, InboxState._checked)
