"""Elements memoized whole ("islands").

Reflex memoizes each element whose props use state into a component of its own, and every
such component declares the hooks of the client-state values it uses. The finder renders
every result from one evaluation of its rules (a hook); memoized whole, it declares that
hook once instead of once per result. (Tried on other widgets, islands pulled every page's
widget content into the shared chunk and made the scripts heavier, so only the finder is one.)"""

from reflex_base.constants.compiler import MemoizationMode
from reflex_components_core.el.elements.typography import Div


class DivIsland(Div):
    _memoization_mode = MemoizationMode(recursive=False)


div_island = DivIsland.create
