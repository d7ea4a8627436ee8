"""Client cases (consultancy/cases/): opening from an enquiry, stages and their dated
history, the legal clock from settled limits only, documents awaited, the office's own work,
the client's links as an attacker would try them, stage emails, erasure, export and retention;
on SQLite and PostgreSQL."""

from __future__ import annotations

import email
import io
from datetime import UTC, date, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa

from consultancy.cases import case_file, links, stages, tracker
from consultancy.cases.case_clock import count_from
from consultancy.enquiries import store
from consultancy.law.model import Appeal, Cite, Document
from consultancy.law.registry import Law, law
from consultancy.mail.mail import send_due
from consultancy.office import maintenance
from consultancy.office.__main__ import main as cli
from consultancy.records.errors import NotSignedIn, StoreUnavailable
from consultancy.staff import audit, staff
from tests.enquiry_fixtures import MailCatcher, enquiry_form, staff_token

PASSWORD = "correct horse battery staple"
# 10:00 IST on a Monday.
NOW = datetime(2026, 12, 7, 4, 30, tzinfo=UTC)
form = partial(
    enquiry_form,
    service="various-govt-officials-nocs",
    organisation="Kalinga Steels",
    message="Finder answers: factory with a boiler.",
)


def count(url: str, sql: str) -> int:
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return connection.execute(sa.text(sql)).scalar()


@pytest.fixture
def token(db_url: str) -> str:
    staff.add_user("anita", PASSWORD)
    return staff_token("anita", PASSWORD, now=NOW)


@pytest.fixture
def checklist(monkeypatch: pytest.MonkeyPatch) -> None:
    """The factory licence's record with a documents list and a settled appeal window, as the
    law records will have them (the real ones are being written): the code reads the fields."""
    real = law()
    record = real.records["factory-licence"]
    cite = [Cite(source=next(iter(record.sources)), supports="test")]
    changed = record.model_copy(
        update={
            "documents": [
                Document(name="Site plan", description="Plan of the factory premises"),
                Document(name="Boiler drawings", description="Drawings of the boiler", when="where a boiler is used"),
            ],
            "appeal": Appeal(
                to="the Chief Inspector",
                days=30,
                status="settled",
                text="Appeal within 30 days.",
                cites=cite,
                reviewed=record.reviewed,
            ),
        }
    )
    patched = Law(records={**real.records, "factory-licence": changed}, updates=real.updates, former=real.former)
    monkeypatch.setattr(stages, "law", lambda: patched)


def open_factory(token: str, **options: object) -> str:
    return tracker.open_case(
        token,
        organisation="Kalinga Steels",
        contact_name="Asha",
        email="asha@example.com",
        phone="9876543210",
        approvals=["factory-licence"],
        now=NOW,
        **options,
    )


def test_a_case_opened_from_an_enquiry_brings_its_contact_answers_and_approvals(token: str, db_url: str) -> None:
    reference = store.submit(form(), "10.0.0.1", now=NOW)
    case_reference = tracker.open_case(token, enquiry_reference=reference, now=NOW, address="10.9.9.9")
    assert case_reference == "KSC-C-2026-0001"
    view = tracker.get_case(token, case_reference, now=NOW)
    assert view.enquiry_reference == reference
    assert view.organisation == "Kalinga Steels"
    assert view.finder_answers == "Finder answers: factory with a boiler."
    assert [(c.name, c.email, c.phone, c.primary) for c in view.contacts] == [
        ("Asha Mohanty", "asha@example.com", "+919876543210", True)
    ]
    # The approvals its service names, from the records, in one step.
    assert [a.approval_id for a in view.approvals] == ["factory-licence", "boiler", "building-plan"]
    assert all(a.stage == "gathering" and a.holder == "client" for a in view.approvals)
    actions = [(e.action, e.detail, e.address) for e in audit.entries()]
    assert ("case-open", f"{case_reference} from {reference}", "10.9.9.9") in actions
    assert ("case-view", case_reference, "") in actions
    assert tracker.open_case(token, organisation="Puri Hotels", contact_name="Ravi", now=NOW) == "KSC-C-2026-0002"


