"""The client's case page (consultancy/cases/case_pages.py) through its ASGI app: a live
link shows its own case in plain words, with no note and no way to the staff inbox; every
other link gets one plain refusal; hostile text is shown as text; the headers are strict."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta

import httpx
import pytest

from consultancy.cases import case_pages, links, tracker
from consultancy.cases.case_pages import case_routes
from consultancy.records.models import utcnow
from consultancy.staff import staff
from tests.enquiry_fixtures import staff_token

PASSWORD = "correct horse battery staple"


def serve(method: str, path: str, headers: dict[str, str] | None = None, data: dict | None = None) -> httpx.Response:
    async def fallback(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 418, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=case_routes(fallback))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.request(method, path, headers=headers or {}, data=data)

    return asyncio.run(call())


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff_token("anita", PASSWORD)


def test_a_live_link_shows_its_case_in_plain_words(token: str) -> None:
    reference = tracker.open_case(
        token,
        organisation="<script>alert('org')</script>",
        contact_name="Asha",
        email="asha@example.com",
        approvals=["factory-licence"],
    )
    [approval] = tracker.get_case(token, reference).approvals
    tracker.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-01-01", "application_no": "<b>7</b>"})
    tracker.add_document(token, reference, approval.id, "Site plan <i>signed</i>")
    tracker.add_note(token, reference, "INTERNAL-NOTE-TEXT")
    tracker.set_office(token, reference, handler_phone="98765 43210")
    link = links.issue_link(token, reference)
    answer = serve("GET", f"/case/{link}")
    assert answer.status_code == 200
    text = answer.text
    assert "&lt;script&gt;alert(&#x27;org&#x27;)&lt;/script&gt;" in text and "<script" not in text
    assert "&lt;b&gt;7&lt;/b&gt;" in text and "Site plan &lt;i&gt;signed&lt;/i&gt;" in text
    assert "Filed with the authority" in text and "Due by law" in text and "15 February 2026" in text
    assert "What we are waiting for from you" not in text or "Site plan" in text
    assert "INTERNAL-NOTE-TEXT" not in text and "anita" not in text.lower().replace("handled by anita", "")
    assert "/staff" not in text and "_staff" not in text
    assert 'href="tel:+919876543210"' in text and 'href="https://wa.me/919876543210?text=' in text
    assert "Last updated" in text
    assert 'id="landing-whatsapp"' in text and 'class="landing__brand"' in text
    headers = answer.headers
    assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "no-referrer"
    assert (
        "script-src" not in headers["content-security-policy"]
        and "default-src 'none'" in headers["content-security-policy"]
    )
    assert headers["x-robots-tag"] == "noindex, nofollow"
    assert serve("GET", "/elsewhere").status_code == 418


def test_every_other_link_gets_the_same_plain_refusal(token: str) -> None:
    reference = tracker.open_case(token, organisation="Secret Org", approvals=["boiler"])
    revoked = links.issue_link(token, reference)
    links.revoke_links(token, reference)
    idle = links.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    live = links.issue_link(token, reference)
    unknown = "Q" * 43
    bodies = []
    for link in (revoked, idle, unknown):
        answer = serve("GET", f"/case/{link}")
        assert answer.status_code == 404
        assert "Secret Org" not in answer.text and reference not in answer.text
        bodies.append(answer.text.replace(link, "TOKEN").replace(case_pages._form_mark(link), "MARK"))
    assert len(set(bodies)) == 1
    for malformed in ("", "x", live + "x", "%C2%B2" * 43, "../staff", live[:-1] + "/"):
        answer = serve("GET", f"/case/{malformed}")
        # (a path that leaves /case/ is not this page's: another handler answers it)
        assert answer.status_code in (404, 418) and "Secret Org" not in answer.text
    assert serve("GET", f"/case/{live}").status_code == 200


def test_a_fresh_link_is_asked_for_only_from_this_site(token: str) -> None:
    """The page's own form, as browsers post it from a page that sends no referrer
    (`Origin: null`), is taken; another site's page, or a post without the page's mark, is
    refused in words that say nothing was sent (before, a refusal said a link was on its way)."""
    from consultancy.mail.mail import pending_count

    reference = tracker.open_case(token, organisation="Org", email="asha@example.com", approvals=[])
    idle = links.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    mark = {case_pages.MARK: case_pages._form_mark(idle)}
    for headers, data in (
        ({"origin": "https://evil.example"}, mark),
        ({"origin": "null"}, None),
        ({"origin": "null"}, {case_pages.MARK: case_pages._form_mark("Q" * 43)}),
    ):
        refused = serve("POST", f"/case/{idle}", headers, data)
        assert refused.status_code == 403 and case_pages.NOT_TAKEN in refused.text
        assert "on its way" not in refused.text
    assert pending_count() == 0
    answer = serve("POST", f"/case/{idle}", {"origin": "null"}, mark)
    assert answer.status_code == 200 and "a fresh one is on its way" in answer.text
    unknown = "Q" * 43
    other = serve("POST", f"/case/{unknown}", {"origin": "null"}, {case_pages.MARK: case_pages._form_mark(unknown)})
    assert other.text == answer.text.replace(idle, unknown)
    assert pending_count() == 1


def test_agreed_renewals_are_offered_as_a_calendar_file(token: str) -> None:
    reference = tracker.open_case(token, organisation="Org", approvals=["hazardous-waste"])
    [approval] = tracker.get_case(token, reference).approvals
    tracker.set_stage(token, reference, approval.id, "granted", {"order_no": "HW-1", "issued_on": "2026-03-01"})
    link = links.issue_link(token, reference)
    assert "case-ics" not in serve("GET", f"/case/{link}").text
    tracker.agree_renewals(token, reference, approval.id)
    assert 'id="case-ics"' in serve("GET", f"/case/{link}").text
    calendar = serve("GET", f"/case/{link}/renewals.ics")
    assert calendar.status_code == 200 and calendar.headers["content-type"].startswith("text/calendar")
    # Expires 1 March 2031; the renewal is dated by the firm's advice, five months before.
    assert "DTSTART;VALUE=DATE:20301001" in calendar.text and "Hazardous" in calendar.text
    assert serve("GET", f"/case/{'Q' * 43}/renewals.ics").status_code == 404


def _raw(method: str, path: str, headers: list[tuple[bytes, bytes]], chunks: list[bytes]) -> tuple[list[dict], int]:
    """The page's ASGI app called directly: what it sent, and how many body chunks it read."""
    sent: list[dict] = []
    pending = list(chunks)
    read = 0

    async def receive() -> dict:
        nonlocal read
        read += 1
        chunk = pending.pop(0) if pending else b""
        return {"type": "http.request", "body": chunk, "more_body": bool(pending)}

    async def send(message: dict) -> None:
        sent.append(message)

    async def fallback(scope, receive, send) -> None:
        raise AssertionError("not the case page's")

    scope = {"type": "http", "method": method, "path": path, "headers": headers}
    asyncio.run(case_routes(fallback)(scope, receive, send))
    return sent, read


