"""Vehicles: trucks, fire engine, ambulance, airliner and excavator."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..canvas import Pen, alpha, contact_shadow, mix
from ..geometry import Point, arc_angles, capsule_points, placed, rotated
from ..shapes.palette import (
    GLASS,
    GLASS_LIT,
    NAVY,
    OFF_WHITE,
    RED,
    SAFFRON,
    SLATE,
    SOIL,
    STEEL,
    STEEL_SHADE,
    TEAL,
    Color,
)
from ..shapes.vehicles import (
    AIRCRAFT_CHEATLINE,
    AIRCRAFT_COCKPIT,
    AIRCRAFT_FAR_WING,
    AIRCRAFT_FIN,
    AIRCRAFT_TAILPLANE,
    AIRCRAFT_WING,
    AMBULANCE_CAB,
    AMBULANCE_WINDSCREEN,
    EXCAVATOR_BUCKET,
    FIRE_TRUCK_CAB,
    FIRE_TRUCK_WINDSCREEN,
    TIPPER_BODY,
    TIPPER_LOAD,
    TRUCK_CAB,
    TRUCK_WINDSCREEN,
)
from .buildings import medical_cross


def wheel(p: Pen, cx: float, cy: float, r: float) -> None:
    p.circle(cx, cy, r, mix(SLATE, NAVY, 0.5))
    p.circle(cx, cy, r * 0.45, STEEL_SHADE)


def truck(
    p: Pen, x: float, base: float, s: float, load: str = "box", color: Color = OFF_WHITE, cab: Color = TEAL
) -> None:
    """A truck facing right: `load` is "box", "container", "tank" or "tipper"."""
    r = 9 * s
    axle = base - r
    contact_shadow(p, x + 80 * s, base, 90 * s)
    if load == "tank":
        p.gradient_rect(x, axle - 44 * s, x + 118 * s, axle - 6 * s, [OFF_WHITE, STEEL, STEEL_SHADE], radius=19 * s)
        p.rect(x + 10 * s, axle - 27 * s, x + 108 * s, axle - 22 * s, color)
    elif load == "tipper":
        p.poly(placed(TIPPER_BODY, x, axle, s), color)
        p.poly(placed(TIPPER_LOAD, x, axle, s), SOIL)
    else:
        p.rect(x, axle - 52 * s, x + 118 * s, axle - 6 * s, color, radius=2 * s)
        p.rect(x, axle - 52 * s, x + 118 * s, axle - 46 * s, mix(color, NAVY, 0.12))
        if load == "container":
            for k in range(1, 12):
                lx = x + k * 118 * s / 12
                p.line([(lx, axle - 44 * s), (lx, axle - 10 * s)], alpha(NAVY, 0.18), 1.2 * s, False)
    p.rect(x - 2 * s, axle - 8 * s, x + 150 * s, axle - 2 * s, SLATE)
    p.poly(placed(TRUCK_CAB, x, axle, s), cab)
    p.poly(placed(TRUCK_WINDSCREEN, x, axle, s), GLASS_LIT)
    for wx in (x + 16 * s, x + 36 * s, x + 136 * s):
        wheel(p, wx, axle, r)


def fire_truck(p: Pen, x: float, base: float, s: float, ladder_to: Point | None = None) -> None:
    r = 9 * s
    axle = base - r
    contact_shadow(p, x + 80 * s, base, 95 * s)
    p.rect(x, axle - 40 * s, x + 120 * s, axle - 4 * s, RED, radius=3 * s)
    for k in range(3):
        p.rect(
            x + 8 * s + k * 36 * s,
            axle - 32 * s,
            x + 36 * s + k * 36 * s,
            axle - 12 * s,
            mix(RED, NAVY, 0.25),
            radius=2 * s,
        )
    p.rect(x, axle - 20 * s, x + 160 * s, axle - 17 * s, OFF_WHITE)
    p.poly(placed(FIRE_TRUCK_CAB, x, axle, s), RED)
    p.poly(placed(FIRE_TRUCK_WINDSCREEN, x, axle, s), GLASS_LIT)
    p.rect(x + 130 * s, axle - 56 * s, x + 146 * s, axle - 50 * s, SAFFRON, radius=2 * s)
    start = (x + 20 * s, axle - 44 * s)
    end = ladder_to or (x + 110 * s, axle - 50 * s)
    p.line([start, end], STEEL, 4 * s, False)
    p.line([(start[0], start[1] - 5 * s), (end[0], end[1] - 5 * s)], STEEL, 2 * s, False)
    for t in (i / 14 for i in range(15)):
        px, py = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
        p.line([(px, py), (px, py - 5 * s)], STEEL, 1.2 * s, False)
    for wx in (x + 22 * s, x + 44 * s, x + 140 * s):
        wheel(p, wx, axle, r)


def ambulance(p: Pen, x: float, base: float, s: float) -> None:
    r = 8 * s
    axle = base - r
    contact_shadow(p, x + 55 * s, base, 60 * s)
    p.rect(x, axle - 46 * s, x + 80 * s, axle - 2 * s, OFF_WHITE, radius=4 * s)
    p.poly(placed(AMBULANCE_CAB, x, axle, s), OFF_WHITE)
    p.poly(placed(AMBULANCE_WINDSCREEN, x, axle, s), GLASS)
    p.rect(x, axle - 18 * s, x + 110 * s, axle - 13 * s, TEAL)
    medical_cross(p, x + 40 * s, axle - 32 * s, 16 * s, TEAL)
    p.rect(x + 70 * s, axle - 50 * s, x + 84 * s, axle - 46 * s, RED, radius=1.5 * s)
    for wx in (x + 20 * s, x + 92 * s):
        wheel(p, wx, axle, r)


def aircraft(
    p: Pen, cx: float, cy: float, length: float, degrees: float, body: Color = OFF_WHITE, tail: Color = TEAL
) -> None:
    """A side-on airliner flying left, gear down, nose tilted by `degrees`."""
    L = length
    r = L * 0.055

    def rot(pts: Sequence[Point]) -> list[Point]:
        return rotated(pts, cx, cy, degrees)

    p.poly(rot(placed(AIRCRAFT_FIN, cx, cy, L, r)), tail)
    p.poly(rot(placed(AIRCRAFT_FAR_WING, cx, cy, L, r)), mix(body, STEEL_SHADE, 0.5))
    hull = [(cx - L * 0.5 + r * (1 - math.cos(a)), cy - r * math.sin(a) * 1.0) for a in arc_angles(0, 90)]
    hull += [(cx + L * 0.5, cy - r * 0.9), (cx + L * 0.5, cy - r * 0.2), (cx + L * 0.34, cy + r)]
    hull += [(cx - L * 0.5 + r * (1 - math.cos(a)), cy + r * math.sin(a)) for a in arc_angles(90, 0)]
    p.gradient_poly(rot(hull), [OFF_WHITE, body, mix(body, STEEL_SHADE, 0.7)])
    p.poly(rot(placed(AIRCRAFT_CHEATLINE, cx, cy, L, r)), tail)
    for i in range(16):
        wx = cx - L * 0.36 + i * L * 0.044
        ((px, py),) = rot([(wx, cy - r * 0.45)])
        p.circle(px, py, r * 0.16, GLASS)
    p.poly(rot(placed(AIRCRAFT_COCKPIT, cx, cy, L, r)), GLASS)
    p.poly(rot(placed(AIRCRAFT_WING, cx, cy, L, r)), mix(body, STEEL_SHADE, 0.25))
    p.poly(rot(capsule_points(cx - L * 0.02, cy + r * 1.15, L * 0.12, r * 0.9)), mix(body, STEEL_SHADE, 0.4))
    p.poly(rot(placed(AIRCRAFT_TAILPLANE, cx, cy, L, r)), mix(tail, NAVY, 0.2))
    for gx, drop in ((cx - L * 0.36, 1.6), (cx + L * 0.06, 1.9)):
        (a, b) = rot([(gx, cy + r * 0.8), (gx, cy + r * (0.8 + drop))])
        p.line([a, b], SLATE, r * 0.14)
        p.circle(b[0], b[1], r * 0.3, mix(SLATE, NAVY, 0.5))


def excavator(p: Pen, x: float, base: float, s: float, color: Color = SAFFRON) -> None:
    p.rect(x, base - 14 * s, x + 80 * s, base, mix(SLATE, NAVY, 0.4), radius=7 * s)
    for k in range(5):
        p.circle(x + 9 * s + k * 15.5 * s, base - 7 * s, 4 * s, STEEL_SHADE)
    p.rect(x + 4 * s, base - 40 * s, x + 78 * s, base - 16 * s, color, radius=3 * s)
    p.rect(x + 44 * s, base - 62 * s, x + 74 * s, base - 38 * s, color, radius=3 * s)
    p.rect(x + 50 * s, base - 58 * s, x + 70 * s, base - 42 * s, GLASS_LIT, radius=2 * s)
    p.rect(x + 4 * s, base - 44 * s, x + 36 * s, base - 38 * s, mix(color, NAVY, 0.25))
    boom = [(x + 66 * s, base - 36 * s), (x + 112 * s, base - 90 * s), (x + 150 * s, base - 40 * s)]
    p.line(boom[:2], color, 9 * s)
    p.line(boom[1:], color, 7 * s)
    bx, by = boom[2]
    p.poly(placed(EXCAVATOR_BUCKET, bx, by, s), mix(SLATE, NAVY, 0.3))
