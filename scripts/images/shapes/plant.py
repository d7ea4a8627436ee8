"""Outlines of plant and buildings, in the part's own units: x to the right, y down."""

from __future__ import annotations

# Pump jack, in units of `s`: the A-frame from the left end of the skid (x) and the ground; the walking
# beam and the horse head from the same x and the height of the pivot, before they are tilted.
PUMP_JACK_FRAME = ((40, -6), (58, -72), (64, -72), (80, -6))
PUMP_JACK_BEAM  = ((-6, -4), (120, -4), (120, 4), (-6, 4))
PUMP_JACK_HEAD  = ((-6, -10), (6, -10), (6, 22), (-10, 14))

# Blast furnace shell, from the middle of its foot: x in units of `s`, y in furnace heights.
BLAST_FURNACE_SHELL = (
    (-38, 0),
    (-46, -0.28),
    (-30, -0.62),
    (-22, -0.72),
    (22, -0.72),
    (30, -0.62),
    (46, -0.28),
    (38, 0),
)

# Borewell delivery pipe, in units of `s` from the casing's axis at the ground.
BOREWELL_ELBOW = ((0, -52), (0, -64), (70, -64), (70, -40))

# Air-quality station's solar panel, in units of `s` from the mast's foot.
STATION_SOLAR_PANEL = ((-40, -110), (-8, -124), (-8, -100), (-40, -88))

# Airport control tower's glazed cab, in units of `s` from the middle of the cab's floor.
CONTROL_TOWER_GLAZING     = ((-26, -6), (-34, -34), (34, -34), (26, -6))
CONTROL_TOWER_GLAZING_LIT = ((-30, -24), (-34, -34), (34, -34), (30, -24))
