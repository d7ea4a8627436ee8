"""The lean Redis state manager (consultancy/framework/state_manager.py) against a real Redis: two
round trips when the lock is free, Reflex's waiting path when it is held, nothing written
once the lock is lost."""

from __future__ import annotations

import asyncio
import logging
import shutil
import time
from typing import Any

import pytest
from redis.asyncio import Redis
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.utils.exceptions import LockExpiredError

import consultancy.consultancy  # noqa: F401  (the app's state tree)
from consultancy.components.checklist.state import ChecklistState
from consultancy.framework.state_manager import LeanStateManagerRedis, _lean
from tests import redis_server
from tests.conftest import run_in_own_thread

# A Redis of this module's own (the fixture).
redis_url = redis_server.redis_url

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")


def _manager(url: str, **settings: int) -> tuple[LeanStateManagerRedis, Redis]:
    redis = Redis.from_url(url)
    manager = _lean(StateManagerRedis(redis=redis, **settings))
    assert isinstance(manager, LeanStateManagerRedis)
    return manager, redis


async def _ticked(manager: StateManagerRedis, token: BaseStateToken) -> list[int]:
    root = await manager.get_state(token)
    return (await root.get_state(ChecklistState)).ticked


class Counting:
    """Counts the commands a Redis client sends (round trips)."""

    def __init__(self, redis: Redis) -> None:
        self.calls: list[str] = []
        original = redis.execute_command

        async def execute_command(*args: Any, **options: Any) -> Any:
            self.calls.append(str(args[0]))
            return await original(*args, **options)

        redis.execute_command = execute_command  # type: ignore[method-assign]


def test_an_event_is_two_round_trips_and_its_state_is_kept(redis_url: str) -> None:
    async def scenario() -> None:
        manager, redis = _manager(redis_url)
        token = BaseStateToken(ident="visitor-a", cls=ChecklistState)
        async with manager.modify_state(token):
            pass  # the manager's first use also configures keyspace notifications, once
        counted = Counting(redis)
        async with manager.modify_state(token) as root:
            (await root.get_state(ChecklistState)).ticked = [0, 2]
        assert counted.calls == ["EVAL", "EVAL"]
        assert await redis.get(manager._lock_key(token)) is None  # released
        assert await _ticked(manager, token) == [0, 2]
        await redis.aclose()

    run_in_own_thread(scenario)


def test_a_held_lock_is_waited_for_and_nothing_is_lost(redis_url: str) -> None:
    async def scenario() -> None:
        manager, redis = _manager(redis_url, lock_expiration=5000)
        token = BaseStateToken(ident="visitor-b", cls=ChecklistState)

        async def tick(index: int) -> None:
            async with manager.modify_state(token) as root:
                checklist = await root.get_state(ChecklistState)
                checklist.ticked = [*checklist.ticked, index]

        await tick(2)
        # Another worker holds the visitor's lock.
        await redis.set(manager._lock_key(token), b"another-worker", px=5000)
        started = time.monotonic()
        waiting = asyncio.create_task(tick(1))
        await asyncio.sleep(0.5)
        assert not waiting.done(), "went ahead while another worker held the lock"
        await redis.delete(manager._lock_key(token))
        await asyncio.wait_for(waiting, 5)
        assert time.monotonic() - started < 4.5, "waited for the lock to expire instead of its release"
        assert await _ticked(manager, token) == [2, 1]
        await redis.aclose()

    run_in_own_thread(scenario)


def test_a_lost_lock_writes_nothing(redis_url: str) -> None:
    async def scenario() -> None:
        manager, redis = _manager(redis_url, lock_expiration=300, lock_warning_threshold=200)
        token = BaseStateToken(ident="visitor-c", cls=ChecklistState)
        async with manager.modify_state(token) as root:
            (await root.get_state(ChecklistState)).ticked = [3]
        with pytest.raises(LockExpiredError):
            async with manager.modify_state(token) as root:
                (await root.get_state(ChecklistState)).ticked = [0, 1, 2, 3]
                await asyncio.sleep(0.5)  # the lock expires
                # ...and another worker takes it meanwhile.
                await redis.set(manager._lock_key(token), b"another-worker", px=5000)
        assert await redis.get(manager._lock_key(token)) == b"another-worker"  # not released by us
        await redis.delete(manager._lock_key(token))
        assert await _ticked(manager, token) == [3]
        await redis.aclose()

    run_in_own_thread(scenario)


def test_a_failing_handler_releases_the_lock_without_writing(redis_url: str) -> None:
    async def scenario() -> None:
        manager, redis = _manager(redis_url)
        token = BaseStateToken(ident="visitor-d", cls=ChecklistState)
        with pytest.raises(RuntimeError):
            async with manager.modify_state(token) as root:
                (await root.get_state(ChecklistState)).ticked = [1]
                raise RuntimeError("handler failed")
        assert await redis.get(manager._lock_key(token)) is None
        assert await _ticked(manager, token) == []
        await redis.aclose()

    run_in_own_thread(scenario)


def test_a_slow_event_is_logged_without_the_visitors_token(redis_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The lock warning names the event, never the token (which is the key to a visitor's
    state), on the lean path and on Reflex's own."""

    async def scenario() -> None:
        manager, redis = _manager(redis_url, lock_expiration=2000, lock_warning_threshold=100)
        token = BaseStateToken(ident="secret-tab-token-4f1c", cls=ChecklistState)
        async with manager.modify_state(token):
            await asyncio.sleep(0.3)
        # Held elsewhere first: this event takes Reflex's path, which waits for the release.
        lock = manager._lock_key(token)
        await redis.set(lock, b"someone-else", px=200)
        async with manager.modify_state(token):
            await asyncio.sleep(0.3)
        await redis.aclose()

    from consultancy.framework.state_manager import install

    class App:
        _state_manager = None

    install(App())
    with caplog.at_level(logging.WARNING):
        run_in_own_thread(scenario)
    held = [record.getMessage() for record in caplog.records if "held" in record.getMessage()]
    assert held, caplog.text
    assert "secret-tab-token-4f1c" not in caplog.text
