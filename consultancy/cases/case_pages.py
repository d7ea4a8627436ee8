"""The client's page for their case: GET /case/<token> on the backend (nginx passes /case/ to
it, deploy/nginx.conf.in), plain server-rendered HTML with no script, so it works on a slow
phone and prints cleanly.

The token is the authority (links.client_view): a live link shows its own case and nothing
else; any other (malformed, unknown, revoked, idle, its case closed) gets one plain refusal,
the same page and status for all, which offers to send a fresh link to the email address on
the case. That post (POST /case/<token>) answers the same words whatever happened
(links.ask_fresh_link), so it tells nothing about the link either. The page sends no referrer,
so browsers post its form with `Origin: null`: the post is known for the page's own by a field
the page carries (`_form_mark`, keyed to the link), and refused only from another site's page
or without that field, in words that say nothing was sent. The page names no member of
staff's notes, holds no link to the staff inbox, and is neither cached, indexed nor sent as a
referrer (the token is in its address).
"""

from __future__ import annotations

import asyncio
import hmac
import html
import re
from datetime import date, datetime
from urllib.parse import parse_qs, quote

from starlette.types import ASGIApp, Receive, Scope, Send

from consultancy.content import content, renewals
from consultancy.enquiries.staff_http import _same_origin
from consultancy.framework.http_routes import header, read_body
from consultancy.mail.landing import branded_page
from consultancy.records import keys
from consultancy.records.errors import StoreUnavailable
from consultancy.records.settings import IST
from consultancy.reminders.reminder_pages import HEADERS

from . import case_file, links, stages

PREFIX = links.LINK_PATH
BODY_MAX = 256
# The agreed renewals as a calendar file: /case/<token>/renewals.ics.
ICS = "/renewals.ics"
# Nothing on the page comes from another origin, and no script runs at all.
REFUSED = "This link does not open a case page"
NOT_TAKEN = "Your request was not sent"
# The form's field that marks a post as the page's own.
MARK = "from_page"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _day(value: date | None) -> str:
    return value.strftime("%d %B %Y").lstrip("0") if value else ""


def _moment(value: datetime) -> str:
    return value.astimezone(IST).strftime("%d %B %Y, %H:%M IST").lstrip("0")


def _shell(title: str, body: str) -> bytes:
    return branded_page(
        title, body, head='<meta name="referrer" content="no-referrer">', main_class="container case-page"
    )


def _form_mark(token: str) -> str:
    """What the page's own form carries: keyed to the link, so no other page can make it."""
    return keys.keyed_hash(keys.CASE_LINK, "fresh-link-form:" + token)[:32]


def _from_another_site(scope: Scope) -> bool:
    """An Origin that names a real site other than this one ("null", the page's own without a
    referrer, and none at all are not); the host compared as the staff posts compare it."""
    origin = header(scope, b"origin")
    return origin not in ("", "null") and not _same_origin(scope)


def _carries_mark(body: bytes, token: str) -> bool:
    try:
        fields = parse_qs(body.decode("ascii"), max_num_fields=4)
    except (UnicodeDecodeError, ValueError):
        return False
    sent = fields.get(MARK, [""])
    return len(sent) == 1 and hmac.compare_digest(sent[0].encode(), _form_mark(token).encode())


def not_taken() -> bytes:
    """A fresh-link post that was refused: nothing was asked, and the visitor is told so."""
    site = content().site
    return _shell(
        NOT_TAKEN,
        f"<h1>{_e(NOT_TAKEN)}</h1>"
        '<p id="case-fresh-refused">Nothing was sent. Open the link from our email again and press the '
        f'button there, or call us on <a href="{_e(site.tel_href)}">{_e(site.phone)}</a> and we send a '
        "fresh link while you wait.</p>",
    )


def refusal(token: str, *, asked: bool = False) -> bytes:
    """The one page for every link that does not open a case."""
    site = content().site
    parts = [f"<h1>{_e(REFUSED)}</h1>"]
    if asked:
        parts.append(
            '<p id="case-fresh-asked">If this was a link of ours that ended after a time without use, a fresh '
            "one is on its way to the email address on the case.</p>"
        )
    else:
        parts.append(
            "<p>It may have ended after a time without use, or been replaced. "
            f'Call us on <a href="{_e(site.tel_href)}">{_e(site.phone)}</a>, or ask for a fresh link: '
            "we send it to the email address on the case, never to another.</p>"
        )
        if links.TOKEN_PATTERN.fullmatch(token):
            parts.append(
                f'<form method="post" action="{_e(PREFIX + token)}">'
                f'<input type="hidden" name="{MARK}" value="{_form_mark(token)}">'
                '<button type="submit" class="button button--accent" id="case-fresh-link">'
                "Send a fresh link to the email on the case</button></form>"
            )
    return _shell(REFUSED, "".join(parts))


