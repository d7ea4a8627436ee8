"""The renewal calendar widget: a React component (renewal_calendar.jsx) over the rules in
renewals.js. Everything runs in the browser; Python only hands it the rules as data. The
optional reminders form below it (reminders.py) is the only part that sends anything."""

import reflex as rx
from reflex.vars.base import Var

from consultancy.content.renewals import browser_data, page
from consultancy.framework.assets import shared_asset

RENEWALS_JS = shared_asset("renewals.js", __name__).importable_path


class RenewalCalendar(rx.Component):
    library = shared_asset("renewal_calendar.jsx", __name__).importable_path
    tag = "RenewalCalendar"
    data: Var[dict]
    issue_hint: Var[str]
    expiry_hint: Var[str]
    empty: Var[str]
    # The reminders form's hidden field, which the component keeps equal to the list.
    held_input_id: Var[str]


def renewal_calendar(held_input_id: str) -> rx.Component:
    words = page()
    return RenewalCalendar.create(
        data=browser_data(),
        issue_hint=words.issue_hint,
        expiry_hint=words.expiry_hint,
        empty=words.empty,
        held_input_id=held_input_id,
    )
