"""The house palette: brand colours, the materials derived from them and a few fixed sets."""

from __future__ import annotations

Color = tuple[int, int, int]

# Brand palette.
NAVY: Color      = (11, 37, 69)
BLUE: Color      = (19, 49, 92)
TEAL: Color      = (27, 153, 139)
MINT: Color      = (214, 243, 239)
SAFFRON: Color   = (244, 163, 0)
OFF_WHITE: Color = (247, 249, 252)
SLATE: Color     = (51, 65, 85)

# Materials derived from the palette; red appears only where convention needs it (fire kit, waste bins).
WALL: Color        = (236, 241, 247)
WALL_SHADE: Color  = (192, 207, 224)
STEEL: Color       = (222, 230, 238)
STEEL_SHADE: Color = (142, 162, 186)
GLASS: Color       = (62, 101, 146)
GLASS_LIT: Color   = (160, 204, 222)
RED: Color         = (206, 66, 60)
WATER: Color       = (112, 178, 204)
SOIL: Color        = (139, 108, 78)
SAND: Color        = (222, 200, 156)
COPPER: Color      = (196, 112, 64)

# Shipping containers, picked at random.
CONTAINER_COLORS: tuple[Color, ...] = (TEAL, SAFFRON, BLUE, SLATE, (120, 140, 170), RED, (60, 120, 170))
# Bio-medical waste segregation bins: yellow, red, blue, white (translucent).
BMW_BINS: tuple[Color, ...] = (SAFFRON, RED, (40, 110, 190), (222, 232, 240))