def test_head_answers_the_headers_only(token: str) -> None:
    reference = tracker.open_case(token, organisation="Head Org", approvals=["factory-licence"])
    link = links.issue_link(token, reference)
    for path, status in ((f"/case/{link}", 200), (f"/case/{'Q' * 43}", 404)):
        full = serve("GET", path)
        sent, _ = _raw("HEAD", path, [], [])
        start, body = sent
        assert start["status"] == status == full.status_code
        assert dict(start["headers"])[b"content-length"] == str(len(full.content)).encode()
        assert body["body"] == b"", path


def test_an_oversized_fresh_link_post_is_refused_before_it_is_read(token: str) -> None:
    from consultancy.mail.mail import pending_count

    reference = tracker.open_case(token, organisation="Org", email="asha@example.com", approvals=[])
    idle = links.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    origin = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
    # Announced too long: refused with nothing read.
    sent, read = _raw("POST", f"/case/{idle}", [*origin, (b"content-length", b"100000")], [b"x" * 100_000])
    assert sent[0]["status"] == 413 and read == 0
    # Not announced, and longer than the button's post once it arrives: refused there.
    sent, read = _raw("POST", f"/case/{idle}", origin, [b"x" * 200, b"x" * 200, b"x" * 200])
    assert sent[0]["status"] == 413 and read == 2
    assert pending_count() == 0, "no link was sent"
    # The button's own post still works.
    form = f"{case_pages.MARK}={case_pages._form_mark(idle)}".encode()
    sent, _ = _raw("POST", f"/case/{idle}", [*origin, (b"content-length", str(len(form)).encode())], [form])
    assert sent[0]["status"] == 200 and pending_count() == 1


