"""/rough: the original site's unused navigation preview, kept reachable but noindex."""

import reflex as rx

from consultancy.components.ui import button_link, page_hero
from consultancy.content import content
from consultancy.templates.webpage import breadcrumbs, webpage

PAGE = content().rough


@webpage("/rough", PAGE.meta, indexed=False, structured_data=(breadcrumbs(("Navigation preview", "/rough")),))
def rough() -> rx.Component:
    return page_hero(PAGE.heading, PAGE.intro, actions=[button_link("See all services", "/services")])
