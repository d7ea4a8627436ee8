"""The gallery: nine scenes drawn full width, two of them only here (steel plant, waste room)."""

from __future__ import annotations

import random

from .canvas import Pen, alpha, mix
from .geometry import leaf_points, rotated
from .kit.buildings import factory_hall
from .kit.industrial import blast_furnace, chimney, conveyor, plume
from .kit.landscape import backdrop, foreground, pylons_line, yard
from .kit.safety import waste_bin
from .kit.vehicles import truck
from .services.approvals import scene_airport
from .services.environment import scene_eia
from .services.fire_health import scene_fire_noc
from .services.land import scene_forest_road
from .services.tanks import scene_tank_farm
from .services.water import scene_barrage, scene_groundwater_monitoring
from .shapes.moods import DAY, DUSK
from .shapes.palette import (
    BLUE,
    BMW_BINS,
    GLASS_LIT,
    MINT,
    NAVY,
    OFF_WHITE,
    RED,
    SAFFRON,
    SLATE,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
)
from .stage import Mood, Scene, Stage


def scene_steel_plant(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Gallery: an integrated steel plant at dusk — blast furnace, stoves, conveyor and stacks."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    pylons_line(p, st, mix(mood.ridges[1], NAVY, 0.2), [st.w * 0.02, st.w * 0.16], 100 * u)
    yard(p, st, mood, st.at(-0.05), st.at(1.05))
    for t, h in ((0.62, 300), (0.7, 260)):
        chimney(p, st.at(t), g, h * u, u)
        plume(p, st.at(t), g - (h + 6) * u, u, rng, mix(mood.haze, OFF_WHITE, 0.4), 0.4, length=130)
    factory_hall(p, st.at(0.6), g, 260 * u, 120 * u, u, teeth=4)
    conveyor(p, (st.at(-0.05), g - 20 * u), (st.at(0.25), g - 250 * u), u)
    blast_furnace(p, st.at(0.28), g, 300 * u, u, rng)
    truck(p, st.at(0.7), g + 40 * u, u, load="box", color=WALL, cab=BLUE)
    foreground(p, st, mood, rng, trees=5, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_waste_room(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Gallery: a hospital's bio-medical waste store, bins segregated by colour (an interior)."""
    u = min(st.u, st.h / 600)
    floor = p.h * 0.72
    p.gradient_rect(0, 0, p.w, floor, [mix(MINT, OFF_WHITE, 0.4), MINT])
    tile = 48 * u
    for x in range(0, p.w, max(4, int(tile))):
        p.line([(x, 0), (x, floor)], alpha(TEAL, 0.08), 1.2, False)
    for y in range(0, int(floor), max(4, int(tile))):
        p.line([(0, y), (p.w, y)], alpha(TEAL, 0.08), 1.2, False)
    p.gradient_rect(0, floor, p.w, p.h, [(200, 214, 226), (170, 188, 206)])
    p.rect(0, floor - 12 * u, p.w, floor, mix(TEAL, NAVY, 0.2))
    for k in range(1, 8):
        x = p.w * k / 8
        p.line([(x, floor), (p.w / 2 + (x - p.w / 2) * 2.2, p.h)], alpha(OFF_WHITE, 0.35), 1.5, False)
    door_x = st.at(0.02)
    p.rect(door_x, floor - 330 * u, door_x + 170 * u, floor, mix(WALL_SHADE, BLUE, 0.15))
    p.rect(door_x + 10 * u, floor - 320 * u, door_x + 160 * u, floor, WALL)
    p.rect(door_x + 40 * u, floor - 290 * u, door_x + 130 * u, floor - 210 * u, GLASS_LIT)
    p.rect(door_x + 130 * u, floor - 170 * u, door_x + 150 * u, floor - 160 * u, SLATE, radius=3 * u)
    fan_x, fan_y = st.at(0.9), floor - 340 * u
    p.circle(fan_x, fan_y, 44 * u, WALL_SHADE)
    p.circle(fan_x, fan_y, 38 * u, SLATE)
    for k in range(4):
        p.poly(rotated(leaf_points(fan_x + 18 * u, fan_y, 36 * u, 0), fan_x, fan_y, k * 90 + 20), STEEL_SHADE)
    p.circle(fan_x, fan_y, 6 * u, WALL)
    bx, by = st.at(0.36), floor - 370 * u
    p.rect(bx, by, bx + 220 * u, by + 140 * u, OFF_WHITE, radius=6 * u)
    for k, color in enumerate(BMW_BINS):
        y = by + 22 * u + k * 28 * u
        p.rect(bx + 20 * u, y, bx + 48 * u, y + 18 * u, color if color != BMW_BINS[3] else WALL_SHADE, radius=3 * u)
        p.rect(bx + 62 * u, y + 5 * u, bx + 190 * u - k * 18 * u, y + 12 * u, WALL_SHADE, radius=3 * u)
    p.rect(st.at(0.72), floor - 190 * u, st.at(0.98), floor - 180 * u, STEEL_SHADE)
    for k, color in enumerate((SAFFRON, RED)):
        x = st.at(0.76) + k * 70 * u
        p.rect(x, floor - 236 * u, x + 44 * u, floor - 190 * u, color, radius=4 * u)
        p.rect(x + 10 * u, floor - 244 * u, x + 34 * u, floor - 236 * u, mix(color, NAVY, 0.3), radius=2 * u)
    for k, color in enumerate(BMW_BINS):
        waste_bin(p, st.at(0.3) + k * 150 * u, floor + 60 * u, 110 * u, 170 * u, color)
    with p.veil(NAVY, 0.08) as v:
        v.rect(0, 0, p.w, 24 * u, 255)


GALLERY: tuple[tuple[Scene, Mood], ...] = (
    (scene_tank_farm, DAY),
    (scene_waste_room, DAY),
    (scene_forest_road, DAY),
    (scene_steel_plant, DUSK),
    (scene_fire_noc, DAY),
    (scene_groundwater_monitoring, DAY),
    (scene_airport, DAY),
    (scene_barrage, DAY),
    (scene_eia, DAY),
)
