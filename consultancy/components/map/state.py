"""The office map loads only when asked (no request to the map host before): browser state."""

from consultancy.framework.client_state import Shared

loaded = Shared("map_loaded", False)
load = loaded.set(True)
