"""Forest clearance and its compliance, and the construction feasibility study."""

from __future__ import annotations

import math
import random

from ..canvas import Pen, alpha, mix
from ..kit.drafting import survey_flag, survey_staff, theodolite
from ..kit.landscape import backdrop, foreground, horizon_grove, ridge, sky
from ..kit.nature import green_belt, oval_tree, pine, round_tree, sapling, tree_line
from ..shapes.palette import GLASS, NAVY, OFF_WHITE, SAFFRON, SAND, SOIL, TEAL, WALL_SHADE
from ..stage import Mood, Stage


def scene_forest_road(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Forest clearance: a road winding through layered forest."""
    sky(p, st, mood, rng, (0.62, 0.55))
    u, g = st.u, st.ground
    c1 = ridge(p, rng, g - st.h * 0.06, st.h * 0.16, mood.ridges[0], waves=1.5)
    tree_line(p, rng, c1, mood.ridges[0], 16 * u, 9 * u)
    c2 = ridge(p, rng, g + st.h * 0.01, st.h * 0.09, mood.ridges[1], waves=2)
    tree_line(p, rng, c2, mood.ridges[1], 26 * u, 12 * u)
    p.gradient_rect(0, g, p.w, p.h, mood.ground)
    vx = st.at(0.32)

    def road_edges(y: float) -> tuple[float, float]:
        t = (y - g) / (p.h - g)
        cx = vx + (st.at(0.5) - vx) * t * t + 30 * u * math.sin(t * math.pi)
        half = 3 * u + 230 * u * t
        return cx - half, cx + half

    ys = [g + (p.h - g) * i / 30 for i in range(31)]
    left = [(road_edges(y)[0], y) for y in ys]
    right = [(road_edges(y)[1], y) for y in ys]
    p.gradient_poly(left + right[::-1], [(120, 130, 150), (84, 96, 118)])
    for i in range(1, 30, 2):
        (a, _), (b, _) = road_edges(ys[i]), road_edges(ys[i + 1])
        p.line(
            [((a + road_edges(ys[i])[1]) / 2, ys[i]), ((b + road_edges(ys[i + 1])[1]) / 2, ys[i + 1])],
            alpha(OFF_WHITE, 0.8),
            max(1.0, 1 + 5 * u * (ys[i] - g) / (p.h - g)),
            False,
        )
    trees = []
    for _ in range(140):
        y = g + (p.h - g) * rng.uniform(0.0, 1.0) ** 1.6
        a, b = road_edges(y)
        x = rng.uniform(-30, p.w + 30)
        margin = 10 * u + 20 * u * (y - g) / (p.h - g)
        if a - margin < x < b + margin:
            continue
        trees.append((y, x))
    light, dark = mood.foliage
    for y, x in sorted(trees):
        depth = (y - g) / (p.h - g)
        h = (40 + 220 * depth) * u
        shade = mix(light, mood.ridges[1], 0.5 * (1 - depth)), mix(dark, mood.ridges[1], 0.5 * (1 - depth))
        pine(p, x, y + h * 0.06, h, *shade)
    survey_flag(p, road_edges(g + (p.h - g) * 0.45)[1] + 16 * u, g + (p.h - g) * 0.45, 50 * u)


def scene_afforestation(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Forest clearance compliance: compensatory plantation — rows of saplings, one plot shown growing up."""
    sky(p, st, mood, rng, (0.7, 0.5))
    u, g = st.u, st.ground
    c1 = ridge(p, rng, g - st.h * 0.05, st.h * 0.14, mood.ridges[0], waves=1.5)
    tree_line(p, rng, c1, mood.ridges[0], 14 * u, 10 * u)
    c2 = ridge(p, rng, g + 2, st.h * 0.07, mood.ridges[1], waves=2.2)
    tree_line(p, rng, c2, mood.ridges[1], 30 * u, 12 * u)
    green_belt(p, rng, -20, p.w + 20, g + 4, 46 * u, (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.15)))
    p.gradient_rect(0, g + 2, p.w, p.h, [mix(mood.ground[0], SAND, 0.25), mix(mood.ground[1], SOIL, 0.2)])
    for t, size in ((0.12, 30), (0.32, 44)):
        y = g + (p.h - g) * t
        p.line([(0, y + 2), (p.w, y + 2)], alpha(SOIL, 0.3), size * u * 0.14, False)
        x = (rng.uniform(0, 1) - 1) * size * u * 2
        while x < p.w + size * u * 2:
            sapling(p, x, y, size * u, mix(mood.foliage[0], OFF_WHITE, 0.1), None)
            x += size * u * 2
    base = g + (p.h - g) * 0.72
    p.ellipse(st.at(0.5), base + 4 * u, 320 * u, 22 * u, alpha(SOIL, 0.35))
    guard = mix(SOIL, OFF_WHITE, 0.4)
    for t, h, kind in ((0.12, 100, "sapling"), (0.4, 160, "young"), (0.7, 220, "tree")):
        x = st.at(t)
        p.ellipse(x, base, h * u * 0.34, h * u * 0.05, mix(SOIL, NAVY, 0.15))
        if kind == "sapling":
            p.line([(x + 14 * u, base), (x + 14 * u, base - 60 * u)], guard, 3 * u)
            sapling(p, x, base, h * u, mood.foliage[0], None)
        elif kind == "young":
            oval_tree(p, x, base, h * u, *mood.foliage)
        else:
            round_tree(p, x, base, h * u, *mood.foliage)
    for a, b in ((0.19, 0.31), (0.47, 0.58)):
        p.line([(st.at(a), base - 60 * u), (st.at(b), base - 60 * u)], alpha(OFF_WHITE, 0.7), 3 * u)
        tip = st.at(b)
        p.poly(
            [(tip + 8 * u, base - 60 * u), (tip - 4 * u, base - 68 * u), (tip - 4 * u, base - 52 * u)],
            alpha(OFF_WHITE, 0.7),
        )
    board_x = st.at(0.92)
    for dx in (-34, 34):
        p.rect(board_x + dx * u - 2 * u, base - 120 * u, board_x + dx * u + 2 * u, base, SOIL)
    p.rect(board_x - 48 * u, base - 150 * u, board_x + 48 * u, base - 96 * u, OFF_WHITE, radius=3 * u)
    p.rect(board_x - 48 * u, base - 150 * u, board_x + 48 * u, base - 138 * u, (46, 140, 90), radius=3 * u)
    for k in range(3):
        y = base - 130 * u + k * 10 * u
        p.rect(board_x - 38 * u, y, board_x + (30 - 14 * k) * u, y + 4 * u, WALL_SHADE, radius=2 * u)


