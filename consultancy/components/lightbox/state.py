"""The gallery lightbox: open flag, index, zoom and image-failure flag."""

from typing import ClassVar

import reflex as rx

ZOOM_MIN = 100
ZOOM_MAX = 300
ZOOM_STEP = 100


class LightboxState(rx.State):
    is_open: bool = False
    index: int = 0
    opened_from: int = 0
    zoom: int = ZOOM_MIN
    failed: bool = False
    count: ClassVar[int] = 9

    @rx.event
    def open_at(self, index: int) -> None:
        self.is_open = True
        self.index = index
        self.opened_from = index
        self.zoom = ZOOM_MIN
        self.failed = False

    @rx.event
    def close(self) -> None:
        self.is_open = False
        self.zoom = ZOOM_MIN

    def _go(self, index: int) -> None:
        self.index = index % self.count
        self.zoom = ZOOM_MIN
        self.failed = False

    @rx.event
    def next(self) -> None:
        self._go(self.index + 1)

    @rx.event
    def previous(self) -> None:
        self._go(self.index - 1)

    @rx.event
    def zoom_in(self) -> None:
        self.zoom = min(ZOOM_MAX, self.zoom + ZOOM_STEP)

    @rx.event
    def zoom_out(self) -> None:
        self.zoom = max(ZOOM_MIN, self.zoom - ZOOM_STEP)

    @rx.event
    def image_failed(self) -> None:
        self.failed = True
