"""/staff/cases: the firm's client cases (the case tracker), behind the staff inbox's sign-in.

Not for the public, like /staff: noindex, nofollow, out of the sitemap, linked from no public
page. Its words are the tool's, so they live here and in the component, not in data/."""

import reflex as rx

from consultancy.components.case_tracker import case_tracker
from consultancy.components.case_tracker.state import CasesState
from consultancy.content.models import PageMeta
from consultancy.templates.webpage import register

META = PageMeta(
    title="Staff: client cases",
    description="Where the firm's staff keep each client's approvals, their stages and the legal clock.",
)


def staff_cases() -> rx.Component:
    return case_tracker()


register(
    "/staff/cases",
    META,
    staff_cases,
    indexed=False,
    followed=False,
    on_load=CasesState.refresh,
    live=True,
    public=False,
)