def scene_site_survey(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Feasibility study: a plot pegged out, a theodolite and staff, the future building in outline."""
    backdrop(p, st, mood, rng, hill_height=0.8)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng, 12)
    plot = [(st.at(0.08), g + 14 * u), (st.at(0.82), g + 14 * u), (st.at(0.98), g + 80 * u), (st.at(0.0), g + 80 * u)]
    p.poly(plot, alpha(SAND, 0.35))
    for a, b in zip(plot, plot[1:] + plot[:1], strict=True):
        p.dashed(a, b, alpha(OFF_WHITE, 0.85), 1.8 * u, 10 * u, 7 * u)
    for x, y in plot:
        survey_flag(p, x, y, 36 * u)
    ghost = alpha(OFF_WHITE, 0.75)
    bx0, bx1, by = st.at(0.3), st.at(0.62), g + 44 * u
    bh = 190 * u
    p.rect(bx0, by - bh, bx1, by, alpha(OFF_WHITE, 0.1))
    for a, b in (
        ((bx0, by), (bx0, by - bh)),
        ((bx1, by), (bx1, by - bh)),
        ((bx0, by - bh), (bx1, by - bh)),
        ((bx1, by - bh), (bx1 + 40 * u, by - bh - 24 * u)),
        ((bx0, by - bh), (bx0 + 40 * u, by - bh - 24 * u)),
        ((bx0 + 40 * u, by - bh - 24 * u), (bx1 + 40 * u, by - bh - 24 * u)),
        ((bx1 + 40 * u, by - bh - 24 * u), (bx1 + 40 * u, by - 24 * u)),
        ((bx1, by), (bx1 + 40 * u, by - 24 * u)),
    ):
        p.dashed(a, b, ghost, 1.6 * u, 9 * u, 6 * u)
    for k in range(1, 5):
        y = by - bh * k / 5
        p.dashed((bx0, y), (bx1, y), alpha(OFF_WHITE, 0.35), 1.2 * u, 6 * u, 6 * u)
    site_cabin(p, st.at(0.78), g + 10 * u, u)
    survey_staff(p, st.at(0.7), g + 60 * u, 110 * u)
    theodolite(p, st.at(0.16), g + 130 * u, 190 * u)
    p.dashed(
        (st.at(0.16) + 26 * u, g + 130 * u - 160 * u),
        (st.at(0.7), g + 60 * u - 70 * u),
        alpha(SAFFRON, 0.8),
        1.5 * u,
        8 * u,
        6 * u,
    )
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def site_cabin(p: Pen, x: float, base: float, s: float) -> None:
    p.rect(x, base - 44 * s, x + 100 * s, base, OFF_WHITE, radius=2 * s)
    for k in range(1, 10):
        p.line([(x + k * 10 * s, base - 42 * s), (x + k * 10 * s, base - 2 * s)], alpha(WALL_SHADE, 0.8), 1 * s, False)
    p.rect(x + 12 * s, base - 32 * s, x + 36 * s, base - 16 * s, GLASS)
    p.rect(x + 64 * s, base - 36 * s, x + 84 * s, base, TEAL)
