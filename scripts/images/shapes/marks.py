"""Outlines of the client marks, in mark sizes from the mark's centre: x to the right, y down."""

from __future__ import annotations

MARK_BOLT = ((0.06, -0.36), (-0.2, 0.06), (-0.01, 0.06), (-0.08, 0.36), (0.2, -0.08), (0.01, -0.08))
MARK_PEAK_BACK  = ((-0.5, 0.36), (-0.12, -0.3), (0.26, 0.36))
MARK_PEAK_FRONT = ((-0.06, 0.36), (0.2, -0.06), (0.5, 0.36))
MARK_HOUSE = ((-0.45, 0), (0, -0.45), (0.45, 0), (0.36, 0), (0.36, 0.45), (-0.36, 0.45), (-0.36, 0))
# One ingot, from the middle of its foot.
MARK_INGOT = ((-0.25, 0), (0.25, 0), (0.18, -0.3), (-0.18, -0.3))
