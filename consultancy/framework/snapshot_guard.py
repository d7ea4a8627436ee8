"""Vars a state keeps out of Reflex's full snapshot (what `hydrate` sends a new socket).

Reflex sends a socket, when it connects or reconnects, every var of every state as the
state store holds them (`BaseState.dict`), before any handler of the page has run. A state
that shows private data only after a check of its own (the staff inbox: the session cookie
of this very socket) uses `without_unchecked` in its `dict` override, so that a reload, or a
socket opened with a copied tab token, is sent those vars at their defaults; the page's
on_load handler then checks and sends them in an ordinary delta.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reflex_base.constants.state import FIELD_MARKER


class _Unchecked:
    """The state as an unchecked socket may see it, for its computed vars: `blank` (names to
    defaults) read in place of the state's own values."""

    def __init__(self, state: Any, blank: dict[str, Any]) -> None:
        self._state, self._blank = state, blank

    def __getattr__(self, name: str) -> Any:
        return self._blank[name] if name in self._blank else getattr(self._state, name)


def without_unchecked(state: Any, snapshot: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """`snapshot` (a `BaseState.dict()` result) with `names` of `state` at their defaults, and
    the computed vars that read any of them computed from those defaults: a computed var left
    as the state store holds it would still tell (`signed_in` true, how many pages of rows)."""
    full_name = state.get_full_name()
    own = snapshot.get(full_name)
    if own is None:
        raise RuntimeError("Reflex's state snapshot changed: no entry for " + full_name)
    fields = state.get_fields()
    blank = {}
    for name in names:
        key = name + FIELD_MARKER
        if key not in own:
            raise RuntimeError(f"Reflex's state snapshot changed: no {key!r} in {full_name}")
        blank[name] = own[key] = fields[name].default_value()
    for name, var in type(state).computed_vars.items():
        key = name + FIELD_MARKER
        if key in own and var._deps(objclass=type(state)).get(full_name, set()) & blank.keys():
            own[key] = var.fget(_Unchecked(state, blank))
    return snapshot


def guard_snapshot(cls: type, names: tuple[str, ...], shown: Callable[[Any], bool]) -> None:
    """Make `cls.dict` (Reflex forbids defining it in the class body, as an event handler's
    name) leave `names` at their defaults unless `shown(state)`."""
    original = cls.dict

    def snapshot(self: Any, include_computed: bool = True, initial: bool = False, **kwargs: Any) -> dict[str, Any]:
        data = original(self, include_computed=include_computed, initial=initial, **kwargs)
        return data if shown(self) else without_unchecked(self, data, names)

    cls.dict = snapshot
