"""The firm's emblem on its 48-unit grid: a shield, an inner shield and a check mark.

One outline drives both the hand-written SVG and the raster versions, so they never drift apart. A point
is a line-to; three points are a cubic Bézier segment (two control points and its end).
"""

from __future__ import annotations

EMBLEM_OUTER = (
    (24, 3),
    (41, 8.5),
    (41, 22),
    ((41, 33.5), (33.5, 41.5), (24, 45.5)),
    ((14.5, 41.5), (7, 33.5), (7, 22)),
    (7, 8.5),
)
EMBLEM_INNER = (
    (24, 8.2),
    (36.6, 12.2),
    (36.6, 22.4),
    ((36.6, 30.6), (31.4, 36.6), (24, 40.2)),
    ((16.6, 36.6), (11.4, 30.6), (11.4, 22.4)),
    (11.4, 12.2),
)
EMBLEM_CHECK = ((16.8, 24.2), (22, 29.4), (31.6, 18.6))
