"""Trees, groves, tree lines on ridges, green belts, rivers and saplings."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ..canvas import Pen, alpha, mix
from ..geometry import Point, arc_angles, crest_y, leaf_points
from ..shapes.palette import BLUE, NAVY, OFF_WHITE, SOIL, WATER, Color
from ..stage import Stage


def pine(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    p.rect(cx - h * 0.028, base - h * 0.16, cx + h * 0.028, base, mix(dark, NAVY, 0.45))
    for i in range(3):
        top = base - h + i * h * 0.24
        bottom = top + h * 0.44
        half = h * (0.14 + 0.06 * i)
        p.poly([(cx, top), (cx - half, bottom), (cx, bottom)], light)
        p.poly([(cx, top), (cx + half, bottom), (cx, bottom)], dark)


def round_tree(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    r = h * 0.38
    cy = base - h + r
    p.rect(cx - h * 0.035, cy, cx + h * 0.035, base, mix(dark, NAVY, 0.45))
    p.circle(cx, cy, r, light)
    p.pie(cx, cy, r, -90, 90, dark)


def oval_tree(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    rx, ry = h * 0.2, h * 0.4
    cy = base - h + ry
    p.rect(cx - h * 0.025, cy, cx + h * 0.025, base, mix(dark, NAVY, 0.45))
    p.ellipse(cx, cy, rx, ry, light)
    p.gradient_poly(
        [(cx, cy - ry)] + [(cx + rx * math.sin(a), cy - ry * math.cos(a)) for a in arc_angles(0, 180)], [dark, dark]
    )


TREE_KINDS = (pine, round_tree, oval_tree)


def grove(
    p: Pen,
    rng: random.Random,
    x0: float,
    x1: float,
    base: float,
    h: float,
    foliage: tuple[Color, Color],
    count: int,
    kinds: Sequence[Callable[..., None]] = TREE_KINDS,
    depth: float = 0.0,
) -> None:
    """A loose row of trees; `depth` spreads their bases so nearer ones overlap farther ones."""
    trees = [
        (rng.uniform(x0, x1), base + rng.uniform(0, depth), rng.uniform(0.7, 1.15) * h, rng.choice(kinds))
        for _ in range(count)
    ]
    for x, y, th, kind in sorted(trees, key=lambda t: t[1]):
        kind(p, x, y, th, *foliage)


def tree_line(
    p: Pen,
    rng: random.Random,
    crest: Sequence[Point],
    color: Color,
    h: float,
    spacing: float,
    x0: float = 0.0,
    x1: float | None = None,
) -> None:
    """Pine silhouettes along a ridge crest, the same colour as the ridge, so forests read from afar."""
    x = x0
    end = p.w if x1 is None else x1
    while x < end:
        th = h * rng.uniform(0.6, 1.2)
        y = crest_y(crest, x) + th * 0.12
        p.poly([(x, y - th), (x - th * 0.24, y), (x + th * 0.24, y)], color)
        x += spacing * rng.uniform(0.5, 1.2)


def green_belt(
    p: Pen, rng: random.Random, x0: float, x1: float, base: float, h: float, foliage: tuple[Color, Color]
) -> None:
    """A dense planted belt: overlapping two-tone canopies with trunks hidden, the way shelterbelts read."""
    x = x0
    while x < x1:
        r = h * rng.uniform(0.28, 0.42)
        cy = base - r * rng.uniform(0.9, 1.25)
        p.rect(x - h * 0.03, cy, x + h * 0.03, base, mix(foliage[1], NAVY, 0.45))
        p.circle(x, cy, r, foliage[0])
        p.pie(x, cy, r, -90, 90, foliage[1])
        x += r * rng.uniform(1.1, 1.5)


def river(
    p: Pen,
    st: Stage,
    x_far: float,
    x_near: float,
    w_far: float,
    w_near: float,
    bend: float,
    color: Color = WATER,
    top: float | None = None,
) -> None:
    """A river band narrowing towards the horizon (perspective), bending sideways by `bend`."""
    y0 = st.ground if top is None else top
    left, right = [], []
    for i in range(41):
        t = i / 40
        e = t * t
        cx = x_far + (x_near - x_far) * e + bend * math.sin(t * math.pi)
        half = (w_far + (w_near - w_far) * e) / 2
        y = y0 + (p.h - y0) * t
        left.append((cx - half, y))
        right.append((cx + half, y))
    pts = left + right[::-1]
    p.gradient_poly(pts, [mix(color, OFF_WHITE, 0.35), color, mix(color, BLUE, 0.25)])
    with p.veil(OFF_WHITE, 0.35) as v:
        for i in range(4, 40, 5):
            (lx, ly), (rx, _) = left[i], right[i]
            span = rx - lx
            v.line([(lx + span * 0.3, ly), (lx + span * 0.55, ly)], 255, max(1.0, span * 0.012))


def sapling(p: Pen, cx: float, base: float, h: float, leaf: Color, guard: Color | None) -> None:
    p.ellipse(cx, base, h * 0.3, h * 0.06, alpha(SOIL, 0.45))
    if guard is not None:
        with p.veil(guard, 0.4) as v:
            v.rect(cx - h * 0.2, base - h * 0.42, cx + h * 0.2, base, 255, radius=h * 0.04)
    p.line([(cx, base), (cx, base - h * 0.9)], mix(leaf, NAVY, 0.45), h * 0.04)
    for i, side in enumerate((-1, 1, -1, 1, 0)):
        y = base - h * (0.42 + 0.13 * i)
        size = h * (0.4 - 0.05 * i)
        angle = -35 * side if side else -90
        offset = side * size * 0.42
        p.poly(
            leaf_points(cx + offset, y - (size * 0.4 if not side else 0), size, angle),
            leaf if side <= 0 else mix(leaf, NAVY, 0.22),
        )
    if guard is not None:
        p.line([(cx - h * 0.2, base - h * 0.42), (cx + h * 0.2, base - h * 0.42)], alpha(guard, 0.8), h * 0.02, False)
