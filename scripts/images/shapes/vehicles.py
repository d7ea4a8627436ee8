"""Vehicle outlines, in the vehicle's own units: x to the right, y down.

Trucks, fire engine and ambulance: units of the scale `s`, from the left end (x) and the axle line (y).
"""

from __future__ import annotations

TIPPER_BODY           = ((0, -40), (118, -40), (110, -6), (6, -6))
TIPPER_LOAD           = ((8, -40), (40, -52), (90, -50), (112, -40))
TRUCK_CAB             = ((122, -4), (122, -44), (140, -44), (152, -26), (152, -4))
TRUCK_WINDSCREEN      = ((128, -40), (139, -40), (147, -27), (128, -27))
FIRE_TRUCK_CAB        = ((122, -4), (122, -50), (146, -50), (160, -28), (160, -4))
FIRE_TRUCK_WINDSCREEN = ((128, -46), (144, -46), (154, -30), (128, -30))
AMBULANCE_CAB         = ((78, -2), (78, -40), (96, -40), (110, -22), (110, -2))
AMBULANCE_WINDSCREEN  = ((84, -36), (95, -36), (105, -23), (84, -23))

# The excavator's bucket, from the tip of its arm, in units of `s`.
EXCAVATOR_BUCKET = ((-6, -4), (14, -2), (10, 18), (-8, 10))

# The airliner, from the middle of its fuselage: x in lengths of the aircraft, y in fuselage radii.
AIRCRAFT_FIN       = ((0.34, -1), (0.44, -4.2), (0.5, -4.2), (0.5, 0))
AIRCRAFT_FAR_WING  = ((-0.02, 0), (0.14, -1.6), (0.18, -1.6), (0.1, 0))
AIRCRAFT_CHEATLINE = ((-0.47, -0.1), (0.4, -0.1), (0.4, 0.15), (-0.47, 0.15))
AIRCRAFT_COCKPIT   = ((-0.46, -0.55), (-0.42, -0.55), (-0.42, -0.2), (-0.47, -0.2))
AIRCRAFT_WING      = ((-0.06, 0.3), (0.16, 2.4), (0.2, 2.4), (0.1, 0.3))
AIRCRAFT_TAILPLANE = ((0.4, -0.6), (0.52, -0.9), (0.53, -0.6))
