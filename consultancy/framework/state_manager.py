"""Two Redis round trips per event instead of four.

Reflex's Redis state manager handles an event in four round trips: take the token's lock
(SET NX), read the states (MGET), write them back while checking the lock (a script), and
release it (GETDEL). On this site an event is a one-line handler, so at 1,000 visitors
most of the backend's CPU went to those round trips through redis-py (docs/load.md).

Here the uncontended case, nearly every event, takes two: one script takes the lock and
reads the states, another checks the lock, writes and releases it. The guarantees are
Reflex's: nothing is written unless the lock is still ours, every event's writes reach
Redis before its delta leaves (a worker killed a moment later loses nothing), and a
visitor whose lock is held elsewhere (another worker, or a second event of the same
visitor in this one) is served by Reflex's own path, which waits for the release.
Reflex's opportunistic lock (REFLEX_OPLOCK_ENABLED) keeps state in a worker's memory
between events; with it on, everything is Reflex's own path.

No token reaches the log: a visitor's client token is the key to their state (and was once
the key to a staff session), so the warnings here name the event, never the token, and
Reflex's own warnings and lock errors have theirs replaced (`hide_tokens`).
"""

from __future__ import annotations

import contextlib
import logging
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any

from reflex.istate.manager import StateManager
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState
from reflex.utils.exceptions import LockExpiredError, StateSchemaMismatchError

logger = logging.getLogger(__name__)

# Reflex writes "... for token <ident>_<state path> ..." into its lock warnings and errors.
_TOKEN_IN_TEXT = re.compile(r"(?i)\b(for token) \S+")


def hide_tokens(text: str) -> str:
    return _TOKEN_IN_TEXT.sub(r"\1 [hidden]", text)


class _HideTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token" in record.msg:
            record.msg = hide_tokens(record.msg)
            if record.args:
                record.msg, record.args = record.msg % record.args, ()
                record.msg = hide_tokens(record.msg)
        return True


# KEYS: the lock, then the states. ARGV: the lock id, the lock's expiry in ms.
# Replies nil when the lock is held by someone else, else the states as MGET gives them.
ACQUIRE_AND_READ = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
    return nil
end
return redis.call('MGET', unpack(KEYS, 2))
"""

# KEYS: the lock, then the states to write. ARGV: the lock id, the states' expiry in s,
# then one payload per state. Replies nil (and writes nothing) when the lock is no longer
# ours, else the lock's remaining time in ms before it was released.
SAVE_AND_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return nil
end
for i = 2, #KEYS do
    redis.call('SET', KEYS[i], ARGV[i + 1], 'EX', ARGV[2])
end
local left = redis.call('PTTL', KEYS[1])
redis.call('DEL', KEYS[1])
return left
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class LeanStateManagerRedis(StateManagerRedis):
    """Reflex's Redis state manager with the uncontended event in two round trips."""

    @contextlib.asynccontextmanager
    async def _try_modify_state(self, token: Any, **context: Any) -> AsyncIterator[Any]:
        lock_key = self._lock_key(token)
        if self._oplock_enabled or not isinstance(token, BaseStateToken) or self._n_lock_waiters(lock_key):
            async with self._reflex_path(token, **context) as state:
                yield state
            return
        event = context.get("event")
        lock_id = (f"{event.name}:{uuid.uuid4().hex}" if event is not None else uuid.uuid4().hex).encode()
        classes = sorted(
            self._get_required_state_classes(token.cls, subclasses=True), key=lambda cls: cls.get_full_name()
        )
        keys = [token._state_key(cls) for cls in classes]
        values = await self.redis.eval(ACQUIRE_AND_READ, 1 + len(keys), lock_key, *keys, lock_id, self.lock_expiration)  # type: ignore[misc]
        if values is None:
            # Held elsewhere: Reflex's path waits for the release (keyspace notifications).
            async with self._reflex_path(token, **context) as state:
                yield state
            return
        released = False
        try:
            root = _tree(token, classes, values)
            yield root
            writes = self._collect_state_writes(token, root)
            left = await self.redis.eval(  # type: ignore[misc]
                SAVE_AND_RELEASE,
                1 + len(writes),
                lock_key,
                *(key for key, _ in writes),
                lock_id,
                self.token_expiration,
                *(payload for _, payload in writes),
            )
            if left is None:
                raise LockExpiredError(
                    f"A visitor's state lock expired while processing {_event_name(event)} (held longer than "
                    f"{self.lock_expiration} ms); nothing was written."
                )
            released = True
            if (self.lock_expiration - left) > self.lock_warning_threshold:
                logger.warning(
                    "A visitor's state lock was held %d ms (%s)", self.lock_expiration - left, _event_name(event)
                )
        finally:
            if not released:
                with contextlib.suppress(Exception):  # Redis gone: the lock expires by itself
                    await self.redis.eval(RELEASE, 1, lock_key, lock_id)  # type: ignore[misc]
            # This worker's next event for the same visitor may be waiting for the lock.
            self._notify_next_waiter(lock_key)

    @contextlib.asynccontextmanager
    async def _reflex_path(self, token: Any, **context: Any) -> AsyncIterator[Any]:
        try:
            async with super()._try_modify_state(token, **context) as state:
                yield state
        except LockExpiredError as error:
            raise LockExpiredError(hide_tokens(str(error))) from None


def _event_name(event: Any) -> str:
    return getattr(event, "name", None) or "an event"


def _tree(token: BaseStateToken, classes: list[type[BaseState]], values: list[bytes | None]) -> BaseState:
    """The state tree from the stored states, as StateManagerRedis.get_state builds it (its
    classes sorted by full name, so a parent always comes before its substates)."""
    states: dict[str, BaseState] = {}
    for cls, value in zip(classes, values, strict=True):
        state = None
        if value is not None:
            with contextlib.suppress(StateSchemaMismatchError):
                state = BaseState._deserialize(data=value)
        if state is None:
            state = cls(init_substates=False, _reflex_internal_init=True)
        name = state.get_full_name()
        states[name] = state
        if state.get_parent_state() is not None:
            parent_name, _, short_name = name.rpartition(".")
            parent = states[parent_name]
            parent.substates[short_name] = state
            state.parent_state = parent
    return states[token.cls.get_root_state().get_full_name()]


def install(app: Any) -> None:
    """Puts the lean manager in place of Reflex's Redis one (keeping its settings and Redis
    client), now and whenever Reflex creates a state manager again."""
    original = StateManager.create.__func__  # type: ignore[attr-defined]
    if getattr(original, "_consultancy", False):
        return

    def create(cls: type[StateManager]) -> StateManager:
        return _lean(original(cls))

    create._consultancy = True  # type: ignore[attr-defined]
    logging.getLogger("reflex.istate.manager.redis").addFilter(_HideTokens())
    StateManager.create = classmethod(create)  # type: ignore[method-assign,assignment]
    if app._state_manager is not None:
        app._state_manager = _lean(app._state_manager)


def _lean(manager: StateManager) -> StateManager:
    if type(manager) is StateManagerRedis:
        manager.__class__ = LeanStateManagerRedis
    return manager
