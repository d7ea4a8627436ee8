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


def without_unchecked(state: Any, snapshot: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """`snapshot` (a `BaseState.dict()` result) with `names` of `state` at their defaults."""
    own = snapshot.get(state.get_full_name())
    if own is None:
        raise RuntimeError("Reflex's state snapshot changed: no entry for " + state.get_full_name())
    fields = state.get_fields()
    for name in names:
        key = name + FIELD_MARKER
        if key not in own:
            raise RuntimeError(f"Reflex's state snapshot changed: no {key!r} in {state.get_full_name()}")
        own[key] = fields[name].default_value()
    return snapshot


def guard_snapshot(cls: type, names: tuple[str, ...], shown: Callable[[Any], bool]) -> None:
    """Make `cls.dict` (Reflex forbids defining it in the class body, as an event handler's
    name) leave `names` at their defaults unless `shown(state)`."""
    original = cls.dict

    def snapshot(self: Any, include_computed: bool = True, initial: bool = False, **kwargs: Any) -> dict[str, Any]:
        data = original(self, include_computed=include_computed, initial=initial, **kwargs)
        return data if shown(self) else without_unchecked(self, data, names)

    cls.dict = snapshot
