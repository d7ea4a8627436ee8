"""Equipment for the industry cards: laptop, servers, metal ingots and coils, pharma and lab kit, sacks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..canvas import Pen, alpha, contact_shadow, cylinder_stops, mix
from ..geometry import Point, bezier, capsule_points, leaf_points, placed, rotated
from ..shapes.equipment import (
    INGOT_END,
    INGOT_FRONT,
    INGOT_TOP,
    LADLE_BODY,
    LADLE_RIM,
    LAPTOP_BASE,
    SACK_LEFT_SIDE,
    SACK_NECK,
    SACK_RIGHT_SIDE,
)
from ..shapes.palette import (
    BLUE,
    MINT,
    NAVY,
    OFF_WHITE,
    SAFFRON,
    SLATE,
    STEEL,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
    Color,
)


def laptop(p: Pen, cx: float, base: float, w: float, rng: random.Random) -> None:
    h = w * 0.62
    top = base - h - w * 0.05
    p.rect(cx - w / 2, top, cx + w / 2, base - w * 0.05, mix(SLATE, NAVY, 0.5), radius=w * 0.03)
    sx0, sy0, sx1, sy1 = cx - w * 0.46, top + w * 0.03, cx + w * 0.46, base - w * 0.08
    p.gradient_rect(sx0, sy0, sx1, sy1, [(28, 74, 120), BLUE])
    p.rect(sx0, sy0, sx1, sy0 + (sy1 - sy0) * 0.1, alpha(OFF_WHITE, 0.12))
    cw = (sx1 - sx0) * 0.27
    for k in range(3):
        x = sx0 + (sx1 - sx0) * 0.06 + k * (cw + (sx1 - sx0) * 0.04)
        p.rect(x, sy0 + (sy1 - sy0) * 0.2, x + cw, sy0 + (sy1 - sy0) * 0.42, alpha(OFF_WHITE, 0.14), radius=2)
        p.rect(x + cw * 0.1, sy0 + (sy1 - sy0) * 0.26, x + cw * 0.5, sy0 + (sy1 - sy0) * 0.3, (TEAL, SAFFRON, MINT)[k])
    pts = [(sx0 + (sx1 - sx0) * (0.06 + 0.88 * i / 7), sy0 + (sy1 - sy0) * rng.uniform(0.55, 0.85)) for i in range(8)]
    p.line(pts, TEAL, max(1.5, w * 0.012))
    p.poly(placed(LAPTOP_BASE, cx, base, w), STEEL)
    p.rect(cx - w * 0.58, base, cx + w * 0.58, base + w * 0.025, STEEL_SHADE, radius=w * 0.01)


def server_rack(p: Pen, x: float, base: float, w: float, h: float, rng: random.Random) -> None:
    contact_shadow(p, x + w / 2, base, w * 0.7)
    p.rect(x, base - h, x + w, base, mix(SLATE, NAVY, 0.45), radius=w * 0.05)
    p.rect(x + w * 0.86, base - h, x + w, base, mix(SLATE, NAVY, 0.7), radius=w * 0.05)
    units = 9
    for k in range(units):
        y = base - h + w * 0.1 + k * (h - w * 0.2) / units
        uh = (h - w * 0.2) / units * 0.78
        p.rect(x + w * 0.1, y, x + w * 0.8, y + uh, SLATE, radius=w * 0.02)
        for j in range(3):
            led = rng.choice((TEAL, TEAL, SAFFRON, MINT))
            p.circle(x + w * (0.18 + j * 0.08), y + uh / 2, max(1.0, w * 0.025), led)
        p.rect(x + w * 0.46, y + uh * 0.4, x + w * 0.74, y + uh * 0.6, alpha(OFF_WHITE, 0.15))


def ingot_stack(p: Pen, cx: float, base: float, w: float, light: Color, dark: Color) -> None:
    """Ingots stacked 3-2-1, each with a lit top face and a shaded front."""
    ih = w * 0.16
    for row, count in enumerate((3, 2, 1)):
        y = base - row * ih
        for k in range(count):
            x = cx - count * w * 0.17 + k * w * 0.34
            p.poly(placed(INGOT_FRONT, x, y, w, ih), mix(light, dark, 0.45))
            p.poly(placed(INGOT_TOP, x, y, w, ih), light)
            p.poly(placed(INGOT_END, x, y, w, ih), dark)


def coil(p: Pen, cx: float, cy: float, r: float, length: float, light: Color, dark: Color) -> None:
    """A metal coil lying on its side, seen three-quarter: rolled body and a ringed end face."""
    p.ellipse(cx + length, cy, r * 0.45, r, dark)
    p.gradient_rect(cx, cy - r, cx + length, cy + r, [mix(light, OFF_WHITE, 0.3), light, dark])
    p.ellipse(cx, cy, r * 0.45, r, mix(light, dark, 0.2))
    for k in range(1, 5):
        f = 1 - k * 0.13
        p.ellipse_ring(cx, cy, r * 0.45 * f, r * f, alpha(dark, 0.5), r * 0.025)
    p.ellipse(cx, cy, r * 0.45 * 0.3, r * 0.3, mix(dark, NAVY, 0.5))


def ladle_pour(p: Pen, cx: float, base: float, s: float, metal: Color = (255, 170, 40)) -> None:
    """A tilted ladle pouring molten metal into a mould, sparks and glow."""
    lx, ly, tilt = cx - 30 * s, base - 140 * s, 32

    def turn(pts: Sequence[Point]) -> list[Point]:
        return rotated(pts, lx, ly, tilt)

    mould_x = cx + 60 * s
    p.glow(mould_x, base - 20 * s, 110 * s, metal, 0.5)
    lip = turn([(lx + 50 * s, ly - 46 * s)])[0]
    p.poly(
        [
            (lip[0] - 3 * s, lip[1] - 2 * s),
            (lip[0] + 7 * s, lip[1] + 4 * s),
            (mould_x + 6 * s, base - 26 * s),
            (mould_x - 6 * s, base - 26 * s),
        ],
        metal,
    )
    p.gradient_poly(
        turn(placed(LADLE_BODY, lx, ly, s)), cylinder_stops(STEEL_SHADE, mix(SLATE, NAVY, 0.3)), vertical=False
    )
    p.poly(turn(placed(LADLE_RIM, lx, ly, s)), mix(STEEL_SHADE, SLATE, 0.5))
    for k in (-0.2, 0.25):
        p.line(turn([(lx - 44 * s, ly + k * 90 * s), (lx + 44 * s, ly + k * 90 * s)]), alpha(NAVY, 0.25), 3 * s, False)
    p.glow(lip[0], lip[1], 30 * s, metal, 0.6)
    for side in (-1, 1):
        tx, ty = turn([(lx + side * 48 * s, ly - 8 * s)])[0]
        p.circle(tx, ty, 8 * s, mix(SLATE, NAVY, 0.3))
        p.circle(tx, ty, 3 * s, STEEL_SHADE)
    p.rect(mould_x - 50 * s, base - 26 * s, mould_x + 50 * s, base, mix(SLATE, NAVY, 0.3), radius=3 * s)
    p.rect(mould_x - 42 * s, base - 26 * s, mould_x + 42 * s, base - 18 * s, metal)
    for dx, dy, r in ((-30, -40, 2.5), (24, -52, 2), (40, -34, 3), (-14, -60, 1.8), (52, -58, 1.6)):
        p.circle(mould_x + dx * s, base + dy * s, r * s, (255, 214, 120))


def capsule_pill(p: Pen, cx: float, cy: float, length: float, width: float, degrees: float, a: Color, b: Color) -> None:
    pts = capsule_points(cx, cy, length, width, degrees)
    p.poly(pts, b)
    left_half = pts[len(pts) // 2 :] + rotated([(cx, cy - width / 2), (cx, cy + width / 2)], cx, cy, degrees)
    p.poly(left_half, a)
    shine = rotated([(cx - length * 0.32, cy - width * 0.2), (cx - length * 0.08, cy - width * 0.2)], cx, cy, degrees)
    p.line(shine, alpha(OFF_WHITE, 0.5), width * 0.14)


def flask(p: Pen, cx: float, base: float, h: float, liquid: Color) -> None:
    neck_w, body_w = h * 0.18, h * 0.72
    glass = [
        (cx - neck_w / 2, base - h),
        (cx + neck_w / 2, base - h),
        (cx + neck_w / 2, base - h * 0.62),
        (cx + body_w / 2, base),
        (cx - body_w / 2, base),
        (cx - neck_w / 2, base - h * 0.62),
    ]
    p.poly(glass, alpha(OFF_WHITE, 0.85))
    level = 0.38
    lw = neck_w / 2 + (body_w / 2 - neck_w / 2) * (1 - level / 0.62)
    p.poly(
        [
            (cx - lw, base - h * level),
            (cx + lw, base - h * level),
            (cx + body_w / 2 - h * 0.04, base - h * 0.03),
            (cx - body_w / 2 + h * 0.04, base - h * 0.03),
        ],
        liquid,
    )
    p.rect(cx - neck_w * 0.7, base - h - h * 0.04, cx + neck_w * 0.7, base - h + h * 0.02, OFF_WHITE, radius=h * 0.02)
    for bx, by, br in ((-0.08, 0.18, 0.03), (0.1, 0.12, 0.022), (0.02, 0.28, 0.018)):
        p.circle(cx + h * bx, base - h * by, h * br, alpha(OFF_WHITE, 0.6))


def test_tubes(p: Pen, x: float, base: float, h: float, colors: Sequence[Color]) -> None:
    w = h * 0.16
    for k, color in enumerate(colors):
        tx = x + k * w * 1.6
        p.rect(tx, base - h, tx + w, base, alpha(OFF_WHITE, 0.85), radius=w / 2)
        p.rect(tx + w * 0.12, base - h * 0.5, tx + w * 0.88, base - w * 0.12, color, radius=w * 0.38)
    p.rect(x - w * 0.4, base - h * 0.45, x + len(colors) * w * 1.6 - w * 0.2, base - h * 0.35, STEEL_SHADE)
    p.rect(x - w * 0.4, base - w * 0.2, x + len(colors) * w * 1.6 - w * 0.2, base + w * 0.2, STEEL_SHADE)


def scanner(p: Pen, cx: float, base: float, s: float) -> None:
    """An MRI/CT gantry with its patient table."""
    contact_shadow(p, cx + 30 * s, base, 130 * s)
    p.rect(cx - 70 * s, base - 150 * s, cx + 70 * s, base, WALL, radius=26 * s)
    p.rect(cx + 40 * s, base - 150 * s, cx + 70 * s, base, WALL_SHADE, radius=20 * s)
    p.circle(cx - 4 * s, base - 78 * s, 52 * s, TEAL)
    p.gradient_ellipse(cx - 4 * s, base - 78 * s, 40 * s, 40 * s, [mix(BLUE, NAVY, 0.5), BLUE])
    p.rect(cx - 20 * s, base - 62 * s, cx + 150 * s, base - 52 * s, OFF_WHITE, radius=4 * s)
    p.rect(cx + 10 * s, base - 68 * s, cx + 140 * s, base - 62 * s, MINT, radius=3 * s)
    p.rect(cx + 84 * s, base - 52 * s, cx + 104 * s, base, STEEL_SHADE)


def sack(p: Pen, cx: float, base: float, w: float, h: float, color: Color, mark: Color) -> None:
    contact_shadow(p, cx, base, w * 0.6)
    body = [(cx - w * 0.42, base - h * 0.86), (cx + w * 0.42, base - h * 0.86)]
    body += bezier(*placed(SACK_RIGHT_SIDE, cx, base, w, h))
    body += bezier(*placed(SACK_LEFT_SIDE, cx, base, w, h))
    p.gradient_poly(body, cylinder_stops(color, mix(color, NAVY, 0.3)), vertical=False)
    p.poly(placed(SACK_NECK, cx, base, w, h), mix(color, NAVY, 0.12))
    p.poly(leaf_points(cx - w * 0.08, base - h * 0.45, w * 0.34, -50), mark)
    p.poly(leaf_points(cx + w * 0.1, base - h * 0.5, w * 0.28, -130), mix(mark, NAVY, 0.15))