def _dates(approval: stages.ApprovalView) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    if approval.filed_on:
        rows.append(("Filed", _day(approval.filed_on)))
    if approval.application_no:
        rows.append(("Application number", approval.application_no))
    if approval.portal:
        rows.append(("Portal", approval.portal))
    clock = approval.clock
    if clock.decide_by and approval.stage not in stages.DECIDED:
        passed = "; the time limit has passed and we are following it up" if clock.overdue else ""
        rows.append(("Due by law", _day(clock.decide_by) + passed))
        if clock.deemed_from:
            rows.append(("Deemed approved from", _day(clock.deemed_from) + ", if not decided by then"))
    elif clock.paused and approval.stage == "query":
        rows.append(("Due by law", "The legal time limit is paused until the question is answered"))
    if approval.stage == "query" and approval.reply_due_on:
        rows.append(("Reply due by", _day(approval.reply_due_on)))
    if approval.stage == "inspection" and approval.inspection_on:
        rows.append(("Inspection on", _day(approval.inspection_on)))
    if approval.issued_on:
        rows.append(
            ("Granted", _day(approval.issued_on) + (f", order {approval.order_no}" if approval.order_no else ""))
        )
    if approval.expires_on:
        rows.append(("Valid until", _day(approval.expires_on)))
    if approval.renew_by:
        rows.append(("Renew by", _day(approval.renew_by)))
    if approval.refused_on:
        rows.append(("Refused", _day(approval.refused_on)))
        if approval.appeal_by:
            rows.append(
                ("Appeal by", _day(approval.appeal_by) + (f", to {approval.appeal_to}" if approval.appeal_to else ""))
            )
    return rows


def page(view: case_file.ClientView, token: str) -> bytes:
    site = content().site
    phone = re.sub(r"[^0-9]", "", view.phone)
    who = view.handler.title() if view.handler else site.name
    message = quote(f"Hello, about our case {view.reference} ({view.organisation}):")
    parts = [
        f"<h1>Your approvals with {_e(site.name)}</h1>",
        f'<p class="case-page__who"><strong>{_e(view.organisation)}</strong>, case {_e(view.reference)}</p>',
        f'<p class="case-page__updated" id="case-updated">Last updated {_e(_moment(view.updated_at))}</p>',
        '<p class="case-page__contact">Handled by '
        f"{_e(who)}: "
        f'<a class="button button--primary" id="case-call" href="tel:+{_e(phone)}">Call</a> '
        f'<a class="button button--chat" id="case-whatsapp" href="https://wa.me/{_e(phone)}?text={_e(message)}">WhatsApp</a></p>',
    ]
    for approval in view.approvals:
        holder = stages.HOLDER_WORDS[approval.holder]
        parts.append(f'<section class="case-approval" id="approval-{approval.id}">')
        parts.append(f"<h2>{_e(approval.name)}</h2>")
        parts.append(f'<p class="case-approval__stage"><strong>Now:</strong> {_e(approval.stage_words)}</p>')
        next_words = approval.next_words if view.has_email else stages.NEXT_WORDS_BY_PHONE[approval.stage]
        parts.append(f"<p><strong>Next step with:</strong> {_e(holder)}. {_e(next_words)}</p>")
        dates = _dates(approval)
        if dates:
            parts.append('<dl class="case-approval__dates">')
            parts += [f"<dt>{_e(label)}</dt><dd>{_e(value)}</dd>" for label, value in dates]
            parts.append("</dl>")
        awaited = approval.awaited
        if approval.stage in stages.CLIENT_OWES_AT:
            parts.append("<h3>What we are waiting for from you</h3>")
            if awaited:
                parts.append('<ul class="case-approval__awaited">')
                for document in awaited:
                    described = f" <span>{_e(document.description)}</span>" if document.description else ""
                    parts.append(f"<li><strong>{_e(document.name)}</strong>{described}</li>")
                parts.append("</ul>")
            else:
                parts.append("<p>Nothing at the moment.</p>")
        parts.append("</section>")
    if stages.renewal_held(view.approvals):
        parts.append(
            '<section class="case-renewals"><h2>Renewal dates</h2><p>The renewal and return dates of the '
            "approvals you asked us to remind you of, for your own calendar (the same dates as our renewal "
            + ("calendar and its reminder emails" if view.has_email else "calendar")
            + f').</p><p><a class="button button--secondary" id="case-ics" '
            f'href="{_e(PREFIX + token + ICS)}" download="renewals.ics">Add them to your calendar (.ics)</a></p>'
            "</section>"
        )
    if view.timeline:
        parts.append('<section class="case-timeline"><h2>What has happened</h2><ol>')
        for event in reversed(view.timeline):
            parts.append(f"<li><time>{_e(_day(event.at.astimezone(IST).date()))}</time> {_e(event.detail)}</li>")
        parts.append("</ol></section>")
    return _shell(f"Case {view.reference}", "".join(parts))


