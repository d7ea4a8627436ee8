"""Scenes: the mood they are drawn in, the stage their subject stands on, and rendering one to an image."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from .canvas import Pen, smoothstep
from .shapes.palette import NAVY, Color


@dataclass(frozen=True)
class Mood:
    sky: tuple[Color, ...]
    sun: Color
    sun_strength: float
    ridges: tuple[Color, Color, Color]
    ground: tuple[Color, Color]
    foliage: tuple[Color, Color]
    haze: Color


@dataclass(frozen=True)
class Stage:
    """Where the subject goes: it stands on `ground` between x0 and x1; `u` scales every element."""

    w: int
    h: int
    ground: float
    x0: float
    x1: float

    @property
    def u(self) -> float:
        return min((self.x1 - self.x0) / 520, self.ground / 380)

    def at(self, t: float) -> float:
        return self.x0 + (self.x1 - self.x0) * t


LAYOUTS = {"hero": (0.45, 0.99), "full": (0.1, 0.9)}


def make_stage(w: int, h: int, layout: str = "hero", ground: float = 0.78) -> Stage:
    a, b = LAYOUTS[layout]
    return Stage(w, h, h * ground, w * a, w * b)


# A scene draws its subject on the stage, in the mood, with the image's own random generator.
Scene = Callable[[Pen, Stage, random.Random, Mood], None]


def shade_text_side(p: Pen, reach: float = 0.74, strength: float = 0.82) -> None:
    """Bake the navy overlay the page sets its headline on: solid-ish on the left, gone by `reach`."""
    n = 96
    opacities = [strength * (1 - smoothstep((i / (n - 1) - 0.22) / 0.78)) ** 1.15 for i in range(n)]
    p.fade((0, 0, p.w * reach, p.h), NAVY, opacities, vertical=False)


def shade_bottom(p: Pen, start: float = 0.45, strength: float = 0.85) -> None:
    n = 64
    p.fade((0, p.h * start, p.w, p.h), NAVY, [strength * smoothstep(i / (n - 1)) for i in range(n)])


def seeded(name: str) -> random.Random:
    # crc32, not hash(): str hashes change between runs.
    return random.Random(zlib.crc32(name.encode()))


def render_scene(
    name: str,
    scene: Scene,
    mood: Mood,
    w: int,
    h: int,
    layout: str = "hero",
    overlay: str | None = "left",
    ground: float = 0.78,
) -> Image.Image:
    p = Pen(w, h)
    scene(p, make_stage(w, h, layout, ground), seeded(name), mood)
    if overlay == "left":
        shade_text_side(p)
    elif overlay == "bottom":
        shade_bottom(p)
    return p.finish()
