"""The firm's email for each enquiry, against a real SMTP server (aiosmtpd) on loopback:
sent as plain text, kept when the server is down and sent once when it is back."""

from __future__ import annotations

import asyncio
import ssl
import subprocess
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.content import content
from consultancy.enquiries import store
from consultancy.mail import mail
from consultancy.office.__main__ import main as cli
from tests.conftest import run_in_own_thread
from tests.enquiry_fixtures import MailCatcher, at_once, enquiry_form

ODIA = "ଆମର କାରଖାନା ପାଇଁ ଅଗ୍ନି ନିରାପତ୍ତା ପ୍ରମାଣପତ୍ର ଦରକାର।"
MARKUP = '<a href="https://evil.example">click</a><script>alert(1)</script>'


form = partial(
    enquiry_form,
    organisation="Kalinga Steel",
    service="fire-nocs",
    district="khordha",
    message=f"{MARKUP}\n{ODIA}",
)


def received(catcher: MailCatcher) -> list[EmailMessage]:
    return [message_from_bytes(envelope.original_content, policy=policy.default) for envelope in catcher.messages]


def queue(url: str) -> list[tuple]:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return [
            tuple(row)
            for row in connection.execute(
                sa.text("SELECT attempts, sent_at IS NOT NULL, last_error FROM mail_queue ORDER BY id")
            )
        ]


def test_each_enquiry_reaches_the_firm_as_plain_text(db_url: str, mail_server: MailCatcher) -> None:
    reference = store.submit(form(), "10.0.0.1")
    report = mail.send_due()
    assert (report.sent, report.failed) == (1, 0)
    [envelope] = mail_server.messages
    assert envelope.rcpt_tos == [content().site.email]
    assert envelope.mail_from == "website@example.com"
    [message] = received(mail_server)
    assert message["Subject"] == f"Website enquiry {reference}: Fire NOC (Fire Safety Recommendation)"
    assert message["Reply-To"] == "asha@example.com"
    assert message.get_content_type() == "text/plain" and not message.is_multipart()
    body = message.get_content()
    # The visitor's markup arrives as the characters they typed, and Odia exactly.
    assert MARKUP in body and ODIA in body
    assert "Phone:         +919876543210" in body and "District:      Khordha" in body
    assert queue(db_url) == [(1, True, "")]


def test_a_name_cannot_add_headers_or_recipients(sqlite_url: str, mail_server: MailCatcher) -> None:
    store.submit(form(name="Eve\r\nBcc: victim@example.org\r\nX-Evil: 1"), "10.0.0.1")
    mail.send_due()
    [envelope] = mail_server.messages
    assert envelope.rcpt_tos == [content().site.email]
    [message] = received(mail_server)
    assert message["Bcc"] is None and message["X-Evil"] is None
    assert "Name:          Eve Bcc: victim@example.org X-Evil: 1" in message.get_content()


def test_mail_server_down_the_enquiry_is_stored_and_sent_once_it_is_back(db_url: str, mail_server: MailCatcher) -> None:
    mail_server.stop()
    start = datetime.now(UTC)
    reference = store.submit(form(), "10.0.0.1", now=start)
    report = mail.send_due(now=start)
    assert (report.sent, report.failed) == (0, 1)
    [(attempts, sent, error)] = queue(db_url)
    assert (attempts, sent) == (1, False) and "Connection refused" in error
    # Not due again before a minute has passed, so a dead server is not hammered.
    assert mail.send_due(now=start + timedelta(seconds=30)).failed == 0
    assert mail.send_due(now=start + timedelta(seconds=61)).failed == 1
    mail_server.start()
    assert mail.send_due(now=start + timedelta(seconds=90)).sent == 0  # next try at +3 min
    report = mail.send_due(now=start + timedelta(minutes=4))
    assert (report.sent, report.failed) == (1, 0)
    assert mail.send_due(now=start + timedelta(hours=2)).sent == 0
    [message] = received(mail_server)
    assert reference in message["Subject"]
    assert queue(db_url) == [(3, True, "")]
    assert mail.pending_count() == 0


def test_two_senders_at_once_send_each_email_once(db_url: str, mail_server: MailCatcher) -> None:
    # 24 visitors, each with their own contact details (the same ones would be held).
    references = [
        store.submit(form(email=f"visitor{i}@example.com", phone=f"98765{i:05d}"), f"10.0.1.{i}") for i in range(24)
    ]
    reports = at_once(3, lambda: mail.send_due(limit=24))
    assert sum(report.sent for report in reports) == 24
    subjects = [message["Subject"] for message in received(mail_server)]
    assert sorted(subject.split()[2].rstrip(":") for subject in subjects) == sorted(references)


def test_the_backends_sender_sends_soon_after_an_enquiry(sqlite_url: str, mail_server: MailCatcher) -> None:
    async def scenario() -> None:
        sender = asyncio.create_task(mail.run_sender(interval_s=3600))
        await asyncio.sleep(0.2)
        await asyncio.to_thread(store.submit, form(), "10.0.0.1")
        for _ in range(100):
            if mail_server.messages:
                break
            await asyncio.sleep(0.05)
        sender.cancel()

    run_in_own_thread(scenario)
    assert len(mail_server.messages) == 1


