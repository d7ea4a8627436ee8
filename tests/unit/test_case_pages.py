"""The client's case page (consultancy/enquiries/case_pages.py) through its ASGI app: a live
link shows its own case in plain words, with no note and no way to the staff inbox; every
other link gets one plain refusal; hostile text is shown as text; the headers are strict."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest

from consultancy.enquiries import cases, staff
from consultancy.enquiries.case_pages import case_routes
from consultancy.enquiries.models import utcnow
from tests.enquiry_fixtures import staff_token

PASSWORD = "correct horse battery staple"


def serve(method: str, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
    async def fallback(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 418, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=case_routes(fallback))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.request(method, path, headers=headers or {})

    return asyncio.run(call())


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff_token("anita", PASSWORD)


def test_a_live_link_shows_its_case_in_plain_words(token: str) -> None:
    reference = cases.open_case(
        token,
        organisation="<script>alert('org')</script>",
        contact_name="Asha",
        email="asha@example.com",
        approvals=["factory-licence"],
    )
    [approval] = cases.get_case(token, reference).approvals
    cases.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-01-01", "application_no": "<b>7</b>"})
    cases.add_document(token, reference, approval.id, "Site plan <i>signed</i>")
    cases.add_note(token, reference, "INTERNAL-NOTE-TEXT")
    cases.set_office(token, reference, handler_phone="98765 43210")
    link = cases.issue_link(token, reference)
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
    headers = answer.headers
    assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "no-referrer"
    assert (
        "script-src" not in headers["content-security-policy"]
        and "default-src 'none'" in headers["content-security-policy"]
    )
    assert headers["x-robots-tag"] == "noindex, nofollow"
    assert serve("GET", "/elsewhere").status_code == 418


def test_every_other_link_gets_the_same_plain_refusal(token: str) -> None:
    reference = cases.open_case(token, organisation="Secret Org", approvals=["boiler"])
    revoked = cases.issue_link(token, reference)
    cases.revoke_links(token, reference)
    idle = cases.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    live = cases.issue_link(token, reference)
    unknown = "Q" * 43
    bodies = []
    for link in (revoked, idle, unknown):
        answer = serve("GET", f"/case/{link}")
        assert answer.status_code == 404
        assert "Secret Org" not in answer.text and reference not in answer.text
        bodies.append(answer.text.replace(link, "TOKEN"))
    assert len(set(bodies)) == 1
    for malformed in ("", "x", live + "x", "%C2%B2" * 43, "../staff", live[:-1] + "/"):
        answer = serve("GET", f"/case/{malformed}")
        # (a path that leaves /case/ is not this page's: another handler answers it)
        assert answer.status_code in (404, 418) and "Secret Org" not in answer.text
    assert serve("GET", f"/case/{live}").status_code == 200


def test_a_fresh_link_is_asked_for_only_from_this_site(token: str) -> None:
    reference = cases.open_case(token, organisation="Org", email="asha@example.com", approvals=[])
    idle = cases.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    foreign = serve("POST", f"/case/{idle}", {"origin": "https://evil.example"})
    assert foreign.status_code == 403
    answer = serve("POST", f"/case/{idle}", {"origin": "http://127.0.0.1"})
    assert answer.status_code == 200 and "a fresh one is on its way" in answer.text
    assert serve("POST", f"/case/{'Q' * 43}", {"origin": "http://127.0.0.1"}).text == answer.text.replace(
        idle, "Q" * 43
    )
    from consultancy.enquiries.mail import pending_count

    assert pending_count() == 1


def test_agreed_renewals_are_offered_as_a_calendar_file(token: str) -> None:
    reference = cases.open_case(token, organisation="Org", approvals=["hazardous-waste"])
    [approval] = cases.get_case(token, reference).approvals
    cases.set_stage(token, reference, approval.id, "granted", {"order_no": "HW-1", "issued_on": "2026-03-01"})
    link = cases.issue_link(token, reference)
    assert "case-ics" not in serve("GET", f"/case/{link}").text
    cases.agree_renewals(token, reference, approval.id)
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
    reference = cases.open_case(token, organisation="Head Org", approvals=["factory-licence"])
    link = cases.issue_link(token, reference)
    for path, status in ((f"/case/{link}", 200), (f"/case/{'Q' * 43}", 404)):
        full = serve("GET", path)
        sent, _ = _raw("HEAD", path, [], [])
        start, body = sent
        assert start["status"] == status == full.status_code
        assert dict(start["headers"])[b"content-length"] == str(len(full.content)).encode()
        assert body["body"] == b"", path


def test_an_oversized_fresh_link_post_is_refused_before_it_is_read(token: str) -> None:
    from consultancy.enquiries.mail import pending_count

    reference = cases.open_case(token, organisation="Org", email="asha@example.com", approvals=[])
    idle = cases.issue_link(token, reference, now=utcnow() - timedelta(days=91))
    origin = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
    # Announced too long: refused with nothing read.
    sent, read = _raw("POST", f"/case/{idle}", [*origin, (b"content-length", b"100000")], [b"x" * 100_000])
    assert sent[0]["status"] == 413 and read == 0
    # Not announced, and longer than the button's post once it arrives: refused there.
    sent, read = _raw("POST", f"/case/{idle}", origin, [b"x" * 200, b"x" * 200, b"x" * 200])
    assert sent[0]["status"] == 413 and read == 2
    assert pending_count() == 0, "no link was sent"
    # The button's own post still works.
    sent, _ = _raw("POST", f"/case/{idle}", [*origin, (b"content-length", b"0")], [b""])
    assert sent[0]["status"] == 200 and pending_count() == 1