def test_every_case_call_needs_a_full_session(db_url: str) -> None:
    staff.add_user("anita", PASSWORD)
    for call in (
        lambda: tracker.open_case("", organisation="X", now=NOW),
        lambda: tracker.get_case("made-up", "KSC-C-2026-0001", now=NOW),
        lambda: tracker.morning(None, now=NOW),
    ):
        with pytest.raises(NotSignedIn):
            call()
    # A session that may only enrol its second factor opens no case.
    enrolling = staff.sign_in("anita", PASSWORD, "", now=NOW).token
    with pytest.raises(NotSignedIn):
        tracker.open_case(enrolling, organisation="X", now=NOW)


def test_stages_are_dated_in_the_history_and_the_clock_counts_a_settled_limit(token: str) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    later = NOW + timedelta(minutes=5)
    view = tracker.set_stage(
        token,
        reference,
        approval.id,
        "filed",
        {"filed_on": "2026-01-01", "portal": "GO-SWIFT", "application_no": "FAC/2026/77"},
        now=later,
    )
    [filed] = view.approvals
    assert (filed.stage, filed.portal, filed.application_no, filed.holder) == (
        "filed",
        "GO-SWIFT",
        "FAC/2026/77",
        "authority",
    )
    # The factory licence: 45 days, deemed issued after (settled in its record).
    assert filed.clock.decide_by == date(2026, 2, 15) and filed.clock.deemed_from == date(2026, 2, 16)
    assert filed.clock.overdue  # 7 December 2026 is long past
    # A query stops the clock from the day it is raised to the day it is answered.
    tracker.set_stage(
        token, reference, approval.id, "query", {"raised_on": "2026-01-10", "reply_due_on": "2026-01-25"}, now=NOW
    )
    paused = tracker.get_case(token, reference, now=NOW).approvals[0]
    assert paused.clock.paused and paused.clock.decide_by is None and not paused.clock.overdue
    view = tracker.set_stage(token, reference, approval.id, "filed", {"answered_on": "2026-01-20"}, now=NOW)
    assert view.approvals[0].clock.decide_by == date(2026, 2, 26)
    stages = [(e.kind, e.detail) for e in view.history if e.kind == "stage"]
    assert stages[0] == (
        "stage",
        "Factory registration and licence: Filed with the authority "
        "(filed on 1 January 2026 on GO-SWIFT; application no. FAC/2026/77)",
    )
    assert "query raised on 10 January 2026, reply due by 25 January 2026" in stages[1][1]
    assert "query answered on 20 January 2026" in stages[2][1]
    assert all(e.at is not None for e in view.history)


def test_a_query_saved_twice_is_one_pause_and_mistyped_dates_are_refused(token: str) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    tracker.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-01-01"}, now=NOW)
    query = partial(tracker.set_stage, token, reference, approval.id, "query", now=NOW)
    # Before filing, a year typed wrong, an answer before its query: refused, nothing kept.
    with pytest.raises(case_file.CaseRefused, match="before the filing date"):
        query({"raised_on": "2025-12-20", "reply_due_on": "2026-01-25"})
    with pytest.raises(case_file.CaseRefused, match="check the year"):
        query({"raised_on": "2026-01-08", "reply_due_on": "2206-01-25"})
    query({"raised_on": "2026-01-08", "reply_due_on": "2026-01-25"})
    # The same query saved again to correct its date is still one pause.
    query({"raised_on": "2026-01-10", "reply_due_on": "2026-01-25"})
    with pytest.raises(case_file.CaseRefused, match="before it was raised"):
        tracker.set_stage(token, reference, approval.id, "filed", {"answered_on": "2026-01-09"}, now=NOW)
    view = tracker.set_stage(token, reference, approval.id, "filed", {"answered_on": "2026-01-20"}, now=NOW)
    # As with one save: the clock runs again, 11 days paused (10 to 20 January).
    assert view.approvals[0].clock.decide_by == date(2026, 2, 26)
    assert not view.approvals[0].clock.paused


