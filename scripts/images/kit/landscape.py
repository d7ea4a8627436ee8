"""Sky, hills, ground and the recurring scene blocks (paved yard, near bank with trees, pylons)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from ..canvas import Pen, alpha, mix
from ..geometry import Point, crest_y
from ..shapes.palette import NAVY, OFF_WHITE, Color
from ..stage import Mood, Stage
from .industrial import pylon, wire
from .nature import TREE_KINDS, grove


def ridge(p: Pen, rng: random.Random, base: float, amp: float, color: Color, waves: float = 2.5) -> list[Point]:
    """A smooth hill silhouette whose tops reach `base - amp`; returns the crest points."""
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    freqs = [waves * rng.uniform(0.8, 1.2), waves * rng.uniform(2.0, 2.6), waves * rng.uniform(4.5, 5.5)]
    weights = (1.0, 0.4, 0.12)
    crest = []
    for i in range(121):
        x = p.w * i / 120
        v = sum(wt * math.sin(x / p.w * math.tau * f + ph) for f, ph, wt in zip(freqs, phases, weights, strict=True))
        crest.append((x, base - amp * (0.5 + 0.5 * v / sum(weights))))
    p.poly([*crest, (p.w, p.h), (0, p.h)], color)
    return crest


def cloud(p: Pen, cx: float, cy: float, w: float) -> None:
    h = w * 0.22
    p.rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, 255, radius=h / 2)
    p.circle(cx - w * 0.14, cy - h * 0.45, h * 0.72, 255)
    p.circle(cx + w * 0.12, cy - h * 0.35, h * 0.55, 255)


def sky(p: Pen, st: Stage, mood: Mood, rng: random.Random, sun_at: Point = (0.74, 0.6), clouds: int = 3) -> None:
    p.gradient_rect(0, 0, p.w, st.ground + 2, mood.sky)
    sx, sy = p.w * sun_at[0], st.ground * sun_at[1]
    p.glow(sx, sy, st.h * 0.6, mood.sun, mood.sun_strength)
    p.circle(sx, sy, st.h * 0.045, alpha(mood.sun, 0.9))
    with p.veil(OFF_WHITE, 0.14) as v:
        for _ in range(clouds):
            cloud(v, rng.uniform(0.35, 0.98) * p.w, rng.uniform(0.1, 0.4) * st.ground, rng.uniform(0.1, 0.2) * p.w)


def backdrop(
    p: Pen, st: Stage, mood: Mood, rng: random.Random, sun_at: Point = (0.74, 0.6), hill_height: float = 1.0
) -> list[Point]:
    """Sky, sun, two ridges and the ground plane; returns the crest of the nearer ridge."""
    sky(p, st, mood, rng, sun_at)
    ridge(p, rng, st.ground - st.h * 0.04, st.h * 0.16 * hill_height, mood.ridges[0], waves=1.6)
    crest = ridge(p, rng, st.ground + st.h * 0.01, st.h * 0.09 * hill_height, mood.ridges[1], waves=2.4)
    p.gradient_rect(0, st.ground, p.w, p.h, mood.ground)
    return crest


def yard(p: Pen, st: Stage, mood: Mood, x0: float, x1: float, depth: float = 0.05) -> None:
    """A paved apron under the subject so buildings stand on something."""
    g, d = st.ground, st.h * depth
    p.poly([(x0, g - 1), (x1, g - 1), (x1 + d, g + d), (x0 - d, g + d)], mix(mood.ground[0], OFF_WHITE, 0.16))
    p.line([(x0 - d, g + d), (x1 + d, g + d)], alpha(OFF_WHITE, 0.18), 1.5, False)


def foreground(
    p: Pen, st: Stage, mood: Mood, rng: random.Random, trees: int = 6, keep_clear: tuple[float, float] | None = None
) -> None:
    """A low near bank across the bottom with trees, leaving `keep_clear` (x range) free of tall trees."""
    near = mix(mood.ridges[2], mood.ground[1], 0.5)
    crest = ridge(p, rng, st.h * 1.0, st.h * 0.07, near, waves=1.3)
    lo, hi = keep_clear or (st.x0 + (st.x1 - st.x0) * 0.1, st.x1 - (st.x1 - st.x0) * 0.1)
    placed = 0
    for _ in range(trees * 6):
        if placed >= trees:
            break
        x = rng.uniform(-20, p.w + 20)
        if lo < x < hi:
            continue
        h = st.h * rng.uniform(0.14, 0.24)
        rng.choice(TREE_KINDS)(p, x, crest_y(crest, x) + h * 0.05, h, *mood.foliage)
        placed += 1


def horizon_grove(p: Pen, st: Stage, mood: Mood, rng: random.Random, count: int = 14, scale: float = 1.0) -> None:
    grove(
        p,
        rng,
        -20,
        p.w + 20,
        st.ground + 2,
        38 * st.u * scale,
        (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.2)),
        count,
        depth=6 * st.u,
    )


def pylons_line(p: Pen, st: Stage, color: Color, xs: Sequence[float], h: float) -> None:
    tips = [pylon(p, x, st.ground + 2, h, color, st.u * 0.8) for x in xs]
    for a, b in itertools.pairwise(tips):
        for ta, tb in zip(a, b, strict=True):
            wire(p, ta, tb, alpha(color, 0.8), st.u)