async def _answer(send: Send, status: int, body: bytes, *, head: bool = False) -> None:
    """The page; to a HEAD request its headers only (the length the page would have)."""
    headers = [*HEADERS, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


def _unavailable() -> bytes:
    site = content().site
    return _shell(
        "Not available just now",
        "<h1>Your case page is not available just now</h1>"
        f'<p>Please try again in a few minutes, or call us on <a href="{_e(site.tel_href)}">{_e(site.phone)}</a>.</p>',
    )


async def _calendar(send: Send, view: case_file.ClientView, *, head: bool = False) -> None:
    """The agreed renewals as an iCalendar file, from the calendar's own rules and builder."""
    site = content().site
    today = datetime.now(IST).date()
    dated, _ = renewals.items(content().validity, stages.renewal_held(view.approvals), today)
    body = renewals.ics(dated, site.name, site.phone, site.site_url.removeprefix("https://"), datetime.now(IST))
    headers = [
        (b"content-type", b"text/calendar; charset=utf-8"),
        (b"content-disposition", b'attachment; filename="renewals.ics"'),
        (b"cache-control", b"no-store"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-robots-tag", b"noindex, nofollow"),
        (b"x-content-type-options", b"nosniff"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


def _too_long(scope: Scope) -> bool:
    """A body announced as longer than the button's post ever is (read nothing of it)."""
    declared = header(scope, b"content-length")
    return declared != "" and (not declared.isdigit() or int(declared) > BODY_MAX)


async def case_page(scope: Scope, receive: Receive, send: Send) -> None:
    token = scope.get("path", "").removeprefix(PREFIX)
    head = scope.get("method") == "HEAD"
    ics = scope.get("method") in ("GET", "HEAD") and token.endswith(ICS)
    token = token.removesuffix(ICS) if ics else token
    if scope.get("method") == "POST":
        if _from_another_site(scope):
            await _answer(send, 403, not_taken())
            return
        # The post carries nothing but the page's mark: a longer body is refused, by its
        # announced length before any of it is read, else once it grows past BODY_MAX.
        body = None if _too_long(scope) else await read_body(receive, BODY_MAX)
        if body is None:
            await _answer(send, 413, refusal(token))
            return
        if not _carries_mark(body, token):
            await _answer(send, 403, not_taken())
            return
        try:
            await asyncio.to_thread(links.ask_fresh_link, token)
        except StoreUnavailable:
            await _answer(send, 503, _unavailable())
            return
        await _answer(send, 200, refusal(token, asked=True))
        return
    if scope.get("method") not in ("GET", "HEAD"):
        await _answer(send, 405, refusal(""))
        return
    try:
        view = await asyncio.to_thread(links.client_view, token)
    except StoreUnavailable:
        await _answer(send, 503, _unavailable(), head=head)
        return
    if view is None:
        await _answer(send, 404, refusal(token), head=head)
        return
    if ics:
        await _calendar(send, view, head=head)
        return
    await _answer(send, 200, page(view, token), head=head)


def case_routes(app: ASGIApp) -> ASGIApp:
    """An `api_transformer`: /case/<token> to the client's page, anything else to `app`."""

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(PREFIX):
            await case_page(scope, receive, send)
            return
        await app(scope, receive, send)

    return serve
