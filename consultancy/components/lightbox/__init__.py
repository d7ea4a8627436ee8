"""Gallery grid and its modal lightbox (own component: the keyboard, focus and
zoom rules are small, and a library would add far more script than this)."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.ui import picture
from consultancy.content.models import GalleryItem
from consultancy.framework.behaviour import modal_keys, page_restore
from consultancy.framework.elements import Img

from . import state as lb
from .state import ZOOM_MAX, ZOOM_MIN

KEY_REPEAT_LIMIT_MS = 180


class ReportingImg(Img):
    """An <img> that reports a failed load (Reflex's Img has no on_error trigger)."""

    on_error: rx.EventHandler[rx.event.no_args_event_spec]


FAILED_TEXT = "This image failed to load"


def thumb_path(src: str) -> str:
    folder, name = src.rsplit("/", 1)
    return f"{folder}/thumbs/{name}"


def gallery_grid(items: list[GalleryItem]) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                rx.el.button(
                    picture(thumb_path(item.src), "", 400, 267, class_name="gallery__img"),
                    rx.el.span(item.title, class_name="gallery__title"),
                    rx.el.span(icon("zoom-in", size=18), class_name="gallery__zoom"),
                    type="button",
                    id=f"gallery-item-{n}",
                    class_name="gallery__item",
                    aria_label=f"Open image {n + 1} of {len(items)}: {item.title}",
                    on_click=lb.open_at(n),
                ),
                rx.el.p(item.description, class_name="gallery__desc"),
            )
            for n, item in enumerate(items)
        ],
        class_name="gallery",
    )


def _control(name: str, label: str, handler, extra_class: str = "", **props) -> rx.Component:
    return rx.el.button(
        icon(name, size=20),
        type="button",
        aria_label=label,
        class_name=f"lightbox__button {extra_class}".strip(),
        on_click=handler,
        **props,
    )


def lightbox(items: list[GalleryItem]) -> rx.Component:
    sources = rx.Var.create([item.src for item in items])
    titles = rx.Var.create([item.title for item in items])
    descriptions = rx.Var.create([item.description for item in items])
    # One ModalKeys stays mounted whether open or not, so it sees the close and
    # can hand focus back to the item that opened it.
    return modal_keys(
        page_restore(on_restore=lb.close),
        rx.cond(
            lb.is_open.value,
            rx.fragment(
                rx.el.div(class_name="lightbox__backdrop", on_click=lb.close),
                rx.el.div(
                    rx.el.div(
                        rx.el.p(
                            titles[lb.index.value],
                            id="lightbox-title",
                            class_name="lightbox__title",
                        ),
                        rx.el.p(
                            (lb.index.value + 1).to_string() + f" of {len(items)}",
                            class_name="lightbox__counter",
                            id="lightbox-counter",
                        ),
                        rx.el.div(
                            _control("zoom-out", "Zoom out", lb.zoom_out, disabled=lb.zoom.value <= ZOOM_MIN),
                            _control("zoom-in", "Zoom in", lb.zoom_in, disabled=lb.zoom.value >= ZOOM_MAX),
                            _control("x", "Close", lb.close),
                            class_name="lightbox__tools",
                        ),
                        class_name="lightbox__bar",
                    ),
                    rx.el.div(
                        rx.cond(
                            lb.failed.value,
                            rx.el.p(FAILED_TEXT, class_name="lightbox__error", role="alert"),
                            ReportingImg.create(
                                src=sources[lb.index.value],
                                alt=titles[lb.index.value],
                                key=sources[lb.index.value],
                                custom_attrs={"width": "1200", "height": "800"},
                                class_name="lightbox__img zoom-" + lb.zoom.value.to_string(),
                                data_zoom=lb.zoom.value,
                                on_error=lb.image_failed,
                            ),
                        ),
                        class_name="lightbox__stage",
                    ),
                    rx.el.p(descriptions[lb.index.value], class_name="lightbox__desc"),
                    _control(
                        "chevron-left",
                        "Previous image",
                        lb.previous_image,
                        extra_class="lightbox__nav lightbox__nav--prev",
                    ),
                    _control(
                        "chevron-right",
                        "Next image",
                        lb.next_image,
                        extra_class="lightbox__nav lightbox__nav--next",
                    ),
                    class_name="lightbox__panel",
                ),
            ),
        ),
        active=lb.is_open.value,
        repeat_limit=KEY_REPEAT_LIMIT_MS,
        return_focus_to="gallery-item-" + lb.opened_from.value.to_string(),
        on_close=lb.close,
        on_next=lb.next_image,
        on_prev=lb.previous_image,
        # A class rather than `hidden`, and role via custom_attrs: Reflex turns an
        # undeclared prop of a custom component into CSS instead of an attribute.
        class_name=rx.cond(lb.is_open.value, "lightbox is-open", "lightbox"),
        custom_attrs={"role": "dialog"},
        aria_modal="true",
        aria_labelledby="lightbox-title",
    )
