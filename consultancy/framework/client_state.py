"""State the browser shows at once: Reflex's client-side state (`rx._x.client_state`).

A click changes a `Shared` value in the page itself, so the visitor sees the result in the
same frame, whatever the network and whether or not the backend can be reached. Where the
owner wants the backend to keep the value too (lightbox index, slider index, checklist
ticks, project filter), the same click also sends a backend event that *sets* the value
(never toggles it), so messages that queue while offline and arrive late still leave the
backend with what the visitor sees.

Setters are JS functions (Vars), not `rx.call_script` strings: Reflex calls them directly
in the event handler, outside its event queue. That matters twice: nothing is evaluated
from a string (the CSP forbids eval), and the queue, which holds every event while a
backend event waits for a socket, never delays what the visitor sees.
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar, _client_state_ref
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData
from reflex_base.vars.function import FunctionVar

from consultancy.framework.assets import shared_asset

# The helpers below compute new values with the functions of client_state.js.
_HELPERS = shared_asset("client_state.js", __name__).importable_path


def js(code: str, *deps: rx.Var, type_: type = Any) -> rx.Var:
    """A JS expression built from other Vars (`{0}`, `{1}`… stand for `deps`), keeping
    their imports and hooks so the component that renders it declares them."""
    text = code.format(*(str(dep) for dep in deps))
    data = VarData.merge(*(dep._get_all_var_data() for dep in deps))
    return rx.Var(text, _var_data=data).to(type_)


def imported(module: str, name: str) -> rx.Var:
    """A function exported by a .js module the site ships (`module`: an asset's importable
    path), for use in `call`."""
    return rx.Var(name, _var_data=VarData(imports={module: [ImportVar(tag=name)]}))


def call(function: rx.Var, *args: Any, type_: type = Any) -> rx.Var:
    """`function(args...)` in the browser; an argument is a Var or a JSON-able Python value."""
    deps = [a if isinstance(a, rx.Var) else rx.Var(json.dumps(a)) for a in args]
    return js("{0}(" + ", ".join("{" + str(i + 1) + "}" for i in range(len(deps))) + ")", function, *deps, type_=type_)


def once_per_render(
    name: str, expression: rx.Var, type_: type = Any, *, unless_changed: tuple[rx.Var, ...] | None = None
) -> rx.Var:
    """`expression`, evaluated once per render of each component that shows it and named
    `name` there: Reflex declares a hook once per component (by its text), so every use of
    the result in that component shares one evaluation. With `unless_changed` (the Vars it
    reads; () for a constant), it is evaluated again only when one of them has changed
    (React's useMemo): a render for anything else reuses the last result."""
    if unless_changed is None:
        hook = f"const {name} = {expression!s};"
        imports = {}
    else:
        deps = ", ".join(str(dep) for dep in unless_changed)
        hook = f"const {name} = useMemo(() => ({expression!s}), [{deps}]);"
        imports = {"react": [ImportVar(tag="useMemo")]}
    data = VarData.merge(
        expression._get_all_var_data(),
        *(dep._get_all_var_data() for dep in unless_changed or ()),
        VarData(hooks={hook: None}, imports=imports),
    )
    return rx.Var(name, _var_data=data).to(type_)


def any_of(*flags: rx.Var) -> rx.Var:
    """True while any of the boolean Vars is."""
    return js("(" + " || ".join("{" + str(i) + "}" for i in range(len(flags))) + ")", *flags, type_=bool)


def action(code: str, *deps: rx.Var) -> FunctionVar:
    """A JS function for an event trigger; `code` is its body (statements or an expression)."""
    return js("(...args) => {{ " + code + " }}", *deps).to(FunctionVar)


# Reflex passes its own summary of a pointer event before the DOM event itself.
# A JS function Reflex calls directly in the handler: no eval under a strict CSP, and no
# event queue, where it would wait behind ticks queued while the backend is unreachable.
PRINT_PAGE = rx.Var("() => window.print()").to(FunctionVar)
PREVENT_DEFAULT = rx.Var("(...args) => args.find((arg) => arg?.preventDefault)?.preventDefault()").to(FunctionVar)


def handled_link(*handlers: Any) -> dict[str, Any]:
    """Props of a link that JavaScript answers in the page (opens a menu, plays a video): the
    link is still the way when scripts fail. Before the page is interactive a click on it is
    held, not followed (consultancy/framework/early_input.js finds it by `data-js-link`)."""
    return {"on_click": [PREVENT_DEFAULT, *handlers], "custom_attrs": {"data-js-link": ""}}


class Shared:
    """One value in the browser, shared by every component on the page that shows it."""

    def __init__(self, name: str, default: Any) -> None:
        self._var = ClientStateVar.create(name, default=default, global_ref=True)
        self._name = name
        self.type_ = type(default)

    @property
    def value(self) -> rx.Var:
        """The value to render."""
        return self._var.value

    @property
    def now(self) -> rx.Var:
        """The latest value, for use inside a handler: the render copy can be one frame behind
        two quick keypresses, the shared slot never is."""
        slot = _client_state_ref(self._name)._replace(merge_var_data=self._var._get_all_var_data())
        return slot.to(self.type_)

    def set(self, value: Any) -> FunctionVar:
        """A JS function (for an event trigger) that sets the value; `value` may be a Var
        expression, evaluated when the event fires."""
        return self._var.set_value(value)

    def toggle(self) -> FunctionVar:
        return self.set(js("!{0}", self.now, type_=bool))

    def toggle_member(self, item: int) -> FunctionVar:
        """For a list: adds `item` (keeping the list sorted) or removes it."""
        return self.set(call(imported(_HELPERS, "toggleMember"), self.now, item, type_=list))

    def add_member(self, item: int) -> FunctionVar:
        """For a list: adds `item` unless it is there."""
        return self.set(call(imported(_HELPERS, "withMember"), self.now, item, type_=list))

    def cycle(self, by: int, count: int) -> FunctionVar:
        """For an index: `by` steps on, round a ring of `count`."""
        return self.set(call(imported(_HELPERS, "cycleIndex"), self.now, by, count, type_=int))

    def put(self, key: str, value: str | None = None) -> FunctionVar:
        """For a dict: sets `key` to `value`, or (None) to what the event passes (an input's
        text, a select's choice), as a string."""
        if value is not None:
            return self.set(call(imported(_HELPERS, "withEntry"), self.now, key, value, type_=dict))
        return js(
            "(value) => {0}({1}({2}, {3}, String(value)))",
            self.setter,
            imported(_HELPERS, "withEntry"),
            self.now,
            rx.Var(json.dumps(key)),
        ).to(FunctionVar)

    def step(self, by: int, low: int, high: int) -> FunctionVar:
        """For a number: `by` steps on, held within [low, high]."""
        return self.set(call(imported(_HELPERS, "stepWithin"), self.now, by, low, high, type_=int))

    @property
    def setter(self) -> FunctionVar:
        """The setter itself, for handlers that compute the value from the event's own
        arguments (what an input's on_change passes)."""
        return self._var.set
