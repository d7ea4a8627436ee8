"""Renewal calendar reminders by email, against a real SMTP server (aiosmtpd) and real
databases (SQLite and PostgreSQL), under a fake clock (the job's `today`): each reminder is
sent once, on its day and not before, whether the job runs twice, twice at once, or while the
mail server is down; the signed unsubscribe link stops them (a GET alone does not); erasure
and retention remove them. Double opt-in: one confirmation email with a signed link, whose
button (not a GET) starts the reminders; none before it, an unconfirmed request deleted."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.content import renewals as rules
from consultancy.mail import unsubscribe
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records import ledger
from consultancy.records.errors import FormInvalid
from consultancy.reminders import reminder_schedule, reminders, subscriptions
from tests.enquiry_fixtures import MailCatcher, at_once, serve_reminder_pages
from tests.enquiry_fixtures import staff_token as full_session

KEY = "k" * 40
# A consent to operate whose order still shows an expiry date, 14 July 2027: the renewal is
# due on 14 March 2027, four months before, by the firm's advice (the renewal calendar's
# apply-by date). Its yearly environmental statement is due on 30 September.
HELD = {"consent-to-operate": {"date": "2027-07-14", "kind": "expiry"}}
SUBSCRIBED = date(2027, 1, 10)


@pytest.fixture(autouse=True)
def signing_key(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)
    for name in ("PUBLIC_URL", "SITE_PUBLIC_URL", "BACKEND_PUBLIC_URL"):
        clean_env.delenv(name, raising=False)


def subscription_of(reference: str) -> int:
    from sqlmodel import select

    from consultancy.records.database import transaction
    from consultancy.records.models import Enquiry, ReminderSubscription

    with transaction() as session:
        return session.exec(
            select(ReminderSubscription.id)
            .join(Enquiry, Enquiry.id == ReminderSubscription.enquiry_id)
            .where(Enquiry.reference == reference)
        ).one()


def subscribe(email: str = "plant@example.com", held: dict | None = None, *, confirmed: bool = True, **keywords) -> str:
    """A subscription as the page stores it; `confirmed` as if its link were then followed at
    once (before its confirmation email went: that email is then not sent)."""
    receipt = reminders.subscribe(
        email, held or HELD, "on", keywords.pop("address", "10.0.0.1"), today=SUBSCRIBED, **keywords
    )
    if confirmed:
        assert reminders.confirm(subscription_of(receipt.reference))
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
    reports = at_once(3, lambda: reminders.run(date(2027, 2, 14)))
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


def _branded(page: str) -> None:
    """A page reached from an email names the firm and gives its phone and WhatsApp (before,
    these pages had neither)."""
    from html import escape

    from consultancy.content import content

    site = content().site
    assert escape(site.name, quote=True) in page and 'class="landing__brand"' in page
    assert f'href="{escape(site.tel_href, quote=True)}"' in page
    assert f'href="{escape(site.chat_href, quote=True)}"' in page


def test_the_unsubscribe_link_stops_reminders_and_a_get_alone_does_not(db_url: str, mail_server: MailCatcher) -> None:
    subscribe()
    reminders.run(date(2027, 2, 14))
    [message] = received(mail_server)
    link = urlsplit(message["List-Unsubscribe"].strip("<>"))
    target = f"{link.path}?{link.query}"
    # A mail scanner fetching the link: a page with a button, and the reminders still run.
    page = serve_reminder_pages("GET", target)
    assert page.status_code == 200 and 'method="post"' in page.text and "Stop my reminders" in page.text
    _branded(page.text)
    assert page.headers["cache-control"] == "no-store" and page.headers["referrer-policy"] == "no-referrer"
    assert reminders.run(date(2027, 3, 7)).sent == 1
    # A tampered signature, or another subscription's id, is refused and changes nothing.
    signature = dict(p.split("=") for p in link.query.split("&"))["t"]
    tampered = target.replace(signature, ("0" if signature[0] != "0" else "1") + signature[1:])
    assert serve_reminder_pages("POST", tampered, b"List-Unsubscribe=One-Click").status_code == 403
    other = target.replace("s=1&", "s=2&") if "s=1&" in target else target.replace("s=", "s=9")
    assert serve_reminder_pages("POST", other, b"List-Unsubscribe=One-Click").status_code == 403
    assert serve_reminder_pages("GET", f"{unsubscribe.PATH}?s=1").status_code == 400
    assert count(db_url, "reminder_subscription WHERE unsubscribed_at IS NOT NULL") == 0
    # The mail client's one click (RFC 8058): stopped, with a note for staff.
    answer = serve_reminder_pages("POST", target, b"List-Unsubscribe=One-Click")
    assert answer.status_code == 200 and "stopped" in answer.text
    _branded(answer.text)
    assert count(db_url, "reminder_subscription WHERE unsubscribed_at IS NOT NULL") == 1
    assert count(db_url, "enquiry_note WHERE author = 'website' AND text LIKE 'Reminders stopped%'") == 1
    assert reminders.run(date(2027, 9, 2)).queued == 0
    assert len(received(mail_server)) == 2
    assert (
        "already" not in serve_reminder_pages("GET", target).text
        and "stopped" in serve_reminder_pages("GET", target).text
    )


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
    assert ledger.erasure_key("plant@example.com") in ledger.erased_keys()


def test_retention_deletes_finished_subscriptions_and_keeps_running_ones(db_url: str) -> None:
    subscribe()
    subscribe(
        "later@example.com", {"environmental-clearance": {"date": "2031-01-01", "kind": "expiry"}}, address="10.0.0.2"
    )
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
        reminders.subscribe(
            "plant@example.com", {"consent-to-establish": {"date": "2010-01-01"}}, "on", "10.0.0.1", today=SUBSCRIBED
        )
    first = subscribe(client_key="browser-key-0001", confirmed=False)
    assert subscribe(client_key="browser-key-0001", confirmed=False) == first
    assert count(db_url, "reminder_subscription") == 1
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).connect() as connection:
        message, services = connection.execute(sa.text("SELECT message, services FROM enquiry")).one()
    assert message.startswith("renewals (awaiting the visitor's confirmation): Consent to operate due 14 Mar 2027")
    assert "consent-to-operate" in str(services)


def test_a_subscription_is_in_the_staff_inbox_as_a_lead_and_in_the_export(db_url: str) -> None:
    from consultancy.enquiries import export, inbox
    from consultancy.staff import staff

    reference = subscribe()
    staff.add_user("anita", "a long enough password")
    token = full_session("anita", "a long enough password")
    listed = inbox.list_enquiries(token, search="renewals")
    [view] = listed.enquiries
    assert view.reference == reference and view.email == "plant@example.com"
    assert view.message.startswith("renewals: Consent to operate")
    assert "Consent to Operate" in view.service_label or "consent" in view.service_label.lower()
    assert reference in export.csv_text()


def test_a_job_that_dies_mid_send_leaves_the_reminder_to_the_next_run_once(
    db_url: str, mail_server: MailCatcher
) -> None:
    from consultancy.mail import mail

    subscribe()
    start = datetime(2027, 2, 14, 3, 0, tzinfo=UTC)
    reminders.run(date(2027, 1, 11), now=start.replace(month=1, day=11))  # the firm's notification
    assert reminder_schedule.schedule(date(2027, 2, 14), now=start) == 1
    # A job claims the reminder, then dies before sending it (nothing recorded).
    assert len(mail._claim(start, 10, 10)) == 1
    # Another run meanwhile neither queues it again nor takes the claimed one.
    assert reminders.run(date(2027, 2, 14), now=start.replace(minute=2)).sent == 0
    # Once the claim has run out, the next run sends it, once.
    assert reminders.run(date(2027, 2, 14), now=start.replace(minute=6)).sent == 1
    assert reminders.run(date(2027, 2, 15), now=start.replace(day=15)).sent == 0
    assert len(received(mail_server)) == 1


# --- double opt-in ------------------------------------------------------------------------------


def lead_message(token: str, reference: str) -> str:
    from consultancy.enquiries import inbox

    return inbox.get_enquiry(token, reference).message


def staff_token() -> str:
    from consultancy.staff import staff

    staff.add_user("anita", "a long enough password")
    return full_session("anita", "a long enough password")


def path_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def test_the_confirmation_email_goes_once_and_only_its_button_starts_the_reminders(
    db_url: str, mail_server: MailCatcher
) -> None:
    reference = subscribe(confirmed=False)
    token = staff_token()
    assert lead_message(token, reference).startswith(subscriptions.AWAITING)
    # The firm's notification and the one confirmation email, to the address given.
    assert reminders.run(date(2027, 1, 10)).sent == 2
    [message] = received(mail_server)
    assert message["Subject"].startswith("Confirm your renewal reminders")
    assert message["List-Unsubscribe"] is None and message["Reply-To"] == content().site.email
    text = message.get_content()
    assert "Apply to renew: Consent to operate" in text and "by 14 Mar 2027" in text
    [link] = [word for word in text.split() if unsubscribe.CONFIRM_PATH in word]
    assert urlsplit(link).path == unsubscribe.CONFIRM_PATH and reference in text
    # The same address and list asked for again (another page load): the same request, and no
    # second email within the hour.
    assert subscribe("Plant@example.com", client_key="another-page-load", address="10.0.0.9", confirmed=False) == (
        reference
    )
    assert count(db_url, "enquiry") == 1
    assert reminders.run(date(2027, 1, 10)).sent == 0
    # Unconfirmed: no reminder, even on and after the days they are due.
    for day in (date(2027, 2, 14), date(2027, 3, 7), date(2027, 3, 10)):
        assert reminders.run(day).queued == 0
    assert len(received(mail_server)) == 1
    # A mail scanner fetching the link: a page with the button, and nothing confirmed.
    page = serve_reminder_pages("GET", path_of(link))
    assert page.status_code == 200 and 'method="post"' in page.text and "Confirm reminders" in page.text
    assert page.headers["cache-control"] == "no-store" and page.headers["referrer-policy"] == "no-referrer"
    assert count(db_url, "reminder_subscription WHERE confirmed_at IS NOT NULL") == 0
    assert reminders.run(date(2027, 3, 10)).queued == 0
    # A tampered signature is refused; so is the unsubscribe link's signature for the same
    # subscription on the confirm address, and the confirmation's on the unsubscribe address.
    signature = dict(p.split("=") for p in urlsplit(link).query.split("&"))["t"]
    tampered = path_of(link).replace(signature, ("0" if signature[0] != "0" else "1") + signature[1:])
    assert serve_reminder_pages("POST", tampered).status_code == 403
    unsubscribing = urlsplit(unsubscribe.unsubscribe_url(subscription_of(reference), reference))
    assert serve_reminder_pages("POST", f"{unsubscribe.CONFIRM_PATH}?{unsubscribing.query}").status_code == 403
    assert (
        serve_reminder_pages(
            "POST", f"{unsubscribe.PATH}?{urlsplit(link).query}", b"List-Unsubscribe=One-Click"
        ).status_code
        == 403
    )
    assert count(db_url, "reminder_subscription WHERE confirmed_at IS NOT NULL OR unsubscribed_at IS NOT NULL") == 0
    # The button: confirmed, the lead says so, and the reminders start at the next run (only
    # the nearest one due: the 7-day reminder).
    answer = serve_reminder_pages("POST", path_of(link))
    assert answer.status_code == 200 and "confirmed" in answer.text
    assert count(db_url, "reminder_subscription WHERE confirmed_at IS NOT NULL") == 1
    message_now = lead_message(token, reference)
    assert message_now.startswith("renewals: Consent to operate") and "awaiting" not in message_now
    assert count(db_url, "enquiry_note WHERE text LIKE 'Reminders confirmed%'") == 1
    report = reminders.run(date(2027, 3, 10))
    assert (report.queued, report.sent) == (1, 1)
    assert received(mail_server)[-1]["Subject"].startswith("Reminder: Apply to renew: Consent to operate")
    # Pressed again, or the page opened again: confirmed, nothing more.
    assert (
        "confirmed" in serve_reminder_pages("POST", path_of(link)).text
        and "confirmed" in serve_reminder_pages("GET", path_of(link)).text
    )
    assert count(db_url, "enquiry_note WHERE text LIKE 'Reminders confirmed%'") == 1
    # Once stopped, the old confirmation link does not start them again.
    assert reminders.stop(subscription_of(reference))
    assert "stopped" in serve_reminder_pages("POST", path_of(link)).text
    assert count(db_url, "reminder_subscription WHERE unsubscribed_at IS NOT NULL") == 1


def test_one_mailbox_gets_one_confirmation_email_a_day_and_three_in_all(db_url: str, mail_server: MailCatcher) -> None:
    start = datetime(2027, 1, 10, 4, 0, tzinfo=UTC)
    reference = subscribe(confirmed=False, now=start)
    other_list = {"fire-safety-certificate": {"date": "2027-06-01", "kind": "expiry"}}
    assert reminders.run(date(2027, 1, 10), now=start).sent == 2
    # The same list asked for again that day: the same request, and no second email.
    for minutes in (1, 30, 61, 23 * 60):
        again = start + timedelta(minutes=minutes)
        assert subscribe(confirmed=False, now=again, client_key=f"page-load-{minutes:04d}") == reference
        assert reminders.run(date(2027, 1, 10), now=again).sent == 0
    # Another list for the same mailbox, spelt otherwise, is another request (a lead for
    # staff, noted), whose email waits for the next day's run.
    later = start + timedelta(hours=23, minutes=30)
    other = subscribe("Plant+Renewals@Example.com", held=other_list, confirmed=False, now=later, client_key="other")
    assert other != reference
    assert reminders.run(date(2027, 1, 10), now=later).sent == 1  # its lead's notification only
    assert count(db_url, "enquiry_note WHERE text LIKE 'No confirmation email yet%'") == 1
    next_day = start + timedelta(days=1, minutes=1)
    report = reminders.run(date(2027, 1, 11), now=next_day)
    assert (report.confirmations, report.sent) == (1, 1)
    assert received(mail_server, "plant+renewals@example.com")[0]["Subject"].startswith("Confirm your renewal")
    # The first list again two days on: its email once more, the mailbox's third and last.
    third_day = start + timedelta(days=2, minutes=2)
    assert subscribe(confirmed=False, now=third_day, client_key="page-load-3") == reference
    assert reminders.run(date(2027, 1, 12), now=third_day).sent == 1
    # Both of its links work until one is used: the same subscription.
    links = [m.get_content() for m in received(mail_server)]
    assert len(links) == 2 and all(unsubscribe.CONFIRM_PATH in text for text in links)
    for days in range(3, 7):
        again = start + timedelta(days=days, minutes=3)
        assert subscribe(confirmed=False, now=again, client_key=f"page-load-day-{days}") == reference
        assert reminders.run(again.date(), now=again).sent == 0
    assert len(mail_server.messages) == 5  # 2 leads' notifications, 3 confirmation emails


def test_asking_again_does_not_put_off_the_deletion_of_an_unconfirmed_request(
    db_url: str, mail_server: MailCatcher
) -> None:
    start = datetime(2027, 1, 10, 4, 0, tzinfo=UTC)
    reference = subscribe(confirmed=False, now=start)
    reminders.run(date(2027, 1, 10), now=start)
    days = content().enquiries.reminder_confirm_days
    again = start + timedelta(days=days - 1)
    assert subscribe(confirmed=False, now=again, client_key="page-load-again") == reference
    assert reminders.run(again.date(), now=again).sent == 1  # its email again, a day or more on
    # The second email gives the same date as the first: the request's first ask and the days.
    first, second = (m.get_content() for m in received(mail_server))
    deleted_on = (start + timedelta(days=days)).date()
    assert f"delete the request after {rules.label(deleted_on)}" in " ".join(first.split())
    assert f"delete the request after {rules.label(deleted_on)}" in " ".join(second.split())
    assert maintenance.delete_unconfirmed_subscriptions(now=start + timedelta(days=days, minutes=1)) == 1
    assert count(db_url, "reminder_subscription") == 0 and count(db_url, "enquiry") == 1


def test_asking_again_counts_against_the_hourly_limits(db_url: str, mail_server: MailCatcher) -> None:
    start = datetime(2027, 1, 10, 4, 0, tzinfo=UTC)
    per_contact = content().enquiries.per_contact_per_hour
    reference = subscribe(confirmed=False, now=start)
    for n in range(1, per_contact):
        assert subscribe(confirmed=False, now=start + timedelta(minutes=n), client_key=f"again-{n}") == reference
    # Over the limit for this mailbox, whatever its spelling: a new list is held for staff.
    spelt_otherwise = reminders.subscribe(
        "PLANT+x@example.com",
        {"hazardous-waste": {"date": "2026-06-01", "kind": "issue"}},
        "on",
        "10.0.0.2",
        today=SUBSCRIBED,
        now=start + timedelta(minutes=10),
    )
    assert spelt_otherwise.held
    assert count(db_url, "recent_submission") == per_contact + 1


def test_a_held_request_gets_its_confirmation_email_once_staff_release_it(
    db_url: str, mail_server: MailCatcher
) -> None:
    from consultancy.enquiries import inbox

    per_address = content().enquiries.per_address_per_hour
    # Each at a domain of their own: one domain's day cap (recipients.DOMAIN_PER_DAY) is not what this tests.
    people = [f"plant@firm{n}.example" for n in range(per_address + 1)]
    references = [subscribe(person, confirmed=False, address="10.0.4.1") for person in people]
    reminders.run(date(2027, 1, 10))
    assert [len(received(mail_server, person)) for person in people] == [1] * per_address + [0]  # the held one's waits
    inbox.set_status(staff_token(), references[-1], "new")
    report = reminders.run(date(2027, 1, 11))
    assert (report.confirmations, report.sent) == (1, 1)
    assert reminders.run(date(2027, 1, 12)).confirmations == 0
    assert len(received(mail_server, people[-1])) == 1


def test_retention_drops_an_unconfirmed_subscription_after_the_period_and_keeps_the_lead(
    db_url: str, mail_server: MailCatcher
) -> None:
    start = datetime(2027, 1, 10, 4, 0, tzinfo=UTC)
    reference = subscribe(confirmed=False, now=start)
    subscribe("kept@example.com", address="10.0.0.2", now=start)
    reminders.run(date(2027, 1, 10), now=start)
    [message] = received(mail_server)
    [link] = [word for word in message.get_content().split() if unsubscribe.CONFIRM_PATH in word]
    days = content().enquiries.reminder_confirm_days
    assert maintenance.delete_unconfirmed_subscriptions(now=start + timedelta(days=days, minutes=-1)) == 0
    assert maintenance.delete_unconfirmed_subscriptions(now=start + timedelta(days=days, minutes=1)) == 1
    assert count(db_url, "reminder_subscription") == 1 and count(db_url, "enquiry") == 2
    # The lead stays (a person asked for help with these renewals), saying what happened.
    token = staff_token()
    assert lead_message(token, reference).startswith(subscriptions.NEVER_CONFIRMED)
    assert count(db_url, "enquiry_note WHERE text LIKE 'The visitor did not confirm%'") == 1
    # Its link is dead, and says why.
    page = serve_reminder_pages("GET", path_of(link))
    assert page.status_code == 400 and f"more than {days} days old" in page.text
    assert serve_reminder_pages("POST", path_of(link)).status_code == 403
    # The command line's retention runs it too.
    err = io.StringIO()
    assert cli(["retention"], out=io.StringIO(), err=err) == 0
    assert "0 reminder subscriptions never confirmed" in err.getvalue()


def test_erase_removes_an_unconfirmed_subscription_and_its_waiting_email(db_url: str, mail_server: MailCatcher) -> None:
    subscribe(confirmed=False)
    mail_server.stop()
    reminders.run(date(2027, 1, 10))
    assert count(db_url, "mail_queue WHERE confirm_subscription_id IS NOT NULL AND sent_at IS NULL") == 1
    assert cli(["erase", "--email", "plant@example.com"], out=io.StringIO(), err=io.StringIO()) == 0
    assert count(db_url, "reminder_subscription") == 0 and count(db_url, "enquiry") == 0
    assert count(db_url, "mail_queue") == 0
    mail_server.start()
    assert reminders.run(date(2027, 1, 11)).sent == 0 and received(mail_server) == []
