"""/: the home page."""

import reflex as rx

from consultancy.components.ui import page_hero
from consultancy.content import content
from consultancy.templates.webpage import webpage

PAGE = content().home


@webpage("/", PAGE.meta)
def home() -> rx.Component:
    return page_hero(PAGE.hero_title, PAGE.hero_text)
