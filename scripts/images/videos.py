"""The video thumbnails: three service scenes, drawn full width with a shaded bottom for the title."""

from __future__ import annotations

from .services.environment import scene_stack_monitoring
from .services.land import scene_forest_road
from .services.tanks import scene_tank_farm
from .shapes.moods import DAWN, DAY, FRESH
from .stage import Mood, Scene

# In the order of the video titles: PESO licence, forest clearance, staying compliant after consent to operate.
VIDEOS: tuple[tuple[Scene, Mood], ...] = (
    (scene_tank_farm, DAWN),
    (scene_forest_road, FRESH),
    (scene_stack_monitoring, DAY),
)
