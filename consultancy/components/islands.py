"""Elements memoized whole ("islands"), one per interactive widget.

Reflex memoizes each element whose props use state into a component of its own, and every
such component declares the hooks of the client-state values it uses. A widget of twenty
elements would repeat those declarations twenty times in the page's script. Memoized
whole, a widget declares them once and re-renders as one (a few dozen elements)."""

from reflex_base.constants.compiler import MemoizationMode
from reflex_components_core.el.elements.forms import Form
from reflex_components_core.el.elements.sectioning import Header, Section
from reflex_components_core.el.elements.typography import Div


class DivIsland(Div):
    _memoization_mode = MemoizationMode(recursive=False)


class HeaderIsland(Header):
    _memoization_mode = MemoizationMode(recursive=False)


class SectionIsland(Section):
    _memoization_mode = MemoizationMode(recursive=False)


class FormIsland(Form):
    _memoization_mode = MemoizationMode(recursive=False)


div_island = DivIsland.create
header_island = HeaderIsland.create
section_island = SectionIsland.create
