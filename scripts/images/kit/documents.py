"""Paperwork and reporting: documents, stamps and seals, checklists, shield, charts and gauges."""

from __future__ import annotations

import math
import random

from ..canvas import Paint, Pen, alpha, mix
from ..geometry import rotated, shield_points, star_points
from ..shapes.palette import BLUE, NAVY, OFF_WHITE, RED, SAFFRON, SLATE, STEEL_SHADE, TEAL, WALL_SHADE, Color


def paper(
    p: Pen, x: float, y: float, w: float, h: float, rng: random.Random, header: Color = TEAL, lines: int = 6
) -> None:
    """A document: header bar and grey text lines (never real text)."""
    p.rect(x + w * 0.04, y + w * 0.05, x + w * 1.04, y + h + w * 0.05, alpha(NAVY, 0.18), radius=w * 0.04)
    p.rect(x, y, x + w, y + h, OFF_WHITE, radius=w * 0.04)
    p.rect(x + w * 0.1, y + h * 0.08, x + w * 0.62, y + h * 0.08 + w * 0.07, header, radius=w * 0.02)
    for i in range(lines):
        ly = y + h * 0.25 + i * h * 0.1
        length = w * (0.8 if i % 3 != 2 else 0.5) * rng.uniform(0.85, 1.0)
        p.rect(x + w * 0.1, ly, x + w * 0.1 + length, ly + w * 0.035, mix(WALL_SHADE, OFF_WHITE, 0.2), radius=w * 0.02)


def stamp_mark(p: Pen, cx: float, cy: float, r: float, color: Color = TEAL, opacity: float = 0.85) -> None:
    ink = alpha(color, opacity)
    p.ring(cx, cy, r, ink, r * 0.12)
    p.ring(cx, cy, r * 0.72, ink, r * 0.05)
    p.poly(star_points(cx, cy, r * 0.42), ink)


def seal(p: Pen, cx: float, cy: float, r: float, color: Color = SAFFRON) -> None:
    for side in (-1, 1):
        p.poly(
            [
                (cx + side * r * 0.2, cy),
                (cx + side * r * 0.7, cy + r * 1.6),
                (cx + side * r * 0.45, cy + r * 1.4),
                (cx + side * r * 0.25, cy + r * 1.7),
                (cx, cy),
            ],
            mix(color, NAVY, 0.25),
        )
    p.poly(star_points(cx, cy, r, 16), color)
    p.circle(cx, cy, r * 0.62, mix(color, OFF_WHITE, 0.35))
    p.circle(cx, cy, r * 0.45, color)


def rubber_stamp(p: Pen, cx: float, base: float, h: float, color: Color = BLUE) -> None:
    p.rect(cx - h * 0.45, base - h * 0.22, cx + h * 0.45, base, mix(color, NAVY, 0.3), radius=h * 0.04)
    p.rect(cx - h * 0.36, base - h * 0.32, cx + h * 0.36, base - h * 0.2, color, radius=h * 0.03)
    p.rect(cx - h * 0.1, base - h * 0.8, cx + h * 0.1, base - h * 0.3, color)
    p.circle(cx, base - h * 0.86, h * 0.2, mix(color, OFF_WHITE, 0.15))


def check_mark(p: Pen, cx: float, cy: float, size: float, color: Paint, width: float) -> None:
    p.line(
        [(cx - size * 0.5, cy), (cx - size * 0.12, cy + size * 0.36), (cx + size * 0.5, cy - size * 0.36)], color, width
    )


def clipboard(
    p: Pen, x: float, y: float, w: float, h: float, rows: int = 5, checked: int = 4, board: Color = BLUE
) -> None:
    p.rect(x + w * 0.05, y + w * 0.06, x + w * 1.05, y + h + w * 0.06, alpha(NAVY, 0.2), radius=w * 0.06)
    p.rect(x, y, x + w, y + h, board, radius=w * 0.06)
    p.rect(x + w * 0.08, y + h * 0.07, x + w * 0.92, y + h * 0.95, OFF_WHITE, radius=w * 0.03)
    p.rect(x + w * 0.3, y - h * 0.03, x + w * 0.7, y + h * 0.06, STEEL_SHADE, radius=w * 0.04)
    p.circle(x + w * 0.5, y - h * 0.01, w * 0.04, board)
    step = h * 0.8 / rows
    for i in range(rows):
        cy = y + h * 0.2 + i * step
        box = w * 0.11
        p.rect(x + w * 0.16, cy - box / 2, x + w * 0.16 + box, cy + box / 2, WALL_SHADE, radius=box * 0.2)
        p.rect(x + w * 0.32, cy - w * 0.02, x + w * (0.82 - 0.08 * (i % 2)), cy + w * 0.02, WALL_SHADE, radius=w * 0.02)
        if i < checked:
            check_mark(p, x + w * 0.16 + box / 2, cy - box * 0.05, box * 0.9, TEAL, w * 0.03)


