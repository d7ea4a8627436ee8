"""Renewal calendar reminders by email, against a real SMTP server (aiosmtpd) and real
databases (SQLite and PostgreSQL), under a fake clock (the job's `today`): each reminder is
sent once, on its day and not before, whether the job runs twice, twice at once, or while the
mail server is down; the signed unsubscribe link stops them (a GET alone does not); erasure
and retention remove them."""

from __future__ import annotations

import asyncio
import io
import threading
from datetime import UTC, date, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from urllib.parse import urlsplit

import httpx
import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import maintenance, reminders, unsubscribe
from consultancy.enquiries.__main__ import main as cli
from consultancy.enquiries.errors import FormInvalid
from consultancy.framework.reminder_links import reminder_routes
from tests.enquiry_fixtures import MailCatcher

KEY = "k" * 40
# A consent to operate expiring 13 May 2027: apply by 14 March 2027 (60 days before). Its
# yearly environmental statement is due on 30 September.
HELD = {"cto": {"date": "2027-05-13", "kind": "expiry"}}
SUBSCRIBED = date(2027, 1, 10)


@pytest.fixture(autouse=True)
def signing_key(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)
    for name in ("PUBLIC_URL", "SITE_PUBLIC_URL", "BACKEND_PUBLIC_URL"):
        clean_env.delenv(name, raising=False)


def subscribe(email: str = "plant@example.com", held: dict | None = None, **keywords) -> str:
    receipt = reminders.subscribe(
        email, held or HELD, "on", keywords.pop("address", "10.0.0.1"), today=SUBSCRIBED, **keywords
    )
    return receipt.reference


def received(catcher: MailCatcher, to: str = "plant@example.com") -> list[EmailMessage]:
    found = [message_from_bytes(e.original_content, policy=policy.default) for e in catcher.messages]
    return [m for m in found if m["To"] == to]


def count(url: str, table: str) -> int:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one()


def test_a_reminder_goes_on_its_day_once_and_not_before(db_url: str, mail_server: MailCatcher) -> None:
    reference = subscribe()
    # The firm hears of the new lead; the subscriber gets nothing before the day.
    assert reminders.run(date(2027, 2, 13)).queued == 0
    assert received(mail_server) == []
    [firm] = received(mail_server, content().site.email)
    assert reference in firm["Subject"]
    report = reminders.run(date(2027, 2, 14))  # 28 days before 14 March
    assert (report.queued, report.sent, report.failed) == (1, 1, 0)
    [message] = received(mail_server)
    assert message["Subject"].startswith("Reminder: Apply to renew: Consent to operate")
    assert "14 Mar 2027" in message["Subject"]
    assert message["Reply-To"] == content().site.email
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message["List-Unsubscribe"].strip("<>")
    assert link in message.get_content() and urlsplit(link).path == unsubscribe.PATH
    # As sent: the address whole on the header's line, as mail clients read it (RFC 2369).
    raw = mail_server.messages[-1].original_content
    assert f"List-Unsubscribe: <{link}>\r\n".encode() in raw
    assert b"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n" in raw
    # The same day again, and the days after: nothing more until the 7-day reminder.
    for day in (date(2027, 2, 14), date(2027, 2, 15), date(2027, 3, 6)):
        assert reminders.run(day).queued == 0
    assert reminders.run(date(2027, 3, 7)).sent == 1
    assert len(received(mail_server)) == 2
    # The yearly return in the list has its own reminders.
    assert reminders.run(date(2027, 9, 2)).sent == 1
    assert "Environmental statement" in received(mail_server)[-1]["Subject"]


