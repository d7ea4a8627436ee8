"""Point lists for shapes the canvas has no primitive for: rotation, curves, leaves, shields, stars."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Outline = Sequence[Point | tuple[Point, Point, Point]]  # line-to points and cubic Bézier segments


def placed(outline: Iterable[Point], x: float, y: float, sx: float, sy: float | None = None) -> list[Point]:
    """A shape of shapes/, laid out in its own units: its origin put at (x, y), scaled by sx across and sy down."""
    sy = sx if sy is None else sy
    return [(x + sx * dx, y + sy * dy) for dx, dy in outline]


def rotated(points: Iterable[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def capsule_points(cx: float, cy: float, length: float, width: float, degrees: float = 0.0) -> list[Point]:
    r, half = width / 2, max(0.0, length / 2 - width / 2)
    right = [(cx + half + r * math.cos(a), cy + r * math.sin(a)) for a in arc_angles(-90, 90)]
    left = [(cx - half + r * math.cos(a), cy + r * math.sin(a)) for a in arc_angles(90, 270)]
    return rotated(right + left, cx, cy, degrees)


def arc_angles(start: float, end: float, steps: int = 14) -> list[float]:
    return [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]


def leaf_points(cx: float, cy: float, length: float, degrees: float) -> list[Point]:
    n = 16
    top = [(cx - length / 2 + length * i / n, cy - math.sin(math.pi * i / n) * length * 0.26) for i in range(n + 1)]
    bottom = [(x, 2 * cy - y) for x, y in reversed(top[1:-1])]
    return rotated(top + bottom, cx, cy, degrees)


def shield_points(cx: float, top: float, w: float, h: float) -> list[Point]:
    left, right, bottom = cx - w / 2, cx + w / 2, top + h
    right_side = bezier(
        (right, top + h * 0.45), (right, top + h * 0.72), (cx + w * 0.22, bottom - h * 0.1), (cx, bottom)
    )
    left_side = [(2 * cx - x, y) for x, y in reversed(right_side)]
    return [(left, top + h * 0.12), (cx, top), (right, top + h * 0.12), *right_side, *left_side[1:]]


def star_points(cx: float, cy: float, r: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * 0.45
        a = math.pi * i / points - math.pi / 2
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


def crest_y(crest: Sequence[Point], x: float) -> float:
    step = crest[1][0] - crest[0][0]
    i = max(0, min(len(crest) - 2, int(x / step)))
    (xa, ya), (xb, yb) = crest[i], crest[i + 1]
    return ya + (yb - ya) * (x - xa) / (xb - xa)


def catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points on the curve from p1 to p2 (p0 and p3 only steer it)."""

    def axis(a: float, b: float, c: float, d: float, t: float) -> float:
        return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t**3)

    return [
        (axis(p0[0], p1[0], p2[0], p3[0], i / steps), axis(p0[1], p1[1], p2[1], p3[1], i / steps)) for i in range(steps)
    ]
