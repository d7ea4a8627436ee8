"""Hand-laid drawing data: palettes, moods, outlines and tables, one shape or entry per line.

These modules hold values only, no drawing code, and are left out of `ruff format` (pyproject.toml) so
their columns stay as laid out. Edit a colour or a point here; the code that draws them is one level up.
"""
