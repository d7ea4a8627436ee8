"""When the law on a service page is due for another review.

A page's `reviewed` date says when its acts, rules and thresholds were last checked against
the regulators' texts. Twelve months later the law may have moved on, so `make check`
warns (naming the file) without failing the build: the page is still the best we have.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from .models import Service

REVIEW_EVERY_MONTHS = 12


def review_due(reviewed: date) -> date:
    """The same day twelve months on (29 February falls due on 28 February)."""
    try:
        return reviewed.replace(year=reviewed.year + 1)
    except ValueError:
        return reviewed.replace(year=reviewed.year + 1, day=28)


def is_stale(service: Service, today: date) -> bool:
    """More than 12 months old: on the due date itself the review still counts."""
    return today > review_due(service.reviewed)


def stale_warning(path: str | Path, service: Service) -> str:
    return (
        f"{path}: field 'reviewed': the law on this page was last reviewed on {service.reviewed.isoformat()},"
        f" more than {REVIEW_EVERY_MONTHS} months ago; check it again and update the date"
    )
