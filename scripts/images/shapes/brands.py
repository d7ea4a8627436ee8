"""The placeholder client brands: name, trade line, mark (a `mark_*` function of clients.py) and colours.

Invented names only; none is meant to resemble a real company.
"""

from __future__ import annotations

from .palette import BLUE, NAVY, SAFFRON, SLATE, TEAL

# name, trade, mark, colour, accent
# images/clients/client-N (the home page's client strip)
CLIENT_BRANDS = (
    ("Aravel",   "MARINE",      "waves",  BLUE,           TEAL),
    ("Ulvora",   "ALLOYS",      "ingots", SLATE,          (120, 134, 156)),
    ("Solvanta", "POWER",       "bolt",   NAVY,           SAFFRON),
    ("Medrisa",  "HOSPITALS",   "plus",   TEAL,           NAVY),
    ("Kovantra", "DEVELOPERS",  "arch",   NAVY,           SAFFRON),
    ("Brivenor", "MINERALS",    "peaks",  (92, 80, 66),   SAFFRON),
    ("Quenda",   "DIAGNOSTICS", "rings",  (30, 120, 110), BLUE),
    ("Tarnavi",  "FUELS",       "drop",   (84, 58, 46),   SAFFRON),
)

# images/logos/logo-NN
MORE_BRANDS = (
    ("Peravel",  "PORTS",        "waves",    (28, 72, 126),  SAFFRON),
    ("Gravik",   "ALLOYS",       "ingots",   (70, 78, 96),   SAFFRON),
    ("Elvantis", "POWER",        "bolt",     TEAL,           SAFFRON),
    ("Fenmora",  "HOSPITALS",    "plus",     (22, 124, 116), SAFFRON),
    ("Lumeza",   "TOWNSHIPS",    "house",    BLUE,           SAFFRON),
    ("Zentoria", "MINERALS",     "peaks",    SLATE,          TEAL),
    ("Ostiva",   "DIAGNOSTICS",  "orbit",    TEAL,           NAVY),
    ("Tevaro",   "PETROLEUM",    "drop",     NAVY,           SAFFRON),
    ("Helvaro",  "REALTY",       "blocks",   NAVY,           TEAL),
    ("Yashvel",  "ROADWAYS",     "chevrons", SLATE,          SAFFRON),
    ("Corvessa", "CHEMICALS",    "diamonds", TEAL,           SAFFRON),
    ("Kesora",   "AQUAFARMS",    "rings",    (30, 110, 170), TEAL),
    ("Zorvani",  "COLD CHAIN",   "hexagon",  (40, 110, 150), (130, 190, 210)),
    ("Dravoni",  "TEXTILES",     "split",    (120, 60, 90),  (190, 120, 150)),
    ("Marvanta", "CEMENT",       "arch",     (100, 84, 60),  SAFFRON),
    ("Quelora",  "PHARMA",       "capsule",  (70, 78, 140),  SAFFRON),
    ("Vantiko",  "TELECOM",      "signal",   BLUE,           TEAL),
    ("Wyndra",   "FERTILISERS",  "leaf",     (38, 110, 72),  SAFFRON),
    ("Inavo",    "DATA CENTRES", "bars",     NAVY,           TEAL),
    ("Ravika",   "HOTELS",       "sun",      SAFFRON,        NAVY),
)
