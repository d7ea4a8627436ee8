"""Safety and waste objects: drums, hazard labels, waste bins, extinguisher and hydrant."""

from __future__ import annotations

from ..canvas import Pen, alpha, contact_shadow, cylinder_stops, mix
from ..geometry import placed
from ..shapes.equipment import EXTINGUISHER_HOSE, EXTINGUISHER_LEVER
from ..shapes.palette import NAVY, OFF_WHITE, RED, SAFFRON, SLATE, Color


def drum(p: Pen, cx: float, base: float, w: float, h: float, color: Color, hazard: bool = False) -> None:
    x0, x1 = cx - w / 2, cx + w / 2
    p.gradient_rect(x0, base - h, x1, base, cylinder_stops(color, mix(color, NAVY, 0.5)), False, radius=w * 0.06)
    p.ellipse(cx, base - h, w / 2, w * 0.1, mix(color, OFF_WHITE, 0.25))
    p.ellipse(cx, base - h, w * 0.42, w * 0.07, mix(color, NAVY, 0.25))
    for k in (0.33, 0.66):
        p.line([(x0, base - h * k), (x1, base - h * k)], alpha(NAVY, 0.3), max(1.0, h * 0.03), False)
    if hazard:
        hazard_diamond(p, cx - w * 0.05, base - h * 0.5, w * 0.24)


def hazard_diamond(p: Pen, cx: float, cy: float, r: float, color: Color = SAFFRON) -> None:
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], NAVY)
    r2 = r * 0.84
    p.poly([(cx, cy - r2), (cx + r2, cy), (cx, cy + r2), (cx - r2, cy)], color)
    p.rect(cx - r * 0.08, cy - r * 0.5, cx + r * 0.08, cy + r * 0.12, NAVY, radius=r * 0.06)
    p.circle(cx, cy + r * 0.32, r * 0.09, NAVY)


def waste_bin(p: Pen, cx: float, base: float, w: float, h: float, color: Color) -> None:
    contact_shadow(p, cx, base, w * 0.6)
    body = [(cx - w / 2, base - h * 0.9), (cx + w / 2, base - h * 0.9), (cx + w * 0.42, base), (cx - w * 0.42, base)]
    p.gradient_poly(body, cylinder_stops(color, mix(color, NAVY, 0.35)), vertical=False)
    p.rect(cx - w * 0.54, base - h, cx + w * 0.54, base - h * 0.88, mix(color, NAVY, 0.2), radius=w * 0.05)
    p.rect(cx - w * 0.14, base - h * 1.04, cx + w * 0.14, base - h, mix(color, NAVY, 0.35), radius=w * 0.03)
    p.circle(cx, base - h * 0.55, w * 0.16, alpha(OFF_WHITE, 0.85))
    p.circle(cx, base - h * 0.55, w * 0.07, mix(color, NAVY, 0.2))
    p.rect(cx - w * 0.2, base - h * 0.06, cx + w * 0.2, base, SLATE)


def extinguisher(p: Pen, cx: float, base: float, h: float) -> None:
    w = h * 0.34
    contact_shadow(p, cx, base, w * 0.8)
    p.gradient_rect(
        cx - w / 2, base - h * 0.8, cx + w / 2, base, cylinder_stops(RED, mix(RED, NAVY, 0.45)), False, radius=w * 0.45
    )
    p.rect(cx - w * 0.15, base - h * 0.9, cx + w * 0.15, base - h * 0.78, mix(SLATE, NAVY, 0.3))
    p.poly(placed(EXTINGUISHER_LEVER, cx, base, w, h), SLATE)
    p.line(placed(EXTINGUISHER_HOSE, cx, base, w, h), mix(SLATE, NAVY, 0.4), w * 0.1)
    p.rect(cx - w * 0.36, base - h * 0.55, cx + w * 0.36, base - h * 0.3, OFF_WHITE, radius=w * 0.04)
    p.rect(cx - w * 0.36, base - h * 0.5, cx + w * 0.36, base - h * 0.44, SAFFRON)


def hydrant(p: Pen, cx: float, base: float, h: float) -> None:
    w = h * 0.42
    contact_shadow(p, cx, base, w)
    p.rect(cx - w * 0.62, base - h * 0.1, cx + w * 0.62, base, mix(RED, NAVY, 0.3), radius=w * 0.05)
    p.gradient_rect(
        cx - w / 2, base - h * 0.78, cx + w / 2, base - h * 0.08, cylinder_stops(RED, mix(RED, NAVY, 0.4)), False
    )
    p.gradient_ellipse(cx, base - h * 0.78, w / 2, h * 0.2, cylinder_stops(RED, mix(RED, NAVY, 0.4)), False)
    p.rect(cx - w * 0.62, base - h * 0.82, cx + w * 0.62, base - h * 0.76, mix(RED, NAVY, 0.25))
    p.rect(cx - w * 0.1, base - h, cx + w * 0.1, base - h * 0.93, SLATE)
    for side in (-1, 1):
        ox = cx + side * w * 0.5
        p.rect(min(ox, ox + side * w * 0.35), base - h * 0.56, max(ox, ox + side * w * 0.35), base - h * 0.4, RED)
        p.rect(
            min(ox + side * w * 0.3, ox + side * w * 0.42),
            base - h * 0.6,
            max(ox + side * w * 0.3, ox + side * w * 0.42),
            base - h * 0.36,
            SLATE,
        )