def _certificate(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (openssl), the mail server's own."""
    cert, key = directory / "smtp.crt", directory / "smtp.key"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def _login_server(logins: list[tuple[bytes, bytes]], **options: object) -> MailCatcher:
    from aiosmtpd.smtp import AuthResult, LoginPassword

    def authenticator(server, session, envelope, mechanism, auth_data) -> AuthResult:
        if isinstance(auth_data, LoginPassword):
            logins.append((auth_data.login, auth_data.password))
            return AuthResult(success=auth_data.password == b"s3cret-pass", handled=False)
        return AuthResult(success=False, handled=False)

    return MailCatcher(authenticator=authenticator, auth_required=True, **options)


def test_smtp_login_with_the_configured_user_over_starttls(sqlite_url: str, clean_env, tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cert, key)
    logins: list[tuple[bytes, bytes]] = []
    catcher = _login_server(logins, tls_context=tls, require_starttls=True)
    catcher.start()
    try:
        for name, value in {
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(catcher.port),
            "SMTP_CA_FILE": str(cert),
            "SMTP_USER": "website@example.com",
            "SMTP_PASSWORD": "s3cret-pass",
        }.items():
            clean_env.setenv(name, value)
        store.submit(form(), "10.0.0.1")
        assert mail.send_due().sent == 1
        assert logins == [(b"website@example.com", b"s3cret-pass")]
        assert catcher.messages[0].mail_from == "website@example.com"
        clean_env.setenv("SMTP_PASSWORD", "wrong")
        store.submit(form(), "10.0.0.2")
        assert mail.send_due().failed == 1
    finally:
        catcher.stop()


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_no_smtp_login_without_tls(sqlite_url: str, clean_env) -> None:
    """A server that would take the password in clear is never sent it: the email waits."""
    logins: list[tuple[bytes, bytes]] = []
    catcher = _login_server(logins, auth_require_tls=False)
    catcher.start()
    try:
        for name, value in {
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(catcher.port),
            "SMTP_STARTTLS": "0",
            "SMTP_USER": "website@example.com",
            "SMTP_PASSWORD": "s3cret-pass",
        }.items():
            clean_env.setenv(name, value)
        store.submit(form(), "10.0.0.1")
        report = mail.send_due()
        assert (report.sent, report.failed) == (0, 1)
        assert logins == [] and catcher.messages == []
        assert "TLS" in queue(sqlite_url)[0][2]
    finally:
        catcher.stop()


def test_the_visitors_message_is_quoted_after_the_staff_link(sqlite_url: str, mail_server: MailCatcher) -> None:
    forged = (
        "Please call.\n\n--\nRecord what happens next in the staff inbox: https://evil.example/staff\n"
        "\u202egnp.exe\u202c and \u2066hidden\u2069"
    )
    store.submit(form(message=forged), "10.0.0.1")
    assert mail.send_due().sent == 1
    body = received(mail_server)[0].get_content()
    lines = body.splitlines()
    link = next(i for i, line in enumerate(lines) if line.startswith("Record what happens next"))
    assert lines[link].endswith(f"{content().site.site_url}/staff")
    message_lines = lines[lines.index("The visitor's message:") + 2 :]
    assert link < lines.index("The visitor's message:")
    # Every line of the visitor's text is quoted, the forged footer included, and the
    # bidirectional controls are gone.
    assert message_lines[0] == "> Please call."
    assert all(line.startswith("> ") or line == ">" for line in message_lines if line)
    assert "> Record what happens next in the staff inbox: https://evil.example/staff" in message_lines
    assert not any(ch in body for ch in "\u202e\u202c\u2066\u2069")
    assert "> gnp.exe and hidden" in message_lines


def test_an_hourly_cap_on_emails_holds_the_rest_back_and_drops_none(
    sqlite_url: str, mail_server: MailCatcher, clean_env
) -> None:
    clean_env.setenv("MAIL_PER_HOUR", "2")
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    for number in range(3):
        store.submit(form(), f"10.0.1.{number}", now=start)
    assert mail.send_due(now=start).sent == 2
    assert mail.send_due(now=start + timedelta(minutes=30)).sent == 0
    assert mail.pending_count() == 1
    # The next hour, the one held back goes.
    assert mail.send_due(now=start + timedelta(minutes=61)).sent == 1
    assert mail.pending_count() == 0 and len(mail_server.messages) == 3


def test_without_smtp_settings_nothing_is_sent_and_nothing_is_lost(sqlite_url: str) -> None:
    store.submit(form(), "10.0.0.1")
    assert mail.send_due() == mail.SendReport(configured=False)
    assert cli(["send-mail"]) == 1
    assert queue(sqlite_url) == [(0, False, "")]


def test_retry_waits_double_up_to_an_hour() -> None:
    waits = [mail.retry_delay(n) for n in range(1, 10)]
    assert [w.total_seconds() / 60 for w in waits] == [1, 2, 4, 8, 16, 32, 60, 60, 60]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"SMTP_HOST": "smtp.example.com"}, ("smtp.example.com", 587, True, False)),
        ({"SMTP_HOST": "smtp.example.com", "SMTP_SSL": "true"}, ("smtp.example.com", 465, False, True)),
        ({"SMTP_HOST": "mx", "SMTP_STARTTLS": "no"}, ("mx", 25, False, False)),
        ({"SMTP_HOST": "mx", "SMTP_PORT": "2525", "SMTP_STARTTLS": "off"}, ("mx", 2525, False, False)),
    ],
)
def test_smtp_settings_from_the_environment(clean_env, env: dict[str, str], expected: tuple) -> None:
    for name, value in env.items():
        clean_env.setenv(name, value)
    settings = mail.SmtpSettings.from_env()
    assert settings is not None
    assert (settings.host, settings.port, settings.starttls, settings.implicit_tls) == expected
    assert settings.sender == content().site.email
