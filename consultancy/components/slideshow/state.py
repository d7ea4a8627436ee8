"""Automatic motion: slide indexes, pause flags, the fade-in flag.

What the visitor sees changes in the browser at once (`Shared` values). The backend keeps
what the visitor chose (the slide picked with a dot, the pause control) in a `Rotator`
state, as the owner asked; the automatic ticks, hover and focus only show and hide, so
they never reach the server. The browser supplies the clock (the Ticker component) and
stops it while paused or when the visitor prefers reduced motion.
"""

from __future__ import annotations

from typing import ClassVar

import reflex as rx

from consultancy.framework.client_state import Shared, any_of


class Rotator(rx.State, mixin=True):
    """The visitor's choices on a slideshow of `count` slides, as the backend keeps them.

    Set, never toggled: an event that waited in the queue while offline still leaves
    the backend with what the visitor sees."""

    index: int = 0
    stopped: bool = False
    count: ClassVar[int] = 1

    @rx.event
    def go_to(self, index: int) -> None:
        self.index = index % self.count

    @rx.event
    def set_stopped(self, value: bool) -> None:
        self.stopped = bool(value)


class HeroState(Rotator, rx.State):
    count: ClassVar[int] = 3


class SliderState(Rotator, rx.State):
    count: ClassVar[int] = 4


class Slideshow:
    """A slideshow as the browser shows it, mirrored to its backend `Rotator`."""

    def __init__(self, name: str, backend: type[Rotator]) -> None:
        self.count = backend.count
        self._index = Shared(f"{name}_index", 0)
        self._stopped = Shared(f"{name}_stopped", False)
        self._hovered = Shared(f"{name}_hovered", False)
        self._focused = Shared(f"{name}_focused", False)
        self.backend = backend
        self.index = self._index.value
        self.stopped = self._stopped.value
        self.paused = any_of(self._stopped.value, self._hovered.value, self._focused.value)
        self.advance = self._index.cycle(1, self.count)
        self.toggle_stopped = [self._stopped.toggle(), backend.set_stopped(self._stopped.now)]

    def go_to(self, index: int) -> list:
        return [self._index.set(index), self.backend.go_to(index)]

    def set_hovered(self, value: bool) -> rx.Var:
        return self._hovered.set(value)

    def set_focused(self, value: bool) -> rx.Var:
        return self._focused.set(value)


class Pausable:
    """Motion with only a pause control (the client-logo strip moves by CSS)."""

    def __init__(self, name: str) -> None:
        self._stopped = Shared(f"{name}_stopped", False)
        self.stopped = self._stopped.value
        self.toggle_stopped = self._stopped.toggle()


HERO = Slideshow("hero", HeroState)
SLIDER = Slideshow("slider", SliderState)
CAROUSEL = Pausable("carousel")

# Turns on 300 ms after the page mounts; sections fade in when it does.
_faded_in = Shared("faded_in", False)
faded_in = _faded_in.value
fade_in = _faded_in.set(True)
