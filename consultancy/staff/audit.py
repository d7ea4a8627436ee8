"""The record of staff access: sign-ins and sign-outs, failed and throttled sign-ins, inbox
events refused for want of a session, list views and searches, enquiries opened, notes,
status changes and exports, and every administrative command (users added, reset and removed,
erasures, restores, retention), with who, when and from where.

It keeps no personal data of visitors: a search is kept as its length and a keyed hash (the
audit key, keys.AUDIT), never its text; a note as its length. `erase` scrubs what the audit
holds of the person (`scrub`): their enquiries' references, the hashes of searches for them.
Real events are inserted one row each; `retention` deletes rows older than KEEP_FOR. A
sign-in refusal (refused, throttled, held, busy) is different: anyone can cause one, so its
repeats are counted, not written (`_count_refusal`): one row per source (the keyed hash of the
address, IPv6 by its /64), kind and account name tried per REFUSALS_EVERY, at most
REFUSAL_ROWS_PER_DAY such rows a day in all, and the rest of the day's counted in one row a
kind. An export of
more than EXPORT_NOTICE_ROWS rows (environment, 100 by default) also mails a notice to the
firm's address, so a bulk copy of the enquiries never goes unnoticed.
"""

from __future__ import annotations

import getpass
import logging
import os
import threading
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, delete, func, or_, select, update

from consultancy.records import keys
from consultancy.records.database import transaction
from consultancy.records.models import StaffAudit, utcnow
from consultancy.records.settings import IST

logger = logging.getLogger(__name__)

KEEP_FOR = timedelta(days=366)
DETAIL_MAX = 300
# What stands in the audit for something erased.
ERASED = "[erased]"
# A refused inbox event is recorded once a minute per address, and at most REFUSED_PER_MINUTE
# a minute in all (per worker); the rest are counted into the next entry. Anyone can send
# such events, and they must not fill the table.
REFUSED_EVERY = timedelta(minutes=1)
REFUSED_PER_MINUTE = 30
# Sign-in refusals: what anyone can make the sign-in write. One row per source, kind and
# name tried (a staff name or UNKNOWN_NAME: a bounded set) each interval, at most this many
# such rows a day (IST) in all; past that, the day's OVER_CAP row of each kind counts the rest.
# One address trying all day makes 96 rows a kind and name; many, REFUSAL_ROWS_PER_DAY + 4.
REFUSALS = frozenset({"refused", "throttled", "held", "busy"})
REFUSALS_EVERY = timedelta(minutes=15)
REFUSAL_ROWS_PER_DAY = 500
OVER_CAP = "refused-over-cap"


@dataclass(frozen=True)
class Entry:
    at: datetime
    actor: str
    action: str
    detail: str
    address: str
    # Times it happened: more than 1 only for a refusal's counted repeats.
    count: int = 1

    def line(self) -> str:
        when = self.at.astimezone(IST).isoformat(timespec="seconds")
        detail = self.detail
        if self.count > 1:
            detail = f"{self.count} times" + (f"; {detail}" if detail else "")
        return "\t".join([when, self.actor, self.action, self.address or "-", detail])


def record(
    action: str,
    actor: str,
    detail: str = "",
    *,
    address: str = "",
    now: datetime | None = None,
    session: Session | None = None,
) -> None:
    """Append one entry, in the caller's transaction when given one. An audit write that
    fails is logged and does not undo what the member of staff did (the caller's own write
    has failed then too, in the same database). A sign-in refusal (REFUSALS) is counted into
    its source's row of the interval when there is one (`_count_refusal`)."""
    row = StaffAudit(
        at=now or utcnow(),
        actor=str(actor)[:60],
        action=action[:20],
        detail=_plain(str(detail))[:DETAIL_MAX],
        address=str(address or "")[:64],
    )
    if session is not None:
        _write(session, row)
        return
    try:
        with transaction() as own:
            _write(own, row)
    except SQLAlchemyError as error:
        logger.warning("staff audit entry not written (%s): %s", action, type(error).__name__)


def _write(session: Session, row: StaffAudit) -> None:
    if row.action in REFUSALS:
        _count_refusal(session, row)
    else:
        session.add(row)


