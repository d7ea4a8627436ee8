"""Steps the case tracker's tests share (tests/browser/test_case_tracker.py, and the faults on the
production stack in tests/production): a case made straight into the database a server uses
(DB_URL at the time of the call), a stage typed into an approval's form, and what the database
holds of an approval afterwards."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from playwright.sync_api import Locator, expect

from tests.browser.test_staff_inbox import PASSWORD


@dataclass(frozen=True)
class MadeCase:
    reference: str
    # The path of the client's page (/case/<token>), on whichever server uses that database.
    client_path: str


def make_case(staff_name: str, organisation: str, approval: str = "factory-licence") -> MadeCase:
    """A case opened fresh by `staff_name` (a member of staff with the test password), with one
    approval from the records and a link for the client."""
    from consultancy.cases import links, tracker
    from tests.enquiry_fixtures import staff_token

    token = staff_token(staff_name, PASSWORD)
    reference = tracker.open_case(
        token,
        organisation=organisation,
        contact_name="Rina Das",
        email=f"case-{secrets.token_hex(4)}@example.com",
        phone=f"94370{secrets.randbelow(10**5):05d}",
        approvals=[approval],
        address="127.0.0.1",
    )
    link = links.issue_link(token, reference, address="127.0.0.1")
    return MadeCase(reference, links.LINK_PATH + link)


def stage_form(card: Locator) -> None:
    """Opens the approval's "Change the stage" (it stays open after a save)."""
    details = card.locator("details")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def type_stage(card: Locator, stage: str, **fields: str) -> None:
    """Chooses `stage` in the approval's form and types its facts (input name -> value), unsaved."""
    stage_form(card)
    card.locator("select[name='stage']").select_option(stage)
    for name, value in fields.items():
        card.locator(f"input[name='{name}']").fill(value)


def open_from_list(page, reference: str) -> Locator:
    """Opens a case from the tracker's list of all cases; the opened case's panel."""
    page.locator(f"#cases-all li[data-reference='{reference}'] button").click()
    opened = page.locator("#case-opened")
    expect(opened).to_contain_text(reference)
    return opened


def stored_approval(reference: str) -> dict[str, object]:
    """The case's first approval as the database holds it (DB_URL now)."""
    from sqlmodel import select

    from consultancy.records.database import transaction
    from consultancy.records.models import CaseApproval, ClientCase

    with transaction() as session:
        case = session.exec(select(ClientCase).where(ClientCase.reference == reference)).one()
        row = session.exec(select(CaseApproval).where(CaseApproval.case_id == case.id)).first()
        assert row is not None
        return row.model_dump()
