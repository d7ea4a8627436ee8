"""The gallery lightbox: open flag, index, zoom and image-failure flag.

All of it shows in the browser at once (`Shared` values); the backend keeps the index the
visitor is looking at (LightboxState), as the owner asked. Opening, closing and zooming
only show and hide, so they stay in the browser."""

import reflex as rx

from consultancy.framework.client_state import Shared

ZOOM_MIN = 100
ZOOM_MAX = 300
ZOOM_STEP = 100
COUNT = 9

is_open = Shared("lightbox_open", False)
index = Shared("lightbox_index", 0)
opened_from = Shared("lightbox_from", 0)
zoom = Shared("lightbox_zoom", ZOOM_MIN)
failed = Shared("lightbox_failed", False)


class LightboxState(rx.State):
    index: int = 0
    opened_from: int = 0

    @rx.event
    def open_at(self, index: int) -> None:
        self.index = self.opened_from = int(index) % COUNT

    @rx.event
    def show(self, index: int) -> None:
        self.index = int(index) % COUNT


def open_at(n: int) -> list:
    return [
        index.set(n),
        opened_from.set(n),
        zoom.set(ZOOM_MIN),
        failed.set(False),
        is_open.set(True),
        LightboxState.open_at(n),
    ]


def _step(by: int) -> list:
    return [
        index.cycle(by, COUNT),
        zoom.set(ZOOM_MIN),
        failed.set(False),
        LightboxState.show(index.now),
    ]


next_image = _step(1)
previous_image = _step(-1)
close = [is_open.set(False), zoom.set(ZOOM_MIN)]
zoom_in = zoom.step(ZOOM_STEP, ZOOM_MIN, ZOOM_MAX)
zoom_out = zoom.step(-ZOOM_STEP, ZOOM_MIN, ZOOM_MAX)
image_failed = failed.set(True)
