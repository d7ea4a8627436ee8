"""Environmental clearance, consents and their compliance, and the EIA."""

from __future__ import annotations

import math
import random

from ..canvas import Pen, alpha, mix
from ..geometry import arc_angles
from ..kit.buildings import factory_hall
from ..kit.documents import data_card
from ..kit.drafting import map_pin, survey_flag
from ..kit.industrial import chimney, cooling_tower, plume, solar_array, storage_tank, tower_crane
from ..kit.landscape import backdrop, foreground, horizon_grove, yard
from ..kit.monitoring import monitoring_station, signal_arcs
from ..kit.nature import green_belt, grove, oval_tree, river, round_tree
from ..kit.vehicles import excavator, truck
from ..shapes.palette import BLUE, NAVY, OFF_WHITE, RED, SAFFRON, SAND, SLATE, STEEL, STEEL_SHADE, TEAL, WALL
from ..stage import Mood, Stage


def scene_clean_plant(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Running plant with one tall clean stack and a cooling tower, green belt in front."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    cooling_tower(p, st.at(0.78), g, 120 * u, 150 * u, rng, u)
    stack = min(300 * u, g - 90)
    chimney(p, st.at(0.5), g, stack, u, wb=30, wt=18)
    plume(p, st.at(0.5), g - stack - 6 * u, u, rng, OFF_WHITE, 0.3, length=110, puffs=7)
    factory_hall(p, st.at(0.06), g, 230 * u, 110 * u, u, teeth=3)
    storage_tank(p, st.at(0.95), g, 76 * u, 92 * u, u)
    green_belt(p, rng, st.at(-0.04), st.at(1.04), g + 22 * u, 60 * u, mood.foliage)
    foreground(p, st, mood, rng, keep_clear=(st.at(0.0), st.at(1.0)))


def scene_green_factory(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Environmental clearance: a compact factory inside a thick green belt, hills and a stream."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    river(p, st, st.at(-0.2), st.at(-0.45), 20 * u, 260 * u, -80 * u)
    green_belt(p, rng, -20, p.w + 20, g + 4, 44 * u, (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.15)))
    yard(p, st, mood, st.at(0.1), st.at(0.9))
    chimney(p, st.at(0.6), g, 220 * u, u, wb=22, wt=14)
    plume(p, st.at(0.6), g - 226 * u, u, rng, OFF_WHITE, 0.25, length=90, puffs=6)
    factory_hall(p, st.at(0.14), g, 230 * u, 108 * u, u, teeth=3)
    storage_tank(p, st.at(0.74), g, 76 * u, 84 * u, u)
    solar_array(p, st.at(0.82), g + 4 * u, 120 * u, u)
    green_belt(p, rng, st.at(-0.06), st.at(1.06), g + 34 * u, 70 * u, mood.foliage)
    foreground(p, st, mood, rng, trees=6, keep_clear=(st.at(0.05), st.at(0.95)))


def scene_construction(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Consent to establish: a plant going up — steel frame, crane, half-built tank, excavator."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.08)
    tower_crane(p, st.at(0.06), g, 330 * u, u, jib=230, back=60, hook=0.4)
    steel_frame(p, st.at(0.18), g, 220 * u, 150 * u, u)
    storage_tank(p, st.at(0.78), g, 120 * u, 60 * u, u, band=STEEL)
    for k in range(5):
        x = st.at(0.78) - 64 * u + k * 32 * u
        p.line([(x, g), (x, g - 96 * u)], alpha(SAFFRON, 0.9), 2 * u, False)
    for y in (g - 32 * u, g - 64 * u, g - 96 * u):
        p.line([(st.at(0.78) - 66 * u, y), (st.at(0.78) + 66 * u, y)], alpha(SAFFRON, 0.9), 2 * u, False)
    p.poly([(st.at(0.55), g + 4 * u), (st.at(0.6), g - 28 * u), (st.at(0.68), g + 4 * u)], SAND)
    excavator(p, st.at(0.45), g + 40 * u, u)
    truck(p, st.at(0.72), g + 50 * u, u * 0.85, load="tipper", color=SAFFRON, cab=SLATE)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def steel_frame(p: Pen, x: float, base: float, w: float, h: float, s: float) -> None:
    """Portal-frame shed under construction: columns, rafters and purlins, part clad."""
    color = mix(BLUE, STEEL_SHADE, 0.3)
    bays = 5
    for b in range(bays + 1):
        cx = x + w * b / bays
        p.rect(cx - 3 * s, base - h, cx + 3 * s, base, color)
    p.line([(x - 4 * s, base - h), (x + w / 2, base - h - 40 * s), (x + w + 4 * s, base - h)], color, 6 * s)
    for k in range(1, 5):
        t = k / 5
        p.line(
            [(x + w / 2 * t, base - h - 40 * s * t), (x + w - w / 2 * t, base - h - 40 * s * t)],
            alpha(color, 0.6),
            1.5 * s,
            False,
        )
    p.rect(x, base - h * 0.55, x + w * 0.4, base, WALL)
    p.rect(x, base - h * 0.55, x + w * 0.4, base - h * 0.5, TEAL)
    for k in range(1, 4):
        y = base - h * k / 4
        p.line([(x + w * 0.4, y), (x + w, y)], alpha(color, 0.5), 1.5 * s, False)


def scene_air_monitoring(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Environmental clearance compliance: ambient air monitoring station near the plant, live data."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    factory_hall(p, st.at(0.5), g - 6 * u, 220 * u, 90 * u, u, teeth=3)
    chimney(p, st.at(0.84), g - 6 * u, 200 * u, u, wb=20, wt=13)
    yard(p, st, mood, st.at(0.0), st.at(0.5))
    monitoring_station(p, st.at(0.06), g + 20 * u, u * 1.2)
    data_card(p, st.at(0.42), st.h * 0.1, 170 * u, 110 * u, rng, kind="bars")
    grove(
        p,
        rng,
        st.at(0.4),
        st.at(1.05),
        g + 30 * u,
        70 * u,
        mood.foliage,
        6,
        kinds=(round_tree, oval_tree),
        depth=20 * u,
    )
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_stack_monitoring(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Consent to operate compliance: a stack with sampling platform and CEMS shelter feeding a dashboard."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    factory_hall(p, st.at(0.36), g, 240 * u, 110 * u, u, teeth=3)
    sx = st.at(0.2)
    h = min(300 * u, g - 100)
    chimney(p, sx, g, h, u, wb=36, wt=22)
    plume(p, sx, g - h - 6 * u, u, rng, OFF_WHITE, 0.3, length=110, puffs=7)
    py = g - h * 0.62
    p.rect(sx - 30 * u, py, sx + 30 * u, py + 4 * u, SLATE)
    for k in range(7):
        x = sx - 30 * u + k * 10 * u
        p.line([(x, py), (x, py - 14 * u)], SLATE, 1.2 * u, False)
    p.line([(sx - 30 * u, py - 14 * u), (sx + 30 * u, py - 14 * u)], SLATE, 1.5 * u, False)
    p.rect(sx + 14 * u, py - 10 * u, sx + 24 * u, py, SAFFRON)
    p.line([(sx + 19 * u, py + 4 * u), (sx + 19 * u, g - 50 * u), (sx + 40 * u, g - 50 * u)], SAFFRON, 2 * u)
    p.rect(sx + 34 * u, g - 60 * u, sx + 84 * u, g, WALL, radius=2 * u)
    p.rect(sx + 34 * u, g - 60 * u, sx + 84 * u, g - 54 * u, TEAL, radius=2 * u)
    p.rect(sx + 46 * u, g - 44 * u, sx + 72 * u, g - 28 * u, NAVY, radius=2 * u)
    signal_arcs(p, sx + 59 * u, g - 64 * u, 36 * u, start=-120, sweep=60)
    data_card(p, st.at(0.6), st.h * 0.1, 180 * u, 118 * u, rng)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))


def scene_eia(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """EIA: a landscape read as a study area — dashed study radius, sampling pins, flags and a weather mast."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    river(p, st, st.at(0.22), st.at(-0.1), 14 * u, 260 * u, 80 * u)
    horizon_grove(p, st, mood, rng, 16)
    cx, cy = st.at(0.56), g + 40 * u
    with p.veil(SAFFRON, 0.14) as v:
        v.ellipse(cx, cy, 250 * u, 58 * u, 255)
    ring = [(cx + 250 * u * math.cos(a), cy + 58 * u * math.sin(a)) for a in arc_angles(0, 360, 72)]
    for i in range(0, len(ring) - 1, 2):
        p.line([ring[i], ring[i + 1]], alpha(SAFFRON, 0.9), 2.2 * u, False)
    factory_hall(p, cx - 90 * u, g + 30 * u, 150 * u, 70 * u, u, teeth=2)
    chimney(p, cx + 80 * u, g + 30 * u, 160 * u, u, wb=16, wt=10)
    for t, dy, color in ((0.1, 50, TEAL), (0.38, 86, SAFFRON), (0.82, 76, BLUE), (0.26, 12, RED)):
        map_pin(p, st.at(t), g + dy * u, 15 * u, color)
    for t, dy in ((0.68, 104), (0.97, 30)):
        survey_flag(p, st.at(t), g + dy * u, 46 * u, TEAL)
    monitoring_mast(p, st.at(0.94), g + 120 * u, 190 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.1), st.at(1.05)))


def monitoring_mast(p: Pen, x: float, base: float, h: float) -> None:
    for side in (-1, 1):
        p.line([(x, base - h * 0.6), (x + side * h * 0.18, base)], alpha(SLATE, 0.7), h * 0.008, False)
    p.line([(x, base), (x, base - h)], SLATE, h * 0.02, False)
    p.line([(x - h * 0.12, base - h), (x + h * 0.12, base - h)], SLATE, h * 0.014, False)
    for side in (-1, 1):
        p.pie(x + side * h * 0.12, base - h, h * 0.035, 180, 360, SLATE)
    p.poly(
        [(x, base - h * 0.86), (x + h * 0.16, base - h * 0.86), (x + h * 0.2, base - h * 0.82), (x, base - h * 0.82)],
        SAFFRON,
    )
    p.rect(x - h * 0.07, base - h * 0.5, x + h * 0.07, base - h * 0.34, OFF_WHITE, radius=h * 0.015)
    for k in range(3):
        y = base - h * (0.47 - k * 0.035)
        p.line([(x - h * 0.05, y), (x + h * 0.05, y)], alpha(SLATE, 0.5), h * 0.008, False)
