"""/contact-us: every way to reach the firm."""

import reflex as rx

from consultancy.components.ui import page_hero
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().contact


@webpage("/contact-us", PAGE.meta, structured_data=(breadcrumbs(("Contact", "/contact-us")),))
def contact() -> rx.Component:
    return page_hero(PAGE.heading, PAGE.intro)
