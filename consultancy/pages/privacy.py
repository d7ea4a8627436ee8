"""/privacy: the notice the enquiry forms link to, its numbers taken from the settings."""

import reflex as rx

from consultancy.components.ui import page_hero
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().privacy


def _fill(text: str) -> str:
    data = content()
    return text.format(
        retention_months=data.enquiries.retention_months,
        reminder_confirm_days=data.enquiries.reminder_confirm_days,
        case_closed_keep_years=data.enquiries.case_closed_keep_years,
        case_link_idle_days=data.enquiries.case_link_idle_days,
        email=data.site.email,
        firm=data.site.name,
    )


@webpage("/privacy", PAGE.meta, structured_data=(breadcrumbs(("Privacy notice", "/privacy")),))
def privacy() -> rx.Component:
    return rx.fragment(
        page_hero(PAGE.heading, PAGE.intro),
        rx.el.div(
            *[
                rx.el.section(
                    rx.el.h2(section.title, class_name="section__title"),
                    *[rx.el.p(_fill(paragraph)) for paragraph in section.paragraphs],
                    class_name="privacy__section",
                )
                for section in PAGE.sections
            ],
            class_name="container section prose",
        ),
    )
