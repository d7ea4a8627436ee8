"""Survey and drawing tools: map pin, flags, staff, theodolite, blueprint sheets, set square, pencil."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, mix
from ..geometry import capsule_points, rotated
from ..shapes.palette import GLASS_LIT, NAVY, OFF_WHITE, RED, SAFFRON, SAND, SLATE, STEEL_SHADE, TEAL, Color


def map_pin(p: Pen, cx: float, tip: float, r: float, color: Color = TEAL) -> None:
    cy = tip - r * 2.1
    p.ellipse(cx, tip, r * 0.6, r * 0.18, alpha(NAVY, 0.25))
    p.poly([(cx - r * 0.86, cy + r * 0.5), (cx, tip), (cx + r * 0.86, cy + r * 0.5)], color)
    p.circle(cx, cy, r, color)
    p.circle(cx, cy, r * 0.42, OFF_WHITE)


def survey_flag(p: Pen, x: float, base: float, h: float, color: Color = SAFFRON) -> None:
    p.line([(x, base), (x, base - h)], SLATE, max(1.0, h * 0.04), False)
    p.poly([(x, base - h), (x + h * 0.45, base - h * 0.86), (x, base - h * 0.72)], color)


def survey_staff(p: Pen, x: float, base: float, h: float) -> None:
    w = h * 0.05
    for k in range(8):
        y = base - h + k * h / 8
        p.rect(x - w / 2, y, x + w / 2, y + h / 8, SAFFRON if k % 2 == 0 else OFF_WHITE)


def theodolite(p: Pen, cx: float, base: float, h: float) -> None:
    head = base - h * 0.72
    for foot, color in (((cx - h * 0.3), SLATE), ((cx + h * 0.3), SLATE), ((cx + h * 0.04), mix(SLATE, NAVY, 0.4))):
        p.line([(cx, head), (foot, base)], color, h * 0.035)
    p.rect(cx - h * 0.12, head - h * 0.03, cx + h * 0.12, head + h * 0.02, mix(SLATE, NAVY, 0.3))
    p.rect(cx - h * 0.09, head - h * 0.22, cx + h * 0.09, head - h * 0.03, SAFFRON, radius=h * 0.02)
    p.rect(cx - h * 0.04, head - h * 0.28, cx + h * 0.04, head - h * 0.22, SLATE)
    p.poly(
        rotated(capsule_points(cx, head - h * 0.14, h * 0.3, h * 0.08), cx, head - h * 0.14, -4), mix(SLATE, NAVY, 0.2)
    )
    p.circle(cx + h * 0.06, head - h * 0.13, h * 0.025, GLASS_LIT)


def blueprint_sheet(
    p: Pen, x: float, y: float, w: float, h: float, s: float, rng: random.Random, drawing: str = "elevation"
) -> None:
    """A blueprint sheet with grid and a white line drawing of a building elevation or floor plan."""
    p.rect(x + 6 * s, y + 8 * s, x + w + 6 * s, y + h + 8 * s, alpha(NAVY, 0.3), radius=4 * s)
    p.rect(x, y, x + w, y + h, (30, 84, 150), radius=4 * s)
    grid = alpha(OFF_WHITE, 0.1)
    for gx in range(int(x + 12 * s), int(x + w), max(4, int(16 * s))):
        p.line([(gx, y + 4 * s), (gx, y + h - 4 * s)], grid, 0.8 * s, False)
    for gy in range(int(y + 12 * s), int(y + h), max(4, int(16 * s))):
        p.line([(x + 4 * s, gy), (x + w - 4 * s, gy)], grid, 0.8 * s, False)
    ink = alpha(OFF_WHITE, 0.9)
    lw = 1.6 * s
    m = w * 0.12
    if drawing == "plan":
        rooms = [(0, 0, 0.55, 0.5), (0.55, 0, 1, 0.35), (0, 0.5, 0.35, 1), (0.35, 0.5, 1, 1), (0.55, 0.35, 1, 0.5)]
        ix0, iy0, iw, ih = x + m, y + h * 0.15, w - 2 * m, h * 0.62
        for a, b, c, d in rooms:
            p.frame(ix0 + iw * a, iy0 + ih * b, ix0 + iw * c, iy0 + ih * d, ink, lw)
        p.arc(ix0 + iw * 0.35, iy0 + ih * 0.5, ih * 0.18, 0, 90, ink, lw * 0.7)
        p.line([(ix0, iy0 + ih + 14 * s), (ix0 + iw, iy0 + ih + 14 * s)], ink, lw * 0.7, False)
        for tx in (ix0, ix0 + iw):
            p.line([(tx, iy0 + ih + 8 * s), (tx, iy0 + ih + 20 * s)], ink, lw * 0.7, False)
    else:
        gx0, gx1, gy = x + m, x + w - m, y + h * 0.82
        p.line([(gx0 - 10 * s, gy), (gx1 + 10 * s, gy)], ink, lw)
        floors, bays = 5, 4
        bw, fh = (gx1 - gx0) / bays, h * 0.11
        top = gy - floors * fh
        p.frame(gx0, top, gx1, gy, ink, lw)
        p.poly([(gx0 - 8 * s, top), ((gx0 + gx1) / 2, top - h * 0.12), (gx1 + 8 * s, top)], alpha(OFF_WHITE, 0.12))
        p.line([(gx0 - 8 * s, top), ((gx0 + gx1) / 2, top - h * 0.12), (gx1 + 8 * s, top)], ink, lw)
        for f in range(floors):
            for b in range(bays):
                wx, wy = gx0 + b * bw + bw * 0.25, top + f * fh + fh * 0.25
                p.frame(wx, wy, wx + bw * 0.5, wy + fh * 0.5, alpha(OFF_WHITE, 0.7), lw * 0.6)
        p.line([(gx1 + 18 * s, top), (gx1 + 18 * s, gy)], alpha(OFF_WHITE, 0.6), lw * 0.6, False)
    p.rect(x + w - w * 0.3, y + h - h * 0.12, x + w - 6 * s, y + h - 6 * s, alpha(OFF_WHITE, 0.18))


def set_square(p: Pen, x: float, base: float, size: float, degrees: float = 0.0) -> None:
    outer = [(x, base), (x + size, base), (x, base - size * 0.8)]
    inner = [
        (x + size * 0.14, base - size * 0.1),
        (x + size * 0.62, base - size * 0.1),
        (x + size * 0.14, base - size * 0.48),
    ]
    with p.veil(TEAL, 0.55) as v:
        v.poly(rotated(outer, x, base, degrees), 255)
        v.poly(rotated(inner, x, base, degrees), 0)


def pencil(p: Pen, x: float, y: float, length: float, degrees: float) -> None:
    w = length * 0.08
    body = [(x, y - w / 2), (x + length * 0.78, y - w / 2), (x + length * 0.78, y + w / 2), (x, y + w / 2)]
    tip = [(x + length * 0.78, y - w / 2), (x + length, y), (x + length * 0.78, y + w / 2)]
    lead = [(x + length * 0.93, y - w * 0.16), (x + length, y), (x + length * 0.93, y + w * 0.16)]
    p.poly(rotated(body, x, y, degrees), SAFFRON)
    p.poly(
        rotated([(x, y - w / 2), (x + length * 0.78, y - w / 2), (x + length * 0.78, y), (x, y)], x, y, degrees),
        mix(SAFFRON, OFF_WHITE, 0.3),
    )
    p.poly(rotated(tip, x, y, degrees), SAND)
    p.poly(rotated(lead, x, y, degrees), SLATE)
    p.poly(
        rotated([(x - w * 0.6, y - w / 2), (x, y - w / 2), (x, y + w / 2), (x - w * 0.6, y + w / 2)], x, y, degrees),
        RED,
    )


def ruler(p: Pen, x: float, y: float, length: float, degrees: float) -> None:
    w = length * 0.1
    p.poly(rotated([(x, y), (x + length, y), (x + length, y + w), (x, y + w)], x, y, degrees), SAND)
    for k in range(1, 20):
        tick = w * (0.45 if k % 5 == 0 else 0.25)
        a, b = rotated([(x + length * k / 20, y), (x + length * k / 20, y + tick)], x, y, degrees)
        p.line([a, b], alpha(SLATE, 0.8), max(1.0, length * 0.004), False)


def compass_tool(p: Pen, cx: float, top: float, h: float) -> None:
    p.circle(cx, top, h * 0.06, SLATE)
    p.line([(cx, top), (cx - h * 0.28, top + h)], STEEL_SHADE, h * 0.035)
    p.line([(cx, top), (cx + h * 0.28, top + h * 0.96)], STEEL_SHADE, h * 0.035)
    p.line([(cx + h * 0.28, top + h * 0.9), (cx + h * 0.29, top + h)], SLATE, h * 0.02)
    p.rect(cx - h * 0.02, top - h * 0.16, cx + h * 0.02, top - h * 0.05, SLATE)
