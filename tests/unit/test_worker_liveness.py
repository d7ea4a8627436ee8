"""The stale-socket check in consultancy/framework/worker_liveness.py, against a Redis stand-in that
changes as the check polls it (counted in polls, not seconds)."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from consultancy.framework import worker_liveness
from consultancy.framework.worker_liveness import _beat_key, _record_is_stale

KEY = "token_socket_record"
OWNER = "worker-a"


class ScriptedRedis:
    """Answers `exists`; keys vanish after a given number of polls of the check."""

    def __init__(self, keys: dict[str, int | None]) -> None:
        # key -> number of `exists` rounds it survives (None: forever)
        self.keys = keys
        self.rounds = 0

    async def exists(self, key: str) -> int:
        if key == _beat_key(OWNER):
            self.rounds += 1
        lives = self.keys.get(key, 0)
        return int(lives is None or self.rounds <= lives)


@pytest.fixture(autouse=True)
def fast_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worker_liveness, "POLL_EVERY_S", 0.001)


def _check(redis: ScriptedRedis) -> bool:
    # In a thread of its own: Playwright's sync API keeps an event loop running in the
    # test thread once a browser test has run in this process.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _record_is_stale(redis, KEY, OWNER)).result()  # type: ignore[arg-type]


def test_a_record_of_a_dead_worker_is_stale_at_once() -> None:
    redis = ScriptedRedis({KEY: None})
    assert _check(redis) is True
    assert redis.rounds == 1


def test_a_killed_worker_is_noticed_when_its_heartbeat_expires() -> None:
    redis = ScriptedRedis({KEY: None, _beat_key(OWNER): 5})
    assert _check(redis) is True
    assert redis.rounds == 6


def test_a_normally_closed_socket_ends_the_wait_without_taking_the_token() -> None:
    # The previous page's socket on another live worker closes 3 polls in: no 2.5 s wait.
    redis = ScriptedRedis({KEY: 3, _beat_key(OWNER): None})
    assert _check(redis) is False
    assert redis.rounds == 4


def test_a_live_worker_keeps_its_record_until_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worker_liveness, "BEAT_TTL_MS", 50)
    monkeypatch.setattr(worker_liveness, "BEAT_EVERY_S", 0.0)
    redis = ScriptedRedis({KEY: None, _beat_key(OWNER): None})
    assert _check(redis) is False
    assert redis.rounds > 1
