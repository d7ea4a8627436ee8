"""Cross-fading slideshows (home hero, about slider): browser state, mirrored to a Rotator."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.slideshow.state import Pausable, Slideshow, faded_in
from consultancy.components.ui import picture
from consultancy.content.models import Slide
from consultancy.framework.behaviour import ticker


def pause_button(state: Slideshow | Pausable, what: str) -> rx.Component:
    return rx.el.button(
        rx.cond(state.stopped, icon("play", size=16), icon("pause", size=16)),
        rx.el.span(rx.cond(state.stopped, "Play", "Pause")),
        type="button",
        class_name="motion-toggle",
        aria_label=rx.cond(state.stopped, f"Play {what}", f"Pause {what}"),
        on_click=state.toggle_stopped,
    )


def slide_images(state: Slideshow, slides: list[Slide], width: int, height: int) -> rx.Component:
    """Stacked images; the current one is opaque. The first is the page's largest
    paint, so it loads eagerly with high priority and is never faded in."""
    return rx.el.div(
        *[
            rx.el.div(
                # Later slides are fetched only once the page has settled, so they do
                # not compete with the first image on a slow connection.
                picture(slide.image, slide.alt, width, height, eager=True, class_name="slides__img")
                if n == 0
                else rx.cond(
                    faded_in, picture(slide.image, "", width, height, class_name="slides__img"), rx.fragment()
                ),
                class_name=rx.cond(state.index == n, "slides__item is-current", "slides__item"),
                aria_hidden=rx.cond(state.index == n, "false", "true"),
            )
            for n, slide in enumerate(slides)
        ],
        class_name="slides",
    )


def rotation_wrapper(state: Slideshow, interval_ms: int, *children: rx.Component, **props) -> rx.Component:
    """Hover or focus inside pauses the rotation; the Ticker supplies the clock."""
    return rx.el.div(
        ticker(interval=interval_ms, paused=state.paused, on_tick=state.advance),
        *children,
        on_mouse_enter=state.set_hovered(True),
        on_mouse_leave=state.set_hovered(False),
        on_focus=state.set_focused(True),
        on_blur=state.set_focused(False),
        **props,
    )


def dots(state: Slideshow, slides: list[Slide]) -> rx.Component:
    return rx.el.div(
        *[
            rx.el.button(
                type="button",
                class_name="dot",
                aria_label=f"Show slide {n + 1}: {slide.title}",
                aria_current=rx.cond(state.index == n, "true", "false"),
                on_click=state.go_to(n),
            )
            for n, slide in enumerate(slides)
        ],
        class_name="dots",
        role="group",
        aria_label="Choose a slide",
    )
