"""The service pages' banners: which scene and mood each service route gets."""

from __future__ import annotations

from ..shapes.moods import BLUEPRINT, DAWN, DAY, DUSK, FRESH
from ..stage import Mood, Scene
from .approvals import scene_airport, scene_blueprint, scene_government
from .environment import (
    scene_air_monitoring,
    scene_clean_plant,
    scene_construction,
    scene_eia,
    scene_green_factory,
    scene_stack_monitoring,
)
from .fire_health import scene_clinic, scene_fire_noc, scene_fire_safety
from .land import scene_afforestation, scene_forest_road, scene_site_survey
from .tanks import scene_tank_farm, scene_tank_inspection, scene_tank_test
from .waste import scene_biomedical, scene_hazardous
from .water import scene_barrage, scene_borewell, scene_groundwater_monitoring

SERVICES: dict[str, tuple[Scene, Mood]] = {
    "peso": (scene_tank_farm, DAWN),
    "architectural-design": (scene_blueprint, BLUEPRINT),
    "forest-clearance": (scene_forest_road, FRESH),
    "environmental-clearance": (scene_green_factory, DAY),
    "consent-to-estalish": (scene_construction, DAY),
    "consent-to-operate": (scene_clean_plant, DAWN),
    "hazardous-waste-licensing": (scene_hazardous, DAY),
    "bio-medical-waste-authorization": (scene_biomedical, DAY),
    "fire-licensing": (scene_fire_safety, DAY),
    "clinical-establishment-licensing": (scene_clinic, DAY),
    "fire-nocs": (scene_fire_noc, DUSK),
    "cgwanoc": (scene_borewell, DAY),
    "airport-height-clearance-noc": (scene_airport, DAWN),
    "water-allocatio-norder-noc": (scene_barrage, FRESH),
    "various-govt-officials-nocs": (scene_government, DAY),
    "peso-compliance": (scene_tank_inspection, DAY),
    "forest-clearance-compliance": (scene_afforestation, FRESH),
    "environment-clearance-compliance": (scene_air_monitoring, FRESH),
    "consent-to-operate-compliance": (scene_stack_monitoring, DAWN),
    "cgwa-compliance": (scene_groundwater_monitoring, FRESH),
    "feasibility-study-for-construction": (scene_site_survey, DAY),
    "environment-impact-assesment": (scene_eia, FRESH),
    "tank-testing-certificate": (scene_tank_test, DAY),
}
