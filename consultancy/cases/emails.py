"""The emails a case sends: a stage change to the case's primary contact (only with their
consent), queued with the case's other mail (CaseMail, sent by consultancy/mail), and the text
staff send themselves on WhatsApp. The email that carries a fresh link is links.py's."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from consultancy.content import content
from consultancy.records.models import (
    CaseApproval,
    CaseMail,
    ClientCase,
    MailQueue,
)

from .case_file import CaseView, _primary
from .stages import NEXT_WORDS, STAGE_WORDS, ApprovalView


def _stage_email(session: Session, case: ClientCase, row: CaseApproval, now: datetime) -> None:
    contact = _primary(session, case)
    if contact is None or not contact.email or contact.stage_emails_at is None:
        return
    site = content().site
    subject = f"{row.name}: {STAGE_WORDS[row.stage]} ({case.reference})"
    body = "\n".join(
        [
            f"{row.name} for {case.organisation}: {STAGE_WORDS[row.stage]}.",
            "",
            NEXT_WORDS[row.stage],
            "",
            "Your case page, through the link we sent you, has the dates and the documents we are waiting for.",
            f"To stop these emails, reply or call us on {site.phone}.",
            "",
            site.name,
        ]
    )
    _queue(session, case, contact.email, (subject, body), now)


def _queue(
    session: Session,
    case: ClientCase,
    recipient: str,
    letter: tuple[str, str],
    now: datetime,
    *,
    link_seed: str | None = None,
) -> None:
    """Queue `letter`; one that carries the client's link has CASE_LINK_PLACEHOLDER in its body
    and the link's `link_seed`."""
    subject, body = letter
    mail = CaseMail(
        case_id=case.id or 0,
        recipient=recipient,
        subject=subject[:200],
        body=body,
        created_at=now,
        link_seed=link_seed,
    )
    session.add(mail)
    session.flush()
    session.add(MailQueue(case_mail_id=mail.id, next_try_at=now))


def whatsapp_text(view: CaseView, approval: ApprovalView) -> str:
    """The message staff send themselves on WhatsApp at a stage change (no messaging API)."""
    lines = [f"{view.organisation}: {approval.name} - {approval.stage_words}."]
    if approval.application_no:
        lines.append(f"Application no. {approval.application_no}.")
    if approval.clock.decide_by:
        lines.append(f"Due by law by {approval.clock.decide_by.strftime('%d %b %Y')}.")
    if approval.expires_on:
        lines.append(f"Valid until {approval.expires_on.strftime('%d %b %Y')}.")
    if approval.awaited:
        lines.append("We still need: " + ", ".join(d.name for d in approval.awaited) + ".")
    lines.append(approval.next_words)
    return " ".join(lines)