def test_a_late_first_run_sends_the_nearest_reminder_only(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    reminders.run(date(2027, 1, 11))  # the firm's notification of the lead, out of the way
    report = reminders.run(date(2027, 3, 10))  # both the 28-day and the 7-day reminder are due
    assert (report.queued, report.sent) == (1, 1)
    [message] = received(mail_server)
    assert "Apply to renew: Consent to operate" in message.get_content() and "by 14 Mar 2027" in message.get_content()
    assert reminders.run(date(2027, 3, 11)).queued == 0
    assert count(db_url, "reminder") == 2  # the 28-day one recorded as passed over
    assert count(db_url, "reminder WHERE mailed AND days_before = 7") == 1


def test_two_runs_at_once_send_each_reminder_once(db_url: str, mail_server: MailCatcher) -> None:
    for n in range(12):
        subscribe(f"plant{n}@example.com", address=f"10.0.2.{n}")
    assert reminders.run(date(2027, 1, 11)).sent == 12  # the firm's notifications
    reports: list[reminders.RunReport] = []
    barrier = threading.Barrier(3)

    def job() -> None:
        barrier.wait()
        reports.append(reminders.run(date(2027, 2, 14)))

    threads = [threading.Thread(target=job) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(r.queued for r in reports) == 12
    assert sum(r.sent for r in reports) + reminders.run(date(2027, 2, 14)).sent == 12
    to = sorted(m["To"] for m in (message_from_bytes(e.original_content) for e in mail_server.messages))
    assert to.count(content().site.email) == 12
    assert [t for t in to if t != content().site.email] == sorted(f"plant{n}@example.com" for n in range(12))


def test_mail_server_down_the_reminder_waits_and_goes_next_run(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    reminders.run(date(2027, 1, 11))  # the firm's notification, out of the way
    mail_server.stop()
    start = datetime(2027, 2, 14, 3, 0, tzinfo=UTC)
    report = reminders.run(date(2027, 2, 14), now=start)
    assert (report.queued, report.sent, report.failed, report.waiting) == (1, 0, 1, 1)
    mail_server.start()
    # The next day's run: nothing new queued, the waiting reminder sent.
    report = reminders.run(date(2027, 2, 15), now=start.replace(day=15))
    assert (report.queued, report.sent, report.waiting) == (0, 1, 0)
    assert len(received(mail_server)) == 1


def test_over_the_hourly_cap_a_reminder_waits_for_the_next_hour(
    db_url: str, mail_server: MailCatcher, clean_env: pytest.MonkeyPatch
) -> None:
    clean_env.setenv("MAIL_PER_HOUR", "3")
    for n in range(2):
        subscribe(f"plant{n}@example.com", address=f"10.0.3.{n}")
    start = datetime(2027, 2, 14, 3, 0, tzinfo=UTC)
    report = reminders.run(date(2027, 2, 14), now=start)
    # The two firm notifications go first, then one reminder; the other waits, kept.
    assert (report.queued, report.sent, report.waiting) == (2, 3, 1)
    assert reminders.run(date(2027, 2, 14), now=start.replace(hour=3, minute=30)).sent == 0
    assert reminders.run(date(2027, 2, 14), now=start.replace(hour=4, minute=1)).sent == 1


def test_without_a_signing_key_reminders_wait(
    db_url: str, mail_server: MailCatcher, clean_env: pytest.MonkeyPatch
) -> None:
    subscribe()
    clean_env.delenv("ENQUIRY_ADDRESS_KEY")
    report = reminders.run(date(2027, 2, 14))
    assert report.failed == 1 and report.waiting == 1 and received(mail_server) == []
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)
    assert reminders.run(date(2027, 2, 15)).sent == 0  # retried after its pause, not lost
    assert count(db_url, "mail_queue WHERE sent_at IS NULL") == 1


def serve(method: str, path_and_query: str, body: bytes = b"") -> httpx.Response:
    async def fallback(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 404, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=reminder_routes(fallback))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.request(method, path_and_query, content=body)

    return asyncio.run(call())


def test_the_unsubscribe_link_stops_reminders_and_a_get_alone_does_not(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    reminders.run(date(2027, 2, 14))
    [message] = received(mail_server)
    link = urlsplit(message["List-Unsubscribe"].strip("<>"))
    target = f"{link.path}?{link.query}"
    # A mail scanner fetching the link: a page with a button, and the reminders still run.
    page = serve("GET", target)
    assert page.status_code == 200 and 'method="post"' in page.text and "Stop my reminders" in page.text
    assert page.headers["cache-control"] == "no-store" and page.headers["referrer-policy"] == "no-referrer"
    assert reminders.run(date(2027, 3, 7)).sent == 1
    # A tampered signature, or another subscription's id, is refused and changes nothing.
    signature = dict(p.split("=") for p in link.query.split("&"))["t"]
    tampered = target.replace(signature, ("0" if signature[0] != "0" else "1") + signature[1:])
    assert serve("POST", tampered, b"List-Unsubscribe=One-Click").status_code == 403
    other = target.replace("s=1&", "s=2&") if "s=1&" in target else target.replace("s=", "s=9")
    assert serve("POST", other, b"List-Unsubscribe=One-Click").status_code == 403
    assert serve("GET", f"{unsubscribe.PATH}?s=1").status_code == 400
    assert count(db_url, "reminder_subscription WHERE unsubscribed_at IS NOT NULL") == 0
    # The mail client's one click (RFC 8058): stopped, with a note for staff.
    answer = serve("POST", target, b"List-Unsubscribe=One-Click")
    assert answer.status_code == 200 and "stopped" in answer.text
    assert count(db_url, "reminder_subscription WHERE unsubscribed_at IS NOT NULL") == 1
    assert count(db_url, "enquiry_note WHERE author = 'website'") == 1
    assert reminders.run(date(2027, 9, 2)).queued == 0
    assert len(received(mail_server)) == 2
    assert "already" not in serve("GET", target).text and "stopped" in serve("GET", target).text


def test_a_queued_reminder_of_a_stopped_subscription_does_not_go(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    mail_server.stop()
    start = datetime(2027, 2, 14, 3, 0, tzinfo=UTC)
    reminders.run(date(2027, 2, 14), now=start)
    assert count(db_url, "mail_queue WHERE reminder_id IS NOT NULL AND sent_at IS NULL") == 1
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        subscription_id = connection.execute(sa.text("SELECT id FROM reminder_subscription")).scalar_one()
    assert reminders.stop(subscription_id)
    mail_server.start()
    assert reminders.run(date(2027, 2, 15), now=start.replace(day=15)).sent == 1  # the firm's notification only
    assert received(mail_server) == []
    assert count(db_url, "mail_queue WHERE reminder_id IS NOT NULL") == 0


def test_erase_removes_subscriptions_reminders_and_their_mail(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    subscribe("other@example.com", address="10.0.0.2")
    mail_server.stop()
    reminders.run(date(2027, 2, 14))
    assert count(db_url, "reminder") == 2
    err = io.StringIO()
    assert cli(["erase", "--email", "PLANT@example.com"], out=io.StringIO(), err=err) == 0
    assert count(db_url, "reminder_subscription") == 1
    assert count(db_url, "reminder") == 1
    assert count(db_url, "mail_queue WHERE reminder_id IS NOT NULL") == 1
    assert count(db_url, "enquiry WHERE email = 'plant@example.com'") == 0
    # The ledger covers it: a restore would erase it again (reapply_erasures finds its lead).
    assert maintenance.erasure_key("plant@example.com") in maintenance.erased_keys()


def test_retention_deletes_finished_subscriptions_and_keeps_running_ones(db_url: str) -> None:
    subscribe()
    subscribe("later@example.com", {"ec": {"date": "2031-01-01", "kind": "expiry"}}, address="10.0.0.2")
    # The first ends with its last date (30 September 2027); the second runs to 2030.
    assert maintenance.delete_finished_subscriptions(today=date(2027, 9, 30)) == 0
    assert maintenance.delete_finished_subscriptions(today=date(2027, 10, 1)) == 1
    # Its lead is an enquiry like any other; the running one's lead is kept whatever its age.
    later = datetime(2029, 6, 1, tzinfo=UTC)
    assert maintenance.delete_closed(months=12, now=later) == 1
    assert count(db_url, "enquiry") == 1 and count(db_url, "reminder_subscription") == 1


def test_the_cli_job_takes_a_day(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    err = io.StringIO()
    assert cli(["reminders", "--today", "2027-02-14"], out=io.StringIO(), err=err) == 0
    assert "1 reminders queued" in err.getvalue()
    assert cli(["reminders", "--today", "2027-02-14"], out=io.StringIO(), err=err) == 0
    assert len(received(mail_server)) == 1


def test_a_subscription_is_a_lead_sent_again_is_stored_once(db_url: str) -> None:
    with pytest.raises(FormInvalid) as refused:
        reminders.subscribe("not an address", HELD, "", "10.0.0.1", today=SUBSCRIBED)
    assert set(refused.value.errors) == {"email", "consent"}
    with pytest.raises(reminders.NothingToRemind):
        reminders.subscribe("plant@example.com", {"cte": {"date": "2010-01-01"}}, "on", "10.0.0.1", today=SUBSCRIBED)
    first = subscribe(client_key="browser-key-0001")
    assert subscribe(client_key="browser-key-0001") == first
    assert count(db_url, "reminder_subscription") == 1
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        message, services = connection.execute(sa.text("SELECT message, services FROM enquiry")).one()
    assert message.startswith("renewals: Consent to operate (State Pollution Control Board, Odisha) due 14 Mar 2027")
    assert "consent-to-operate" in str(services)


def test_a_subscription_is_in_the_staff_inbox_as_a_lead_and_in_the_export(db_url: str) -> None:
    from consultancy.enquiries import export, inbox, staff

    reference = subscribe()
    staff.add_user("anita", "a long enough password")
    token = staff.sign_in("anita", "a long enough password").token
    listed = inbox.list_enquiries(token, search="renewals")
    [view] = listed.enquiries
    assert view.reference == reference and view.email == "plant@example.com"
    assert view.message.startswith("renewals: Consent to operate")
    assert "Consent to Operate" in view.service_label or "consent" in view.service_label.lower()
    assert reference in export.csv_text()


def test_a_job_that_dies_mid_send_leaves_the_reminder_to_the_next_run_once(
    db_url: str, mail_server: MailCatcher
) -> None:
    from consultancy.enquiries import mail

    subscribe()
    start = datetime(2027, 2, 14, 3, 0, tzinfo=UTC)
    reminders.run(date(2027, 1, 11), now=start.replace(month=1, day=11))  # the firm's notification
    assert reminders.schedule(date(2027, 2, 14), now=start) == 1
    # A job claims the reminder, then dies before sending it (nothing recorded).
    assert len(mail._claim(start, 10)) == 1
    # Another run meanwhile neither queues it again nor takes the claimed one.
    assert reminders.run(date(2027, 2, 14), now=start.replace(minute=2)).sent == 0
    # Once the claim has run out, the next run sends it, once.
    assert reminders.run(date(2027, 2, 14), now=start.replace(minute=6)).sent == 1
    assert reminders.run(date(2027, 2, 15), now=start.replace(day=15)).sent == 0
    assert len(received(mail_server)) == 1
