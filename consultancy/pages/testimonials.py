"""/testimonials: projects, clients, testimonials and videos."""

import reflex as rx

from consultancy.components.ui import page_hero
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().testimonials


@webpage("/testimonials", PAGE.meta, structured_data=(breadcrumbs(("Testimonials", "/testimonials")),))
def testimonials() -> rx.Component:
    return page_hero(PAGE.hero_title, PAGE.hero_text)
