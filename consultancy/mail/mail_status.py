"""Whether the site's email is actually going out, for what a confirmation may promise: a
page says "we are emailing you" only when a mail server is set up (SMTP_HOST) and nothing in
the queue has waited longer than `mail_waiting_warn_minutes` (the staff inbox's own warning,
mail_backlog.py). Otherwise the email is only queued, and the page says it is saved and
will come once it can be sent."""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError

from . import mail_backlog
from .mail import SmtpSettings

logger = logging.getLogger(__name__)


def mail_moving() -> bool:
    """True when an email queued now can be expected to leave within the warning time."""
    if SmtpSettings.from_env() is None:
        return False
    try:
        return mail_backlog.waiting().count == 0
    except SQLAlchemyError as error:
        logger.warning("mail status unknown, database unavailable: %s", error)
        return False
