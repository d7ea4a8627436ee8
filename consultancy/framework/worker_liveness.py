"""Visitors keep their state when the backend worker holding their websocket dies.

Reflex 0.10 records in Redis which worker owns each visitor's socket, and reads a
token that is already recorded as a duplicated browser tab: the reconnecting visitor
is handed a new token, and with it empty state. A worker that is killed outright never
deletes its records, so every visitor it served would lose their checklist ticks on
reconnect. Here each worker keeps a short-lived heartbeat key in Redis; a record whose
worker has stopped beating is stale, and the visitor takes their own token back.

Only the Redis token manager (several workers) is touched; one worker needs none of it.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import time

from redis.asyncio import Redis
from reflex.utils.token_manager import RedisTokenManager

logger = logging.getLogger(__name__)

BEAT_EVERY_S = 0.5
# A worker not seen for this long is gone; a duplicated tab waits at most this long.
BEAT_TTL_MS = 2000
POLL_EVERY_S = 0.1


def _beat_key(instance_id: str) -> str:
    return f"consultancy_worker_alive_{instance_id}"


async def _beat(manager: RedisTokenManager) -> None:
    while True:
        try:
            await manager.redis.set(_beat_key(manager.instance_id), b"1", px=BEAT_TTL_MS)
        except Exception as error:  # Redis restarting: keep beating once it is back
            logger.warning("worker heartbeat: %s", error)
        await asyncio.sleep(BEAT_EVERY_S)


async def _ensure_beating(manager: RedisTokenManager) -> None:
    task: asyncio.Task | None = getattr(manager, "_consultancy_beat", None)
    if task is None or task.done():
        await manager.redis.set(_beat_key(manager.instance_id), b"1", px=BEAT_TTL_MS)
        manager._consultancy_beat = asyncio.create_task(_beat(manager))  # type: ignore[attr-defined]


async def _record_is_stale(redis: Redis, key: str, owner: str) -> bool:
    """True once the worker that recorded `key` has stopped beating.

    A killed worker's heartbeat outlives it by up to BEAT_TTL_MS, and its visitors
    reconnect at once, so the answer is waited for. The wait ends early when the record
    goes away: then the old socket was closed normally (a page load racing the previous
    page's disconnect), and Reflex links the token as usual.
    """
    deadline = time.monotonic() + BEAT_TTL_MS / 1000 + BEAT_EVERY_S
    while time.monotonic() < deadline:
        if not await redis.exists(_beat_key(owner)):
            return True
        if not await redis.exists(key):
            return False
        await asyncio.sleep(POLL_EVERY_S)
    return False


def install() -> None:
    original = RedisTokenManager.link_token_to_sid
    if getattr(original, "_consultancy", False):
        return

    async def link_token_to_sid(self: RedisTokenManager, token: str, sid: str) -> str | None:
        try:
            await _ensure_beating(self)
            key = self._get_redis_key(token)
            raw = await self.redis.get(key)
            if raw:
                record = pickle.loads(raw)
                if record.instance_id != self.instance_id and await _record_is_stale(
                    self.redis, key, record.instance_id
                ):
                    logger.info("token %s: its worker died; the visitor keeps their state", token[:8])
                    await self.redis.delete(key)
        except Exception as error:  # never worse than Reflex's own behaviour
            logger.warning("worker liveness check skipped: %s", error)
        return await original(self, token, sid)

    link_token_to_sid._consultancy = True  # type: ignore[attr-defined]
    RedisTokenManager.link_token_to_sid = link_token_to_sid  # type: ignore[method-assign]
