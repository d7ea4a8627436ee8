"""The firm's emblem: the SVG logo, its raster copy and the favicon."""

from __future__ import annotations

from PIL import Image

from .canvas import Pen
from .geometry import Outline, Point, bezier
from .shapes.emblem import EMBLEM_CHECK, EMBLEM_INNER, EMBLEM_OUTER
from .shapes.palette import NAVY, OFF_WHITE, TEAL


def emblem_path(outline: Outline) -> str:
    x, y = outline[0]
    parts = [f"M{x:g} {y:g}"]
    for seg in outline[1:]:
        if isinstance(seg[0], tuple):
            parts.append("C" + " ".join(f"{a:g} {b:g}" for a, b in seg))
        else:
            parts.append(f"L{seg[0]:g} {seg[1]:g}")
    return "".join(parts) + "Z"


def emblem_polygon(outline: Outline, scale: float, dx: float = 0.0, dy: float = 0.0) -> list[Point]:
    pts: list[Point] = []
    for seg in outline:
        if isinstance(seg[0], tuple):
            pts += bezier(pts[-1], *seg)[1:]
        else:
            pts.append(seg)
    return [(dx + x * scale, dy + y * scale) for x, y in pts]


def render_logo_svg() -> str:
    check = " ".join(f"{x:g},{y:g}" for x, y in EMBLEM_CHECK)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img">\n'
        "  <title>Firm emblem</title>\n"
        f'  <path d="{emblem_path(EMBLEM_OUTER)}" fill="#0B2545"/>\n'
        f'  <path d="{emblem_path(EMBLEM_INNER)}" fill="#1B998B"/>\n'
        f'  <polyline points="{check}" fill="none" stroke="#F7F9FC" stroke-width="4.2" '
        'stroke-linecap="round" stroke-linejoin="round"/>\n'
        "</svg>\n"
    )


def draw_emblem(p: Pen, size: float, dx: float = 0.0, dy: float = 0.0) -> None:
    k = size / 48
    p.poly(emblem_polygon(EMBLEM_OUTER, k, dx, dy), NAVY)
    p.poly(emblem_polygon(EMBLEM_INNER, k, dx, dy), TEAL)
    p.line([(dx + x * k, dy + y * k) for x, y in EMBLEM_CHECK], OFF_WHITE, 4.2 * k)


def render_emblem(size: int) -> Image.Image:
    p = Pen(size, size, background=None, ss=4 if size < 128 else 2)
    draw_emblem(p, size)
    return p.finish()