def test_an_unsettled_limit_computes_no_date(token: str) -> None:
    reference = tracker.open_case(token, organisation="Puri Boilers", approvals=["boiler"], now=NOW)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    view = tracker.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-01-01"}, now=NOW)
    clock = view.approvals[0].clock
    assert view.approvals[0].filed_on == date(2026, 1, 1)
    assert (clock.decide_by, clock.deemed_from, clock.overdue, clock.rule) == (None, None, False, "")


def test_working_days_count_monday_to_friday_and_skip_a_query() -> None:
    # Friday 2 January 2026 + 5 working days: Monday 5 to Friday 9.
    assert count_from(date(2026, 1, 2), 5, working_days=True, pauses=[]) == date(2026, 1, 9)
    assert count_from(date(2026, 1, 2), 5, working_days=False, pauses=[]) == date(2026, 1, 7)
    paused = [(date(2026, 1, 5), date(2026, 1, 6))]
    assert count_from(date(2026, 1, 2), 5, working_days=True, pauses=paused) == date(2026, 1, 13)
    assert count_from(date(2026, 1, 2), 5, working_days=True, pauses=[(date(2026, 1, 5), None)]) is None


def test_the_expiry_comes_from_a_settled_period_else_as_printed(token: str) -> None:
    reference = tracker.open_case(token, organisation="Angul Metals", approvals=["hazardous-waste", "boiler"], now=NOW)
    waste, boiler = tracker.get_case(token, reference, now=NOW).approvals
    grant = {"order_no": "HW-1", "issued_on": "2026-03-01", "expires_on": "2099-01-01"}
    view = tracker.set_stage(token, reference, waste.id, "granted", grant, now=NOW)
    # Hazardous waste: five years, settled; what was typed does not override the law.
    assert view.approvals[0].expires_on == date(2031, 3, 1)
    view = tracker.set_stage(token, reference, boiler.id, "granted", {**grant, "expires_on": "2027-02-28"}, now=NOW)
    assert view.approvals[1].expires_on == date(2027, 2, 28)
    with pytest.raises(case_file.CaseRefused, match="order number"):
        tracker.set_stage(token, reference, boiler.id, "granted", {"issued_on": "2026-03-01"}, now=NOW)
    with pytest.raises(case_file.CaseRefused, match="not a date"):
        tracker.set_stage(token, reference, boiler.id, "inspection", {"inspection_on": "tomorrow"}, now=NOW)


def test_documents_come_from_the_record_and_are_ticked_off(token: str, checklist: None) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    assert [d.name for d in approval.awaited] == ["Site plan", "Boiler drawings"]
    assert approval.documents[1].description == "Drawings of the boiler (where a boiler is used)"
    view = tracker.tick_document(token, reference, approval.documents[0].id, True, now=NOW)
    assert [d.name for d in view.approvals[0].awaited] == ["Boiler drawings"]
    assert view.approvals[0].documents[0].received_on == date(2026, 12, 7)
    # A record's own list comes with it, an approval outside the records has none, and a
    # document of another case is refused.
    other = tracker.open_case(token, organisation="Other", approvals=["boiler"], now=NOW)
    boiler = tracker.get_case(token, other, now=NOW).approvals[0]
    assert [d.name for d in boiler.documents] == [d.name for d in law().records["boiler"].documents]
    assert tracker.add_approval(token, other, name="A municipal trade licence", now=NOW).approvals[1].documents == ()
    with pytest.raises(case_file.CaseRefused):
        tracker.tick_document(token, other, approval.documents[1].id, True, now=NOW)
    with pytest.raises(case_file.CaseRefused):
        tracker.set_stage(token, other, approval.id, "filed", {"filed_on": "2026-01-01"}, now=NOW)


def test_a_refusal_gives_the_record_s_appeal_window(token: str, checklist: None) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    view = tracker.set_stage(token, reference, approval.id, "refused", {"refused_on": "2026-11-01"}, now=NOW)
    assert (view.approvals[0].appeal_to, view.approvals[0].appeal_by) == ("the Chief Inspector", date(2026, 12, 1))


