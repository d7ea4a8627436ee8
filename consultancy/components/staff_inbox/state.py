"""The staff inbox's state on the backend.

Where the session token lives: in `_token`, a backend-only var (the leading underscore keeps
it out of every delta), so it never reaches the browser at all. A cookie or sessionStorage
would put it where any script on the page can read it (HttpOnly is impossible for client
storage), and a sessionStorage copy would have to be sent back with every event. Reflex's
own tab token (sessionStorage) already ties the tab to this state, which outlives a reload
(and a worker restart, in Redis), so a reload keeps the member of staff signed in; a new
tab or browser asks again. The database session behind the token still expires after
STAFF_SESSION_HOURS.

Every handler checks the session itself before it reads, changes or shows anything
(`_staff`, or an inbox function that takes the token and checks it), and forgets whatever it
held when the check fails. A visitor who sends these events over the websocket without
signing in gets an empty inbox and the sign-in form, nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses

import reflex as rx
from sqlalchemy.exc import SQLAlchemyError

from consultancy.enquiries import inbox, staff
from consultancy.enquiries.errors import AccountLocked, NotSignedIn, SignInRefused, StoreUnavailable
from consultancy.enquiries.inbox import EnquiryView, InboxRefused
from consultancy.enquiries.models import STATUSES

EXCERPT = 140
CSV_NAME = "enquiries.csv"


@dataclasses.dataclass
class NoteRow:
    author: str = ""
    text: str = ""
    written: str = ""


@dataclasses.dataclass
class EnquiryRow:
    """One enquiry as the page shows it: every value plain text."""

    reference: str = ""
    received: str = ""
    status: str = ""
    name: str = ""
    phone: str = ""
    email: str = ""
    organisation: str = ""
    service: str = ""
    district: str = ""
    message: str = ""
    excerpt: str = ""
    notes: list[NoteRow] = dataclasses.field(default_factory=list)


def _row(view: EnquiryView) -> EnquiryRow:
    message = view.message
    excerpt = message if len(message) <= EXCERPT else message[:EXCERPT].rstrip() + "…"
    return EnquiryRow(
        reference=view.reference,
        received=view.received,
        status=view.status,
        name=view.name,
        phone=view.phone,
        email=view.email,
        organisation=view.organisation,
        service=view.service_label,
        district=view.district_label,
        message=message,
        excerpt=excerpt,
        notes=[NoteRow(author=n.author, text=n.text, written=n.written) for n in view.notes],
    )


class InboxState(rx.State):
    _token: str = ""
    staff_name: str = ""
    sign_in_error: str = ""
    # Counts sign-in tries: the password box is keyed on it, so each answer empties it.
    tries: int = 0
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

    @rx.var
    def signed_in(self) -> bool:
        return self.staff_name != ""

    @rx.var
    def pages(self) -> int:
        return max(1, -(-self.total // inbox.PAGE_SIZE))

    # --- the session ---------------------------------------------------------------------

    def _forget(self, message: str = "") -> None:
        """Drop the token and everything it showed (signed out, expired or never signed in)."""
        self._token, self.staff_name = "", ""
        self.enquiries, self.total, self.counts = [], 0, {}
        self.search, self.status_filter, self.page_number = "", "", 1
        self.opened, self.problem, self.notice = EnquiryRow(), "", ""
        self.sign_in_error = message

    def _staff(self) -> bool:
        """The session check every handler starts with; False (and nothing kept) without one."""
        try:
            staff.require_session(self._token)
        except NotSignedIn as refused:
            self._forget(refused.message if self._token else "")
            return False
        except StoreUnavailable as failure:
            self.problem = failure.message
            return False
        return True

    def _failed(self, error: Exception) -> None:
        """What an inbox call's refusal means for the page."""
        if isinstance(error, NotSignedIn):
            self._forget(error.message)
        elif isinstance(error, (StoreUnavailable, InboxRefused)):
            self.problem = error.message
        else:
            raise error

    @rx.event
    async def sign_in(self, form: dict) -> None:
        self.sign_in_error, self.problem = "", ""
        self.tries += 1
        name, password = form.get("name", ""), form.get("password", "")
        if not isinstance(name, str) or not isinstance(password, str) or not name.strip() or not password:
            self.sign_in_error = "Enter your name and password."
            return
        try:
            # scrypt takes about half a second: off the event loop, so other visitors wait for nothing.
            ticket = await asyncio.to_thread(staff.sign_in, name, password)
        except (SignInRefused, AccountLocked, StoreUnavailable) as refused:
            self.sign_in_error = refused.message
            return
        self._forget()
        self._token, self.staff_name = ticket.token, ticket.name
        self._load()

    @rx.event
    def sign_out(self) -> None:
        # The tab forgets the token whatever the database says.
        with contextlib.suppress(SQLAlchemyError):
            staff.sign_out(self._token)
        self._forget()

    # --- the list ------------------------------------------------------------------------

    def _load(self) -> None:
        """The current page of the list, and the opened enquiry again (its status may have moved)."""
        try:
            found = inbox.list_enquiries(
                self._token, status=self.status_filter or None, search=self.search, page=self.page_number
            )
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return
        self.enquiries = [_row(view) for view in found.enquiries]
        self.total, self.counts = found.total, dict(found.counts)
        if self.opened.reference:
            try:
                self.opened = _row(inbox.get_enquiry(self._token, self.opened.reference))
            except InboxRefused:
                # Erased meanwhile (a request under the DPDP Act): nothing left to show.
                self.opened = EnquiryRow()
            except (NotSignedIn, StoreUnavailable) as error:
                self._failed(error)

    @rx.event
    def refresh(self) -> None:
        """On load (and the Refresh button): the list, if the tab is signed in."""
        if self._token and self._staff():
            self.problem = ""
            self._load()

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
            self.opened = _row(inbox.get_enquiry(self._token, reference))
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
            inbox.set_status(self._token, reference, status)
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
            inbox.add_note(self._token, self.opened.reference, form.get("note", ""))
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return
        self.problem, self.notice = "", "Note added."
        self._load()

    # --- the download --------------------------------------------------------------------

    @rx.event
    def download(self):
        """Every enquiry as CSV, the same file as `python -m consultancy.enquiries export`."""
        if not self._staff():
            return None
        try:
            text = inbox.export_csv(self._token)
        except (NotSignedIn, StoreUnavailable, InboxRefused) as error:
            self._failed(error)
            return None
        return rx.download(data=text, filename=CSV_NAME, mime_type="text/csv")
