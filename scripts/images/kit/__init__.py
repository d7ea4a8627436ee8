"""The parts every scene is built from, in the house style: landscape, nature, buildings, industry,
vehicles and objects. Each function draws one thing at a given place and scale on a `Pen`.
"""