def test_the_morning_view(token: str) -> None:
    mine = open_factory(token)
    [approval] = tracker.get_case(token, mine, now=NOW).approvals
    tracker.set_stage(token, mine, approval.id, "filed", {"filed_on": "2026-01-01"}, now=NOW)
    waiting = tracker.open_case(token, organisation="Slow Client", approvals=["boiler"], now=NOW - timedelta(days=10))
    renewing = tracker.open_case(token, organisation="Renewing", approvals=["boiler"], now=NOW)
    [boiler] = tracker.get_case(token, renewing, now=NOW).approvals
    grant = {"order_no": "B-1", "issued_on": "2025-01-01", "expires_on": "2027-01-15"}
    tracker.set_stage(token, renewing, boiler.id, "granted", grant, now=NOW)
    tracker.set_office(token, mine, callback_on="2026-12-07", now=NOW)
    staff.add_user("ravi", PASSWORD)
    tracker.set_office(token, renewing, assigned_to="ravi", callback_on="2026-12-01", now=NOW)
    morning = tracker.morning(token, now=NOW)
    assert [line.reference for line in morning.overdue] == [mine]
    assert morning.overdue[0].when == date(2026, 2, 15)
    assert [line.reference for line in morning.waiting_on_client] == [waiting]
    assert [(line.reference, line.when) for line in morning.renewals] == [(renewing, date(2027, 1, 15))]
    # Only the signed-in member's own call-backs.
    assert [line.reference for line in morning.my_callbacks] == [mine]
    assert morning.by_stage["filed"] == 1 and morning.by_stage["granted"] == 1 and morning.by_stage["gathering"] == 1


def test_one_link_shows_its_own_case_and_nothing_else(token: str) -> None:
    first = open_factory(token)
    second = tracker.open_case(token, organisation="Second Client", approvals=["boiler"], now=NOW)
    tracker.add_note(token, first, "Client owes us the fee; do not tell them yet.", now=NOW)
    tracker.set_office(token, first, assigned_to="anita", now=NOW)
    link = links.issue_link(token, first, now=NOW)
    other = links.issue_link(token, second, now=NOW)
    assert len(link) == 43 and link != other
    view = links.client_view(link, now=NOW)
    assert view is not None and view.reference == first and view.organisation == "Kalinga Steels"
    # No note and no office work on the client's side; no member of staff named in the history.
    assert not hasattr(view, "notes")
    assert all(e.public and e.actor == "" for e in view.timeline)
    assert not any("assigned" in e.detail or "fee" in e.detail for e in view.timeline)
    assert links.client_view(other, now=NOW).reference == second
    # Whatever is changed in the address, another case never shows.
    for changed in (
        link[:-1] + ("A" if link[-1] != "A" else "B"),
        link.upper(),
        link + "x",
        link[:-1],
        "",
        "²" * 43,
        "x" * 43,
        first,
        "../" + link,
        link + "/",
        link.replace("-", "+"),
    ):
        if changed == link:
            continue
        assert links.client_view(changed, now=NOW) is None
    # Only a keyed hash of the token is in the database.
    with sa.create_engine(str(sa.engine.make_url(_url())), poolclass=sa.pool.NullPool).connect() as connection:
        stored = [row[0] for row in connection.execute(sa.text("SELECT token_hash FROM case_link"))]
    assert link not in stored and links.token_hash(link) in stored


def _url() -> str:
    from consultancy.records.settings import database_url

    return database_url()


def test_revoked_idle_and_closed_links_are_refused(token: str) -> None:
    reference = open_factory(token)
    link = links.issue_link(token, reference, now=NOW)
    # Still live after 89 days without use; a use restarts the count.
    assert links.client_view(link, now=NOW + timedelta(days=89)) is not None
    assert links.client_view(link, now=NOW + timedelta(days=89 + 90)) is not None
    assert links.client_view(link, now=NOW + timedelta(days=89 + 90 + 91)) is None
    fresh = links.issue_link(token, reference, now=NOW)
    links.revoke_links(token, reference, now=NOW)
    assert links.client_view(fresh, now=NOW) is None
    again = links.issue_link(token, reference, now=NOW)
    tracker.close_case(token, reference, now=NOW)
    assert links.client_view(again, now=NOW) is None
    with pytest.raises(case_file.CaseRefused):
        links.issue_link(token, reference, now=NOW)