def _count_refusal(session: Session, row: StaffAudit) -> None:
    """A refusal: added to its source's row for the same kind and name in this interval, else
    a new row while the day has fewer than REFUSAL_ROWS_PER_DAY, else to the day's OVER_CAP
    row of its kind. Two first tries at once may both write a row: the bound holds to within that."""
    from consultancy.records.addresses import address_key

    row.source = address_key(row.address)
    since = row.at - (row.at - datetime.min.replace(tzinfo=row.at.tzinfo)) % REFUSALS_EVERY
    same = session.exec(
        select(StaffAudit.id)
        .where(
            StaffAudit.source == row.source,
            StaffAudit.action == row.action,
            StaffAudit.actor == row.actor,
            StaffAudit.at >= since,
            StaffAudit.at < since + REFUSALS_EVERY,
        )
        .limit(1)
    ).first()
    if same is not None:
        _add_one(session, same)
        return
    day = datetime.combine(row.at.astimezone(IST).date(), time(), IST)
    written = session.exec(
        select(func.count()).select_from(StaffAudit).where(StaffAudit.at >= day, StaffAudit.source != "")
    ).one()
    if written < REFUSAL_ROWS_PER_DAY:
        session.add(row)
        return
    # One row a kind, whatever the address and name.
    detail = f"{row.action}: past the day's {REFUSAL_ROWS_PER_DAY} rows of refusals, from any address"
    over = session.exec(
        select(StaffAudit.id)
        .where(StaffAudit.action == OVER_CAP, StaffAudit.detail == detail, StaffAudit.at >= day)
        .limit(1)
    ).first()
    if over is not None:
        _add_one(session, over)
        return
    session.add(StaffAudit(at=row.at, actor="-", action=OVER_CAP, detail=detail))


def _add_one(session: Session, row_id: int | None) -> None:
    # In the database, not read and written back: two refusals at once both count.
    session.exec(update(StaffAudit).where(StaffAudit.id == row_id).values(count=StaffAudit.count + 1))


def _plain(text: str) -> str:
    # One line per entry in `audit`'s output, whatever was typed into a search box.
    return "".join(" " if ch in "\r\n\t" or ord(ch) < 32 else ch for ch in text)


def entries(since: date | None = None) -> list[Entry]:
    """Oldest first; from the start of `since` (IST) when given."""
    query = select(StaffAudit).order_by(StaffAudit.at, StaffAudit.id)
    if since is not None:
        query = query.where(StaffAudit.at >= datetime.combine(since, time(), IST))
    with transaction() as session:
        return [
            Entry(row.at, row.actor, row.action, row.detail, row.address, row.count)
            for row in session.exec(query).all()
        ]


def delete_older(now: datetime | None = None) -> int:
    """Entries past KEEP_FOR, deleted (run by `retention`)."""
    with transaction() as session:
        result = session.exec(delete(StaffAudit).where(StaffAudit.at < (now or utcnow()) - KEEP_FOR))
        return result.rowcount or 0


def export_notice_rows() -> int:
    return int(os.environ.get("EXPORT_NOTICE_ROWS", "").strip() or 100)


def exported(actor: str, rows: int, *, address: str = "", how: str = "download", background: bool = True) -> None:
    """Record an export; above EXPORT_NOTICE_ROWS, tell the firm by email too (in the
    background: the download does not wait for the mail server)."""
    record("export", actor, f"{rows} rows ({how})", address=address)
    if rows > export_notice_rows():
        from consultancy.mail import mail

        text = (
            f"{actor} exported {rows} enquiries ({how}) from {address or 'this server'} at "
            f"{utcnow().astimezone(IST).strftime('%d %B %Y, %H:%M IST')}.\n\n"
            "If this was not expected, change that person's password "
            "(python -m consultancy.office add-user NAME --reset) and read "
            "python -m consultancy.office audit."
        )
        subject = f"Enquiries exported: {rows} rows by {actor}"
        if background:
            threading.Thread(target=mail.send_notice, args=(subject, text), daemon=True).start()
        else:
            mail.send_notice(subject, text)


def cli_actor() -> str:
    """Who ran a command: the local account, as "cli:NAME"."""
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return f"cli:uid {os.getuid()}"


