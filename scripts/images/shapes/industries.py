"""The industry cards' colours: each card's tile tint, and the metals of the three metal cards."""

from __future__ import annotations

from .palette import COPPER, NAVY, Color

TINTS: dict[str, Color] = {
    "port":              (28, 72, 126),
    "transport":         (64, 82, 110),
    "energy-power":      (18, 112, 106),
    "mining":            (112, 88, 66),
    "copper":            (132, 70, 44),
    "steel":             (46, 64, 88),
    "aluminum":          (120, 140, 164),
    "hospital":          (22, 124, 116),
    "diagnostic-centre": (34, 92, 140),
    "pharma":            (70, 78, 140),
    "real-estate":       (20, 58, 104),
    "construction":      (176, 112, 16),
    "telecom":           (30, 60, 112),
    "it":                NAVY,
    "fertilizer":        (38, 110, 72),
    "petroleum":         (84, 58, 46),
}

# (light, dark) of each metal.
METALS: dict[str, tuple[Color, Color]] = {
    "copper":   (COPPER,          (120, 58, 30)),
    "steel":    ((176, 188, 204), (92, 106, 128)),
    "aluminum": ((232, 236, 242), (150, 160, 176)),
}