def test_a_backup_holds_no_working_client_link(token: str, db_url: str, tmp_path, mail_server) -> None:
    """A case email's body kept the whole link, token and all, after it was sent, so a stolen
    backup opened live case pages. Now the database keeps only the link's seed beside a
    placeholder, the link written in as the email goes: neither a backup taken while the email
    waits nor one taken after it went holds the link, and the email that arrives opens the page."""
    import io
    from email import message_from_bytes, policy

    from consultancy.mail.mail import send_due
    from consultancy.office.__main__ import main as cli

    reference = tracker.open_case(token, organisation="Backup Org", email="asha@example.com", approvals=[])
    shown = links.issue_link(token, reference, send=True)
    idle = links.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    links.ask_fresh_link(idle)

    def backup(name: str) -> bytes:
        path = tmp_path / name
        assert cli(["backup", str(path)], err=io.StringIO()) == 0
        return path.read_bytes()

    waiting = backup("waiting.db")
    send_due()
    sent = backup("sent.db")
    letters = [message_from_bytes(m.original_content, policy=policy.default) for m in mail_server.messages]
    mailed = [re.search(r"/case/([A-Za-z0-9_-]{43})", m.get_body(("plain",)).get_content()) for m in letters]
    tokens = [found.group(1) for found in mailed if found]
    assert len(tokens) == 2 and shown in tokens
    for token_mailed in tokens:
        assert links.client_view(token_mailed) is not None
        for copy in (waiting, sent):
            assert token_mailed.encode() not in copy
    # A compressed dump could hide it from the bytes: the tables themselves hold none either.
    import sqlalchemy as sa

    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        stored = " ".join(row[0] for row in connection.execute(sa.text("SELECT body FROM case_mail")))
    assert stored and not any(token_mailed in stored for token_mailed in tokens)


def test_the_page_promises_nothing_untrue(token: str) -> None:
    """A case with only a phone number is promised no email; a filed or granted approval does
    not list what we are waiting for (the documents were given); one still gathering does."""
    reference = tracker.open_case(
        token, organisation="Phone Only Mills", phone="9437012345", approvals=["hazardous-waste", "factory-licence"]
    )
    hazardous, _factory = tracker.get_case(token, reference).approvals
    tracker.set_stage(
        token,
        reference,
        hazardous.id,
        "granted",
        {"order_no": "HW-1", "issued_on": "2026-03-01", "expires_on": "2031-02-28"},
    )
    tracker.agree_renewals(token, reference, hazardous.id)
    link = links.issue_link(token, reference)
    text = serve("GET", f"/case/{link}").text
    # "Renew by" is the calendar's apply-by date, never the expiry day (it was the same day
    # wherever the law's lead time is not settled: a fire certificate's).
    fire_case = tracker.open_case(
        token, organisation="Fire Case", phone="9437012346", approvals=["fire-safety-certificate"]
    )
    [fire] = tracker.get_case(token, fire_case).approvals
    tracker.set_stage(
        token, fire_case, fire.id, "granted", {"order_no": "F-1", "issued_on": "2026-03-01", "expires_on": "2027-02-28"}
    )
    for page_text in (text, serve("GET", f"/case/{links.issue_link(token, fire_case)}").text):
        dates = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", page_text))
        assert dates["Valid until"] and dates["Renew by"] != dates["Valid until"], dates
    assert "mail" not in text.lower().replace("mailto", ""), re.findall(r"[^.]*mail[^.]*", text.lower())
    sections = text.split('<section class="case-approval"')
    granted = next(s for s in sections if "Hazardous" in s)
    gathering = next(s for s in sections if "Factory" in s)
    assert "What we are waiting for" not in granted
    assert "What we are waiting for" in gathering
    assert "We call you before it must be renewed" in granted
