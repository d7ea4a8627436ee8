"""Automatic motion as Python state: slide indexes, pause flags, the fade-in flag.

The browser only supplies the clock (the Ticker component); it stops ticking
while paused or when the visitor prefers reduced motion.
"""

from typing import ClassVar

import reflex as rx


class Rotator(rx.State, mixin=True):
    """A slideshow: `count` slides, paused by hover, keyboard focus or the visitor."""

    index: int = 0
    hovered: bool = False
    focused: bool = False
    stopped: bool = False
    count: ClassVar[int] = 1

    @rx.var
    def paused(self) -> bool:
        return self.hovered or self.focused or self.stopped

    @rx.event
    def advance(self) -> None:
        if not self.paused:
            self.index = (self.index + 1) % self.count

    @rx.event
    def go_to(self, index: int) -> None:
        self.index = index % self.count

    @rx.event
    def toggle_stopped(self) -> None:
        self.stopped = not self.stopped

    @rx.event
    def set_hovered(self, value: bool) -> None:
        self.hovered = value

    @rx.event
    def set_focused(self, value: bool) -> None:
        self.focused = value


class HeroState(Rotator, rx.State):
    count: ClassVar[int] = 3


class SliderState(Rotator, rx.State):
    count: ClassVar[int] = 4


class CarouselState(rx.State):
    """The client-logo strip moves by CSS; the visitor's pause is state."""

    stopped: bool = False

    @rx.event
    def toggle_stopped(self) -> None:
        self.stopped = not self.stopped


class FadeState(rx.State):
    """Turns on 300 ms after the page mounts; sections fade in when it does."""

    faded_in: bool = False

    @rx.event
    def fade_in(self) -> None:
        self.faded_in = True
