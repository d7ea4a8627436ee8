"""The contact page's map: a stylised street grid (not a real place) with a pin."""

from __future__ import annotations

from PIL import Image

from .canvas import Pen
from .geometry import Point, catmull_rom, rotated
from .kit.drafting import map_pin
from .shapes.palette import NAVY, OFF_WHITE, TEAL
from .stage import seeded


def render_map(w: int = 800, h: int = 450) -> Image.Image:
    """A stylised street map (not a real place): blocks, parks, a river, roads and a pin in the middle."""
    rng = seeded("contact/map")
    p = Pen(w, h, background=(234, 238, 234))
    grid, angle = 58, -12
    cx, cy = w / 2, h / 2
    for gx in range(-8, 9):
        for gy in range(-6, 7):
            x, y = cx + gx * grid, cy + gy * grid
            color = (204, 230, 204) if rng.random() < 0.12 else (224, 229, 226)
            block = [(x + 6, y + 6), (x + grid - 6, y + 6), (x + grid - 6, y + grid - 6), (x + 6, y + grid - 6)]
            p.poly(rotated(block, cx, cy, angle), color)
    streets = []
    for k in range(-8, 9):
        streets.append(rotated([(cx + k * grid, -h), (cx + k * grid, 2 * h)], cx, cy, angle))
        streets.append(rotated([(-w, cy + k * grid), (2 * w, cy + k * grid)], cx, cy, angle))
    for street in streets:
        p.line(street, (206, 211, 218), 9, False)
    for street in streets:
        p.line(street, OFF_WHITE, 6, False)
    bends = [
        (-200, h * 0.1),
        (-40, h * 0.18),
        (w * 0.2, h * 0.3),
        (w * 0.38, h * 0.22),
        (w * 0.6, h * 0.46),
        (w * 0.82, h * 0.64),
        (w + 40, h * 0.6),
        (w + 200, h * 0.62),
    ]
    river_line: list[Point] = []
    for a, b, c, d in zip(bends, bends[1:], bends[2:], bends[3:], strict=False):
        river_line += catmull_rom(a, b, c, d)
    p.line(river_line, (150, 196, 220), 58, False)
    p.line(river_line, (176, 214, 232), 50, False)
    arterials = (
        [(-20, h * 0.86), (w * 0.3, h * 0.62), (w * 0.55, h * 0.5), (w * 0.8, h * 0.32), (w + 20, h * 0.12)],
        [(w * 0.62, -20), (w * 0.5, h * 0.5), (w * 0.44, h + 20)],
    )
    for path in arterials:
        p.line(path, (226, 178, 90), 14, False)
        p.line(path, (252, 216, 146), 10, False)
    for k in range(3):
        x0 = w * 0.08 + k * w * 0.32
        p.dashed((x0, h * 0.98), (x0 + w * 0.3, h * 0.86), (120, 130, 146), 2, 8, 6)
    with p.veil(TEAL, 0.16) as v:
        v.circle(cx, cy - 10, 46, 255)
    map_pin(p, cx, cy + 16, 18, TEAL)
    p.circle(cx, cy + 16 - 18 * 2.1, 7, NAVY)
    return p.finish()
