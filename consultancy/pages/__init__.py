"""Importing this package registers every page's Route."""

from . import (  # noqa: F401
    about,
    approvals_finder,
    contact,
    home,
    not_found,
    privacy,
    redirects,
    regulatory_updates,
    renewal_calendar,
    rough,
    service,
    services,
    staff,
    staff_cases,
    testimonials,
)
