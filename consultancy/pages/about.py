"""/about: the firm, its founder, vision, mission and approach."""

import reflex as rx

from consultancy.components.ui import page_hero
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().about


@webpage("/about", PAGE.meta, structured_data=(breadcrumbs(("About", "/about")),))
def about() -> rx.Component:
    return page_hero(PAGE.intro.title, PAGE.intro.text)
