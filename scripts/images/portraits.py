"""Head-and-shoulders silhouettes: the founder and the testimonial avatars."""

from __future__ import annotations

from PIL import Image

from .canvas import Pen, mix
from .geometry import bezier, placed
from .shapes.palette import NAVY, OFF_WHITE, TEAL, Color
from .shapes.people import (
    BUST_COLLAR,
    BUST_LEFT_LAPEL,
    BUST_LEFT_SHOULDER,
    BUST_RIGHT_LAPEL,
    BUST_RIGHT_SHOULDER,
    BUST_TIE,
)


def bust(p: Pen, size: float, figure: Color, formal: bool, collar: Color = OFF_WHITE, tie: Color = TEAL) -> None:
    """Head-and-shoulders silhouette on a 400-unit grid scaled to `size`."""
    k = size / 400
    torso = bezier(*placed(BUST_LEFT_SHOULDER, 0, 0, k))
    torso += bezier(*placed(BUST_RIGHT_SHOULDER, 0, 0, k))
    p.poly([*torso, torso[0]], figure)
    p.rect(176 * k, 196 * k, 224 * k, 270 * k, mix(figure, NAVY, 0.15), radius=10 * k)
    p.ellipse(200 * k, 154 * k, 58 * k, 68 * k, figure)
    if formal:
        p.poly(placed(BUST_COLLAR, 0, 0, k), collar)
        p.poly(placed(BUST_TIE, 0, 0, k), tie)
        shade = mix(figure, NAVY, 0.25)
        p.poly(placed(BUST_LEFT_LAPEL, 0, 0, k), shade)
        p.poly(placed(BUST_RIGHT_LAPEL, 0, 0, k), shade)


def render_portrait(size: int, background: tuple[Color, Color], figure: Color, formal: bool) -> Image.Image:
    p = Pen(size, size)
    p.gradient_rect(0, 0, size, size, list(background))
    p.glow(size * 0.5, size * 0.4, size * 0.6, OFF_WHITE, 0.35)
    bust(p, size, figure, formal)
    return p.finish()
