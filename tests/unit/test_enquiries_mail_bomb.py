"""The renewal calendar's reminders form used as a mail bomb: one attacker's address asks for
reminders to one victim's mailbox (in several spellings) every few minutes for 24 simulated
hours, new lists and the same lists again, while the backend's sender and the hourly
reminders job run as in production. Real databases (SQLite and PostgreSQL), the real sender,
a real SMTP server (aiosmtpd). The victim gets a few emails in all, and the firm's own
notifications still go first, within the hourly cap."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta
from email import message_from_bytes, policy

import pytest

from consultancy.content import content
from consultancy.enquiries import store
from consultancy.mail import mail, recipients
from consultancy.records import addresses
from consultancy.records.errors import TooManyEnquiries
from consultancy.reminders import reminders
from tests.enquiry_fixtures import MailCatcher, enquiry_form

KEY = "k" * 40
ATTACKER = "203.0.113.7"
# One mailbox: +tags and letter case are the same victim to any mail provider.
SPELLINGS = (
    "victim.name@example.com",
    "Victim.Name@Example.com",
    "victim.name+renewals@example.com",
    "VICTIM.NAME+a1@EXAMPLE.COM",
    "victim.name+b2@example.com",
)
START = datetime(2027, 1, 10, 0, 0, tzinfo=UTC)
HOURS = 24
DAY = timedelta(days=1)
EVERY = timedelta(minutes=5)
# Four new lists an hour: under the per-address limit (5), so none of them is held for it.
NEW_LIST_EVERY_MIN = 15
# Just over the hour after which the confirmation path used to send a list's email again.
AGAIN_AFTER = timedelta(minutes=65)


@pytest.fixture(autouse=True)
def signing_key(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("ENQUIRY_ADDRESS_KEY", KEY)
    for name in ("PUBLIC_URL", "SITE_PUBLIC_URL", "BACKEND_PUBLIC_URL", "MAIL_PER_HOUR"):
        clean_env.delenv(name, raising=False)


def a_list(n: int) -> dict[str, dict[str, str]]:
    """The attacker's n-th list: a consent to operate expiring on a different day each time."""
    return {"cto": {"date": (date(2027, 6, 1) + timedelta(days=n)).isoformat(), "kind": "expiry"}}


def stored_renewal_leads() -> set[str]:
    from sqlmodel import select

    from consultancy.records.database import transaction
    from consultancy.records.models import Enquiry

    with transaction() as session:
        return set(session.exec(select(Enquiry.reference).where(Enquiry.message.startswith("renewals"))).all())


def mailbox(address: str) -> str:
    local, _, domain = address.lower().partition("@")
    return f"{local.split('+', 1)[0]}@{domain}"