def test_a_fresh_link_goes_only_to_the_case_s_contact_within_the_mailbox_cap(
    token: str, mail_server: MailCatcher
) -> None:
    reference = open_factory(token)
    link = links.issue_link(token, reference, now=NOW)
    live = links.issue_link(token, reference, now=NOW)
    revoked_case = tracker.open_case(token, organisation="Gone", email="gone@example.com", approvals=[], now=NOW)
    revoked = links.issue_link(token, revoked_case, now=NOW)
    links.revoke_links(token, revoked_case, now=NOW)
    later = NOW + timedelta(days=100)
    assert links.client_view(live, now=NOW + timedelta(days=50)) is not None
    # Asking with a live, a revoked, an unknown or a malformed link sends nothing.
    for asked in (live, revoked, "A" * 43, "nonsense", None):
        links.ask_fresh_link(asked, now=later)
    assert send_due(now=later).sent == 0
    links.ask_fresh_link(link, now=later)
    links.ask_fresh_link(link, now=later)  # the old link is spent
    assert send_due(now=later).sent == 1
    [envelope] = mail_server.messages
    assert envelope.rcpt_tos == ["asha@example.com"]
    body = email.message_from_bytes(envelope.content).get_payload(decode=True).decode()
    fresh = body.split("/case/")[1].split()[0]
    assert links.client_view(fresh, now=later) is not None
    # A second expired link the same day: the mailbox's cap holds it back.
    other = links.issue_link(token, reference, now=NOW)
    links.ask_fresh_link(other, now=later + timedelta(hours=1))
    assert send_due(now=later + timedelta(hours=1)).sent == 0


def test_stage_emails_go_only_with_consent(token: str, mail_server: MailCatcher) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals
    tracker.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-12-01"}, now=NOW)
    assert send_due(now=NOW).sent == 0
    tracker.set_consent(token, reference, True, now=NOW)
    tracker.set_stage(token, reference, approval.id, "inspection", {"inspection_on": "2026-12-20"}, now=NOW)
    assert send_due(now=NOW).sent == 1
    [envelope] = mail_server.messages
    message = email.message_from_bytes(envelope.content)
    assert envelope.rcpt_tos == ["asha@example.com"]
    assert message["Subject"] == f"Factory licence: Inspection ({reference})" or "Inspection" in message["Subject"]
    assert "staff" not in message.get_payload(decode=True).decode().lower()


def test_hostile_text_is_kept_as_text(token: str) -> None:
    hostile = "<script>alert(1)</script>\r\nBcc: x@evil.example"
    reference = tracker.open_case(token, organisation=hostile[:40], contact_name=hostile[:60], approvals=[], now=NOW)
    view = tracker.add_approval(token, reference, name="<img src=x onerror=alert(1)>", now=NOW)
    assert view.organisation == hostile[:40].replace("\r", " ").replace("\n", " ")
    assert "\n" not in view.contacts[0].name and "\r" not in view.contacts[0].name
    assert view.approvals[0].name == "<img src=x onerror=alert(1)>"


