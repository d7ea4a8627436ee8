"""/regulatory-updates: the changes in the law the approvals' records hold, newest first,
with the Atom feed written from the same entries."""

from __future__ import annotations

import reflex as rx

from consultancy.components.law_facts.updates import update_entry
from consultancy.components.ui import link, page_hero
from consultancy.content import content
from consultancy.content.law_updates import FEED_PATH, entries
from consultancy.content.loader import data_dir_in_use, load_model
from consultancy.content.models import Model, PageMeta, Text
from consultancy.law.public import UPDATES_PATH
from consultancy.templates.webpage import breadcrumbs, webpage


class UpdatesPage(Model):
    """data/pages/regulatory-updates.toml: the page's own words."""

    meta: PageMeta
    heading: Text
    intro: Text
    feed: Text
    empty: Text


PAGE = load_model(data_dir_in_use() / "pages" / "regulatory-updates.toml", UpdatesPage)


@webpage(UPDATES_PATH, PAGE.meta, structured_data=(breadcrumbs(("Regulatory updates", UPDATES_PATH)),))
def regulatory_updates() -> rx.Component:
    listed = entries(content())
    return rx.fragment(
        page_hero(PAGE.heading, PAGE.intro),
        rx.el.div(
            rx.el.p(
                PAGE.feed,
                " ",
                link("Atom feed", href=FEED_PATH, custom_attrs={"type": "application/atom+xml"}),
                class_name="updates__feed",
            ),
            *([update_entry(e) for e in listed] or [rx.el.p(PAGE.empty)]),
            class_name="container section updates",
        ),
    )
