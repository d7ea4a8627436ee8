"""Search box in the header: typing lists matching services, Enter opens the first, ArrowDown
moves into the list; every list ends with the approvals finder, and no match offers the finder
and the contact form."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.ui import link
from consultancy.framework.behaviour import arrow_keys, dismiss_layer

from . import state as search


def _result(hit: rx.Var) -> rx.Component:
    return rx.el.li(
        link(
            rx.el.span(hit["name"], class_name="search-hit__name"),
            rx.el.span(hit["category"], class_name="search-hit__category"),
            # How the page deals with the owner's word typed, when it was one.
            rx.cond(hit["why"], rx.el.span(hit["why"], class_name="search-hit__why")),
            href=hit["path"],
            class_name="search-hit",
            on_click=search.clear,
        )
    )


def search_box() -> rx.Component:
    # Without JavaScript the form still works: it is a GET to the services list.
    return dismiss_layer(
        rx.el.form(
            rx.el.label("Search services", html_for="site-search", class_name="visually-hidden"),
            icon("search", size=16, class_name="icon search__icon"),
            rx.el.input(
                id="site-search",
                name="q",
                type="search",
                placeholder="Search services",
                auto_complete="off",
                class_name="search__input",
                aria_controls="search-results",
                value=search.query.value,
                on_change=search.query.set,
                on_focus=search.load_index,
            ),
            role="search",
            action="/services",
            method="get",
            class_name="search__form",
            # Enter opens the best match; the browser's own submit (a GET to the
            # services list) is what happens without scripts.
            on_submit=search.open_best_match,
        ),
        rx.el.div(
            rx.cond(
                search.results.length() > 0,
                rx.fragment(
                    rx.el.ul(rx.foreach(search.results, _result), class_name="search__list"),
                    rx.el.p(
                        link(
                            "Not sure what you need? Use the approvals finder",
                            href="/approvals-finder",
                            on_click=search.clear,
                        ),
                        class_name="search__more",
                    ),
                ),
                # Nothing found still leads somewhere: the finder asks about the project, and
                # the form reaches a person.
                rx.el.p(
                    "No service matches your search. ",
                    link("Find your approvals", href="/approvals-finder", on_click=search.clear),
                    " with a few questions about your project, ",
                    link("ask us", href="/contact-us", on_click=search.clear),
                    " or ",
                    link("see all services", href="/services", on_click=search.clear),
                    ".",
                    class_name="search__empty",
                ),
            ),
            id="search-results",
            class_name="search__results",
            aria_live="polite",
            hidden=~search.shows_results,
        ),
        # ArrowDown from the box into the results; Escape clears them and returns to the box.
        arrow_keys(control="site-search", items="#search-results a", open_keys="ArrowDown"),
        active=search.has_query,
        return_focus_to="site-search",
        on_dismiss=search.clear,
        class_name="search",
    )
