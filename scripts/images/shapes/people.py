"""Colours of the portraits: ((background top, background bottom), figure) for each person."""

from __future__ import annotations

from .palette import MINT

FOUNDER = (((226, 238, 244), (178, 204, 222)), (58, 82, 116))

# The testimonial avatars, person-1 to person-3.
PERSON_TINTS = (
    ((MINT,            (150, 214, 204)), (27, 120, 110)),
    (((206, 222, 240), (150, 178, 214)), (44, 74, 118)),
    (((252, 232, 196), (236, 196, 130)), (150, 100, 30)),
)

# The bust, on a 400-unit square: shoulders (two Bézier curves), then the formal collar, tie and lapels.
BUST_LEFT_SHOULDER  = ((34, 400), (38, 316), (86, 274), (164, 262))
BUST_RIGHT_SHOULDER = ((236, 262), (314, 274), (362, 316), (366, 400))
BUST_COLLAR       = ((166, 264), (234, 264), (200, 344))
BUST_TIE          = ((192, 276), (208, 276), (212, 334), (200, 350), (188, 334))
BUST_LEFT_LAPEL   = ((158, 264), (200, 346), (186, 400), (146, 294))
BUST_RIGHT_LAPEL  = ((242, 264), (200, 346), (214, 400), (254, 294))