@pytest.mark.soak
def test_the_reminders_form_cannot_mail_bomb_a_stranger_over_24_hours(
    db_url: str, mail_server: MailCatcher, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = mailbox(SPELLINGS[0])
    firm = content().site.email
    cap = mail.mails_per_hour()
    # (when, address, list number) of every list the attacker was told was not held: those
    # are the ones worth asking for again.
    live: list[tuple[datetime, str, int]] = []
    passes: list[tuple[datetime, int]] = []  # (when, emails delivered by that pass)
    asks = refused = 0
    late_notifications: list[str] = []
    references: set[str] = set()  # the leads of new lists the attacker was given

    def deliver(moment: datetime, run_job: bool = False) -> None:
        before = len(mail_server.messages)
        if run_job:
            # The hourly reminders job (make prod's REMINDERS_EVERY_S), which sends too.
            reminders.run(moment.date(), now=moment)
        else:
            # The backend's sender, woken after every stored request.
            mail.send_due(now=moment)
        passes.append((moment, len(mail_server.messages) - before))

    def ask(moment: datetime, address: str, n: int) -> store.Receipt | None:
        nonlocal asks, refused
        asks += 1
        try:
            return reminders.subscribe(address, a_list(n), "on", ATTACKER, today=moment.date(), now=moment)
        except TooManyEnquiries:
            refused += 1
            return None

    lists = 0
    moment = START
    while moment < START + timedelta(hours=HOURS):
        if moment.minute == 0:
            deliver(moment, run_job=True)
        if moment.minute % NEW_LIST_EVERY_MIN == 0:
            # A new list, to one of the victim's spellings.
            address = SPELLINGS[lists % len(SPELLINGS)]
            receipt = ask(moment, address, lists)
            if receipt is not None:
                references.add(receipt.reference)
                if not receipt.held:
                    live.append((moment, address, lists))
            lists += 1
        # The same lists again, once their last email is an hour old.
        for index, (asked, again_to, n) in enumerate(live):
            if moment - asked >= AGAIN_AFTER:
                ask(moment, again_to, n)
                live[index] = (moment, again_to, n)
        deliver(moment)
        # A real visitor's enquiry each half hour: the firm hears of it in the same pass.
        if moment.minute == 30:
            reference = store.submit(
                enquiry_form(email=f"client{moment.hour}@example.org", service="fire-nocs", message="A fire NOC"),
                "198.51.100.9",
                now=moment,
            )
            sent_before = len(mail_server.messages)
            deliver(moment)
            sent = [
                message_from_bytes(e.original_content, policy=policy.default)
                for e in mail_server.messages[sent_before:]
            ]
            if not any(m["To"] == firm and reference in m["Subject"] for m in sent):
                late_notifications.append(reference)
        moment += EVERY

    to_victim = [e for e in mail_server.messages if any(mailbox(r) == victim for r in e.rcpt_tos)]
    busiest = max(sum(n for when, n in passes if start <= when < start + mail.HOUR) for start, _ in passes)
    with capsys.disabled():
        print(
            f"\n[{db_url.split(':', 1)[0]}] {HOURS} h, {asks} asks from one address ({refused} refused), "
            f"{lists} lists: the victim received {len(to_victim)} emails; busiest hour {busiest} of {cap} sent; "
            f"{len(late_notifications)} of the firm's notifications late"
        )
    assert 1 <= len(to_victim) <= 3
    # No lead behind a request was dropped: each new list told "received" is stored.
    assert stored_renewal_leads() == references
    assert late_notifications == []
    assert busiest <= cap


def test_mail_to_visitors_has_its_own_budget_below_the_firms_notifications(
    db_url: str, mail_server: MailCatcher, clean_env: pytest.MonkeyPatch
) -> None:
    clean_env.setenv("MAIL_PER_HOUR", "9")
    assert mail.visitor_mails_per_hour() == 3  # a third of the cap
    firm = content().site.email

    def sent(since: int) -> list[str]:
        return [e.rcpt_tos[0] for e in mail_server.messages[since:]]

    # Six people ask for reminders, each for their own mailbox and from their own address:
    # six leads for the firm, six confirmation emails.
    for n in range(6):
        reminders.subscribe(f"owner{n}@firm{n}.example", a_list(n), "on", f"10.0.9.{n}", today=START.date(), now=START)
    assert mail.send_due(now=START).sent == 9
    # Every notification, and the visitors' budget: the other three wait.
    assert sent(0) == [firm] * 6 + [f"owner{n}@firm{n}.example" for n in range(3)]
    assert mail.pending_count() == 3
    # A new enquiry while the hour's cap is spent waits too, and goes first in the next hour.
    reference = store.submit(
        enquiry_form(service="fire-nocs", message="A fire NOC"), "198.51.100.9", now=START + timedelta(minutes=30)
    )
    assert mail.send_due(now=START + timedelta(minutes=30)).sent == 0
    assert mail.send_due(now=START + timedelta(minutes=61)).sent == 4
    assert sent(9) == [firm] + [f"owner{n}@firm{n}.example" for n in range(3, 6)]
    assert reference in message_from_bytes(mail_server.messages[9].original_content, policy=policy.default)["Subject"]
    assert mail.pending_count() == 0  # held back, never dropped


def test_a_mailbox_is_one_whatever_its_spelling() -> None:
    from consultancy.mail.recipients import normalise, recipient_key

    assert {normalise(spelling) for spelling in SPELLINGS} == {"victim.name@example.com"}
    assert normalise("Victim.Name+x@GoogleMail.com") == normalise("victimname@gmail.com") == "victimname@gmail.com"
    # Dots matter elsewhere: another mailbox.
    assert normalise("victim.name@example.com") != normalise("victimname@example.com")
    assert len({recipient_key(spelling) for spelling in SPELLINGS}) == 1
    assert recipient_key("victim.name@example.com") != recipient_key("other@example.com")
    # A keyed hash of its own: not the address's hash under the address limit's key.
    assert recipient_key("victim.name@example.com") != addresses.address_key("victim.name@example.com")


# A catch-all domain, subdomain addressing and "-" delimiters: endless spellings of one
# person's mail, none the same mailbox by its letters.
ATTACKERS = ("203.0.113.7", "203.0.113.8", "198.51.100.20", "2001:db8:77::1")


def catch_all_spellings(n: int) -> str:
    """The n-th address the attacker types: each reaches one of three victims."""
    return (
        f"x{n}@victim.example",  # a catch-all domain
        f"victim-{n}@victim.example",
        f"r{n}@mail.victim.example",  # its subdomain, also caught
        f"z{n}@victim.fastmail.com",  # Fastmail's subdomain addressing: victim@fastmail.com
        f"victim-{n}@yahoo.com",  # Yahoo's disposable addresses: victim@yahoo.com
    )[n % 5]


def victim_of(address: str) -> str:
    domain = address.lower().rpartition("@")[2]
    if domain == "victim.example" or domain.endswith(".victim.example"):
        return "victim.example"
    if domain == "victim.fastmail.com" or address.lower() == "victim@fastmail.com":
        return "fastmail"
    if domain == "yahoo.com" and address.lower().startswith("victim"):
        return "yahoo"
    return ""


@pytest.mark.soak
def test_catch_all_domains_subdomains_and_delimiters_do_not_mail_bomb_over_24_hours(
    db_url: str, mail_server: MailCatcher, capsys: pytest.CaptureFixture[str]
) -> None:
    asks = held = told_waiting = 0
    visitors: list[str] = []
    moment = START
    n = 0
    while moment < START + timedelta(hours=HOURS):
        if moment.minute == 0:
            reminders.run(moment.date(), now=moment)
        if moment.minute % NEW_LIST_EVERY_MIN == 0:
            # Each of four addresses: four new lists an hour, under its own limit.
            for attacker in ATTACKERS:
                asks += 1
                try:
                    receipt = reminders.subscribe(
                        catch_all_spellings(n), a_list(n), "on", attacker, today=moment.date(), now=moment
                    )
                except TooManyEnquiries:
                    held += 1
                else:
                    held += receipt.held
                    told_waiting += receipt.waiting
                n += 1
        if moment.minute == 40 and moment.hour % 6 == 0:
            # A real visitor from a normal domain, meanwhile: their email goes.
            visitor = f"asha{moment.hour}@firm{moment.hour}.example"
            receipt = reminders.subscribe(visitor, a_list(1000 + moment.hour), "on", "192.0.2.50", now=moment)
            assert not receipt.held and not receipt.waiting
            visitors.append(visitor)
        mail.send_due(now=moment)
        moment += EVERY

    got = Counter(victim_of(to) for e in mail_server.messages for to in e.rcpt_tos)
    with capsys.disabled():
        print(
            f"\n[{db_url.split(':', 1)[0]}] {HOURS} h, {asks} asks from {len(ATTACKERS)} addresses to catch-all, "
            f"subdomain and delimiter spellings ({held} held, {told_waiting} told the email waits): the victims "
            f"received {dict(got)}"
        )
    # Each victim: a handful at most, the domain's day cap for a catch-all.
    assert got["victim.example"] <= recipients.DOMAIN_PER_DAY
    assert got["fastmail"] <= 1 and got["yahoo"] <= 1
    delivered = {to for e in mail_server.messages for to in e.rcpt_tos}
    assert set(visitors) <= delivered


def test_a_catch_all_domain_is_capped_as_a_whole_and_a_real_visitor_still_gets_theirs(
    db_url: str, mail_server: MailCatcher
) -> None:
    from consultancy.records.database import transaction

    def take(address: str, at: datetime) -> bool:
        with transaction() as session:
            return recipients.take_confirmation(session, address, at)

    # Ten spellings at one catch-all domain and its subdomains in one minute: the domain's day.
    taken = [take(catch_all_spellings(5 * n + k), START) for n in range(2) for k in (0, 1, 2, 0, 1)]
    assert sum(taken) == recipients.DOMAIN_PER_DAY
    # Fastmail's subdomain addressing and Yahoo's "-" reach one mailbox each: one email a day.
    assert [take(f"z{n}@victim.fastmail.com", START) for n in range(3)] == [True, False, False]
    assert not take("victim@fastmail.com", START)
    assert [take(f"victim-{n}@yahoo.com", START) for n in range(3)] == [True, False, False]
    # The large providers are capped per mailbox: two people at gmail.com both get theirs.
    assert take("anna.k@gmail.com", START) and take("ravi.s@gmail.com", START)
    # A "-" is part of the name elsewhere (a domain of its own is capped as a whole anyway).
    assert recipients.normalise("anna-maria@outlook.com") == "anna-maria@outlook.com"
    # A real visitor from a normal domain, the same minute: theirs goes, and through the form.
    receipt = reminders.subscribe("asha@firm.example", a_list(1), "on", "192.0.2.50", now=START)
    assert not receipt.held and not receipt.waiting
    mail.send_due(now=START)
    assert any("asha@firm.example" in e.rcpt_tos for e in mail_server.messages)
    # And a visitor whose email a cap holds is told so.
    receipt = reminders.subscribe("q9@victim.example", a_list(2), "on", "192.0.2.51", now=START)
    assert receipt.waiting and not receipt.held


def test_confirmations_to_strangers_have_a_daily_bound_in_all(db_url: str) -> None:
    from consultancy.records.database import transaction

    with transaction() as session:
        taken = [
            recipients.take_confirmation(session, f"p{n}@site{n}.example", START + timedelta(seconds=n))
            for n in range(recipients.CONFIRMATIONS_PER_DAY + 30)
        ]
        assert sum(taken) == recipients.CONFIRMATIONS_PER_DAY
        # Refused ones counted nothing: a mailbox held back today gets its email tomorrow.
        assert recipients.take_confirmation(session, f"p{len(taken) - 1}@site{len(taken) - 1}.example", START + DAY)
    # Keyed hashes only: no address or domain in clear in the counts.
    with transaction() as session:
        from sqlmodel import select

        from consultancy.records.models import MailRecipient

        kept = " ".join(session.exec(select(MailRecipient.recipient_key)).all())
    assert "site" not in kept and "example" not in kept and "@" not in kept