def test_erase_export_and_retention_cover_cases(token: str, db_url: str) -> None:
    enquiry = store.submit(form(email="Asha@Example.com"), "10.0.0.1", now=NOW)
    alone = tracker.open_case(token, enquiry_reference=enquiry, approvals=["boiler"], now=NOW)
    links.issue_link(token, alone, now=NOW)
    kept = tracker.open_case(token, organisation="Firm with two", email="asha@example.com", approvals=[], now=NOW)
    out = io.StringIO()
    assert cli(["export-cases"], out=out, err=io.StringIO()) == 0
    exported = out.getvalue()
    assert alone in exported and "Firm with two" in exported and "asha@example.com" in exported.lower()
    with sa.create_engine(db_url, poolclass=sa.pool.NullPool).begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO case_contact (case_id, name, email, phone, is_primary) "
                "SELECT id, 'Other', 'other@example.com', '', false FROM client_case WHERE reference = :r"
            ),
            {"r": kept},
        )
    maintenance.erase_email("asha@example.com")
    assert count(db_url, "SELECT count(*) FROM client_case") == 1
    assert count(db_url, "SELECT count(*) FROM case_contact WHERE lower(email) = 'asha@example.com'") == 0
    assert count(db_url, "SELECT count(*) FROM case_link") == 0

    # Retention: a closed case goes after case_closed_keep_years, with its enquiry; an enquiry
    # in a case is not deleted by the enquiries' own retention.
    second = store.submit(form(email="ravi@example.com"), "10.0.0.2", now=NOW)
    case = tracker.open_case(token, enquiry_reference=second, approvals=[], now=NOW)
    tracker.close_case(token, case, now=NOW)
    assert maintenance.delete_closed(months=1, now=NOW + timedelta(days=400)) == 0
    assert maintenance.delete_closed_cases(now=NOW + timedelta(days=365 * 7)) == 0
    assert maintenance.delete_closed_cases(now=NOW + timedelta(days=365 * 8 + 3)) == 1
    assert count(db_url, f"SELECT count(*) FROM enquiry WHERE reference = '{second}'") == 0


def test_a_database_away_says_so_and_changes_nothing(token: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reference = open_factory(token)
    [approval] = tracker.get_case(token, reference, now=NOW).approvals

    def away(*args: object, **kwargs: object) -> None:
        raise sa.exc.OperationalError("SELECT", {}, Exception("connection refused"))

    with monkeypatch.context() as patched:
        patched.setattr(case_file, "transaction", away)
        with pytest.raises(StoreUnavailable, match="What you typed is still here"):
            tracker.set_stage(token, reference, approval.id, "filed", {"filed_on": "2026-12-01"}, now=NOW)
    assert tracker.get_case(token, reference, now=NOW).approvals[0].stage == "gathering"


def test_agreed_renewals_reach_the_reminders_without_retyping(token: str, db_url: str) -> None:
    reference = tracker.open_case(
        token, organisation="Angul Metals", email="asha@example.com", approvals=["hazardous-waste", "boiler"], now=NOW
    )
    waste, _ = tracker.get_case(token, reference, now=NOW).approvals
    with pytest.raises(case_file.CaseRefused, match="grant"):
        tracker.agree_renewals(token, reference, waste.id, now=NOW)
    tracker.set_stage(token, reference, waste.id, "granted", {"order_no": "HW-1", "issued_on": "2026-03-01"}, now=NOW)
    view = tracker.agree_renewals(token, reference, waste.id, now=NOW)
    # The expiry the law gives (five years), as the calendar's own list; the boiler not agreed.
    assert stages.renewal_held(view.approvals) == {"hazardous-waste": {"date": "2031-03-01", "kind": "expiry"}}
    # The reminders by email, for the case's contact, through the calendar's double opt-in.
    held = count(db_url, "SELECT count(*) FROM reminder_subscription")
    asked = count(db_url, "SELECT count(*) FROM mail_queue WHERE confirm_subscription_id IS NOT NULL")
    assert (held, asked) == (1, 1)
    assert count(db_url, "SELECT count(*) FROM enquiry WHERE lower(email) = 'asha@example.com'") == 1


def test_a_restore_brings_cases_back_and_ends_every_client_link(db_url: str, tmp_path: Path) -> None:
    from consultancy.records import backups

    staff.add_user("anita", PASSWORD)
    token = staff_token("anita", PASSWORD)
    reference = tracker.open_case(token, organisation="Before", approvals=["boiler"])
    revoked = links.issue_link(token, reference)
    backups.backup(tmp_path / "before.backup")
    links.revoke_links(token, reference)
    maintenance.restore(tmp_path / "before.backup")
    # The case is back; the link revoked since the backup stays dead (every link ends).
    assert count(db_url, "SELECT count(*) FROM client_case") == 1
    assert links.client_view(revoked) is None