def search_hash(text: str) -> str:
    """The audit's stand-in for what was searched: a keyed hash (keys.AUDIT) of the text as
    the search reads it (trimmed, any case). Someone holding the key can tell whether a given
    text was searched for; nobody can read the text back."""
    return keys.keyed_hash(keys.AUDIT, text.strip().lower())[:16]


def listed(
    actor: str,
    *,
    status: str | None,
    search: str,
    page: int,
    found: int,
    address: str = "",
    now: datetime | None = None,
) -> None:
    """A list view of the inbox: its filter, page and how many matched; a search as its length
    and keyed hash only (it may be a person's name, phone or address)."""
    shown = f"status {status or 'all'}, page {page}: {found} found"
    if search.strip():
        record(
            "search",
            actor,
            f"{len(search.strip())} characters #{search_hash(search)}; {shown}",
            address=address,
            now=now,
        )
    else:
        record("list", actor, shown, address=address, now=now)


_refused_lock = threading.Lock()
_refused_last: dict[str, datetime] = {}
_refused_folded: dict[str, int] = {}
_refused_minute: list = [None, 0]  # [the minute, entries written in it]


def refused_event(address: str, reason: str, *, now: datetime | None = None) -> bool:
    """An inbox event that came without a valid session. True when it was written, False
    when it was counted into the next entry (the same address within REFUSED_EVERY, or over
    REFUSED_PER_MINUTE in all)."""
    now = now or utcnow()
    where = str(address or "")[:64]
    minute = now.replace(second=0, microsecond=0)
    with _refused_lock:
        last = _refused_last.get(where)
        if _refused_minute[0] != minute:
            _refused_minute[:] = [minute, 0]
        if (last is not None and now - last < REFUSED_EVERY) or _refused_minute[1] >= REFUSED_PER_MINUTE:
            _refused_folded[where] = _refused_folded.get(where, 0) + 1
            return False
        if len(_refused_last) > 10_000:
            # Memory stays bounded whatever the number of addresses; counts may start again.
            _refused_last.clear()
        _refused_last[where] = now
        _refused_minute[1] += 1
        folded = _refused_folded.pop(where, 0)
    detail = reason + (f" (and {folded} more before it)" if folded else "")
    record("refused-event", "-", detail, address=where, now=now)
    return True


def scrub(session: Session, email: str, references: list[str], texts: list[str]) -> int:
    """In the erasing transaction: take out of the audit what names an erased person: their
    `email` wherever it is written (a sign-in refused under it too), their enquiries'
    `references`, and searches for any of `texts` (their address, name, phone...): the keyed
    hash, or the quoted text of entries from before searches were hashed. The entries stay,
    so what staff did is still known, but not to whom. Names are matched only as a whole
    search, never inside other text (a member of staff may share one). The number changed."""
    email = email.strip().lower()
    exact = [reference for reference in references if reference]
    exact += [f"#{search_hash(text)}" for text in texts if text.strip()]
    any_case = [f"'{text.strip().lower()}'" for text in texts if text.strip()]
    if email:
        any_case.append(email)
    if not exact and not any_case:
        return 0
    found = [StaffAudit.detail.contains(needle) for needle in exact]
    found += [StaffAudit.detail.ilike(f"%{needle}%") for needle in any_case]
    if email:
        found.append(func.lower(StaffAudit.actor) == email)
    changed = 0
    for row in session.exec(select(StaffAudit).where(or_(*found))).all():
        detail = row.detail
        for needle in exact:
            detail = detail.replace(needle, ERASED)
        for needle in any_case:
            detail = _replace_any_case(detail, needle)
        actor = ERASED if email and row.actor.lower() == email else row.actor
        if (detail, actor) != (row.detail, row.actor):
            row.detail, row.actor = detail[:DETAIL_MAX], actor
            session.add(row)
            changed += 1
    return changed


def _replace_any_case(text: str, needle: str) -> str:
    lowered, start, out = text.lower(), 0, []
    while (found := lowered.find(needle, start)) >= 0:
        out += [text[start:found], ERASED]
        start = found + len(needle)
    return "".join(out) + text[start:]
