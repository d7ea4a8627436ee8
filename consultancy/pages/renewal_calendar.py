"""/renewal-calendar: the approvals a visitor holds become dated renewals and returns."""

import reflex as rx

from consultancy.components.renewal_calendar import renewal_calendar
from consultancy.components.renewal_calendar.reminders import HELD_INPUT_ID, reminder_form
from consultancy.components.ui import link, page_hero
from consultancy.content import content
from consultancy.content.renewals import label, page, reviewed
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = page()


@webpage("/renewal-calendar", PAGE.meta, structured_data=(breadcrumbs(("Renewal calendar", "/renewal-calendar")),))
def renewal_calendar_page() -> rx.Component:
    site = content().site
    return rx.fragment(
        page_hero(PAGE.heading, PAGE.intro),
        # The section's padding is vertical only: the container inside keeps the page's side margins.
        rx.el.div(
            rx.el.div(
                rx.el.p(rx.el.strong("Private: "), PAGE.privacy, class_name="renewals__privacy", id="cal-privacy"),
                rx.el.ol(*[rx.el.li(step) for step in PAGE.steps], class_name="renewals__steps no-print"),
                renewal_calendar(HELD_INPUT_ID),
                reminder_form(),
                rx.el.p(PAGE.disclaimer, class_name="renewals__disclaimer"),
                rx.el.p(
                    f"Rules last reviewed: {label(reviewed())}. Help with a renewal: ",
                    link(site.phone, href=site.tel_href),
                    " or ",
                    link("the contact form", href="/contact-us"),
                    ".",
                    class_name="renewals__reviewed",
                    id="cal-reviewed",
                ),
                class_name="container",
            ),
            class_name="section",
        ),
    )