def shield(p: Pen, cx: float, top: float, w: float, color: Color = TEAL, check: Color = OFF_WHITE) -> None:
    h = w * 1.18
    p.poly([(x + w * 0.04, y + w * 0.05) for x, y in shield_points(cx, top, w, h)], alpha(NAVY, 0.25))
    p.gradient_poly(shield_points(cx, top, w, h), [mix(color, OFF_WHITE, 0.15), color, mix(color, NAVY, 0.3)])
    p.poly(shield_points(cx, top + w * 0.08, w * 0.8, h * 0.84), alpha(OFF_WHITE, 0.12))
    check_mark(p, cx, top + h * 0.46, w * 0.46, check, w * 0.1)


def bar_chart(
    p: Pen, x0: float, base: float, w: float, h: float, s: float, bars: int = 5, trend: Color = SAFFRON
) -> None:
    step = w / bars
    tops = []
    for i in range(bars):
        bh = h * (0.3 + 0.7 * (i + 1) / bars) * (0.92 if i % 2 else 1.0)
        x = x0 + i * step + step * 0.18
        p.gradient_rect(x, base - bh, x + step * 0.64, base, [mix(TEAL, OFF_WHITE, 0.35), TEAL], radius=3 * s)
        tops.append((x + step * 0.32, base - bh - h * 0.12))
    p.line(tops, trend, 5 * s)
    tip = tops[-1]
    p.poly(
        rotated(
            [(tip[0] + 16 * s, tip[1]), (tip[0] - 4 * s, tip[1] - 11 * s), (tip[0] - 4 * s, tip[1] + 11 * s)],
            tip[0],
            tip[1],
            -30,
        ),
        trend,
    )
    for pt in tops[:-1]:
        p.circle(pt[0], pt[1], 6 * s, OFF_WHITE)
        p.circle(pt[0], pt[1], 3.5 * s, trend)


def gauge(p: Pen, cx: float, cy: float, r: float, value: float = 0.62) -> None:
    p.circle(cx + r * 0.06, cy + r * 0.08, r * 1.05, alpha(NAVY, 0.2))
    p.gradient_ellipse(cx, cy, r, r, [OFF_WHITE, STEEL_SHADE])
    p.circle(cx, cy, r * 0.86, OFF_WHITE)
    for start, end, color in ((135, 270, TEAL), (270, 345, SAFFRON), (345, 405, RED)):
        p.arc(cx, cy, r * 0.72, start, end, color, r * 0.08)
    for k in range(11):
        a = math.radians(135 + 27 * k)
        inner = r * (0.56 if k % 5 == 0 else 0.6)
        p.line(
            [
                (cx + inner * math.cos(a), cy + inner * math.sin(a)),
                (cx + r * 0.66 * math.cos(a), cy + r * 0.66 * math.sin(a)),
            ],
            SLATE,
            r * 0.03,
            False,
        )
    a = math.radians(135 + 270 * value)
    tip = (cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a))
    side = (math.cos(a + math.pi / 2) * r * 0.06, math.sin(a + math.pi / 2) * r * 0.06)
    p.poly([tip, (cx + side[0], cy + side[1]), (cx - side[0], cy - side[1])], NAVY)
    p.circle(cx, cy, r * 0.1, NAVY)


def data_card(p: Pen, x: float, y: float, w: float, h: float, rng: random.Random, kind: str = "line") -> None:
    """A floating dashboard card (chart only, no text), the house motif for monitoring and reporting."""
    p.rect(x + w * 0.03, y + w * 0.04, x + w * 1.03, y + h + w * 0.04, alpha(NAVY, 0.22), radius=w * 0.06)
    p.rect(x, y, x + w, y + h, OFF_WHITE, radius=w * 0.06)
    p.circle(x + w * 0.12, y + h * 0.16, w * 0.045, TEAL)
    p.rect(x + w * 0.22, y + h * 0.13, x + w * 0.6, y + h * 0.19, WALL_SHADE, radius=w * 0.02)
    gx0, gx1, gy0, gy1 = x + w * 0.1, x + w * 0.9, y + h * 0.32, y + h * 0.86
    if kind == "bars":
        n = 6
        for i in range(n):
            bh = (gy1 - gy0) * rng.uniform(0.35, 0.95)
            bx = gx0 + (gx1 - gx0) * i / n
            color = TEAL if bh < (gy1 - gy0) * 0.85 else SAFFRON
            p.rect(bx + 2, gy1 - bh, bx + (gx1 - gx0) / n - 3, gy1, color, radius=2)
        return
    p.line([(gx0, gy1), (gx1, gy1)], WALL_SHADE, max(1.0, w * 0.01), False)
    limit = gy0 + (gy1 - gy0) * 0.2
    p.dashed((gx0, limit), (gx1, limit), alpha(RED, 0.7), max(1.0, w * 0.01), w * 0.04, w * 0.03)
    pts = [(gx0 + (gx1 - gx0) * i / 8, gy0 + (gy1 - gy0) * rng.uniform(0.4, 0.85)) for i in range(9)]
    p.poly([*pts, (gx1, gy1), (gx0, gy1)], alpha(TEAL, 0.18))
    p.line(pts, TEAL, max(1.5, w * 0.018))
    p.circle(pts[-1][0], pts[-1][1], w * 0.025, TEAL)
