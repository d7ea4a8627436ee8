"""Outlines of equipment and objects, in the object's own units: x to the right, y down."""

from __future__ import annotations

# Laptop base, in laptop widths from the middle of its front edge.
LAPTOP_BASE = ((-0.58, 0), (-0.5, -0.05), (0.5, -0.05), (0.58, 0))

# One ingot, from the middle of its foot: x in stack widths, y in ingot heights.
INGOT_FRONT = ((-0.16, 0), (0.16, 0), (0.13, -0.72), (-0.13, -0.72))
INGOT_TOP   = ((-0.13, -0.72), (0.13, -0.72), (0.11, -1), (-0.11, -1))
INGOT_END   = ((0.13, -0.72), (0.16, 0), (0.16, -0.15))

# Ladle, in units of `s` from its centre, before it is tilted.
LADLE_BODY = ((-50, -45), (50, -45), (38, 45), (-38, 45))
LADLE_RIM  = ((-54, -52), (54, -52), (54, -42), (-54, -42))

# Sack, from the middle of its foot: x in sack widths, y in sack heights. The sides are Bézier curves.
SACK_RIGHT_SIDE = ((0.42, -0.86), (0.58, -0.5), (0.56, 0), (0.3, 0))
SACK_LEFT_SIDE  = ((-0.3, 0), (-0.56, 0), (-0.58, -0.5), (-0.42, -0.86))
SACK_NECK       = ((-0.42, -0.86), (-0.3, -1), (0.3, -1), (0.42, -0.86))

# Fire extinguisher's lever and hose: x in body widths, y in heights, from the middle of its foot.
EXTINGUISHER_LEVER = ((-0.1, -0.92), (0.7, -1.0), (0.72, -0.95), (0.05, -0.88))
EXTINGUISHER_HOSE  = ((-0.1, -0.88), (-0.75, -0.75), (-0.8, -0.35))
