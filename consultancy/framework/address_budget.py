"""A budget of websocket work per visitor address, shared by all its sockets and every worker.

The per-socket limit (event_limits.py) multiplies by the sockets one address may open, and
nginx lets an address open many. So each address also has a budget, counted in units of
the backend's work: EVENT_ADDRESS_RATE units a second, with bursts of EVENT_ADDRESS_BURST.
A new socket's connect, its hydrate and every later event are charged by their weight
before Reflex does any of their work; over budget, a connect is refused and an event is
dropped (counting towards closing its socket, as the per-socket limit does).

The budget is a generic cell rate algorithm (a token bucket kept as one timestamp): in Redis
when the backend has one (one atomic script per charge, on Redis's clock, so every worker
and every host counts the same address together), else in this process (`reflex run` in
development is one process). While Redis cannot be reached each worker counts on its own.
Once an address is refused, this worker refuses it without asking Redis again until the
budget says the charge would fit, so a flood costs at most one Redis call per refusal
period.

Addresses are the visitor's as the trusted-proxy rule gives it (trusted_proxies.py), and are
counted by the key the app registers (`use_key`: the site's keyed hash, IPv6 by its /64), so
no address is kept in Redis. LIMIT_EXEMPT (the addresses nginx's limits skip: a load
generator) skips this budget too.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from consultancy.framework.networks import listed

logger = logging.getLogger("consultancy.framework.event_limits")

# What each kind of work costs, in units of an ordinary event (a click: one handler, two
# Redis round trips, a delta), from the backend's CPU per operation measured with
# scripts/event_costs.py (figures in docs/load.md). A hydrate sends the whole state and runs
# the page's on_load: one and a half to two clicks. A new socket's connect and hydrate
# together cost three to four; the websocket handshake in it is spent before any budget can
# refuse it (nginx's limit on new sockets bounds that), so the connect is charged for the
# rest, two, and a page view's pair for four.
WEIGHT_CONNECT = 2.0
WEIGHT_HYDRATE = 2.0
WEIGHT_EVENT = 1.0
# The events that hydrate (the one the browser sends, and the older pair).
HYDRATES = frozenset({"hydrate_and_load", "hydrate", "on_load_internal"})

# After a failed call to Redis, this worker counts on its own for this long before trying again.
REDIS_PAUSE_S = 1.0
# Redis keys: one per address over the last few seconds (the key expires with the burst).
KEY_PREFIX = "consultancy_budget_"

# A charge that fits the budget exactly must fit whatever the clock reads: `now + charge`
# is rounded when the sum crosses a power of two, and `after - now - tolerance` is then a
# hair above zero. A microsecond is far below any interval the budget counts in.
EPSILON_S = 1e-6

# KEYS: the address's key. ARGV: the charge, the rate (units/s), the burst (units).
# Replies 0 when the charge fits (and takes it), else the ms until it would fit.
SPEND = """
local EPSILON = 0.001
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + tonumber(now[2]) / 1000
local interval = 1000 / tonumber(ARGV[2])
local tolerance = interval * tonumber(ARGV[3])
local due = tonumber(redis.call('GET', KEYS[1]) or '0')
if due < now then due = now end
local after = due + tonumber(ARGV[1]) * interval
local wait = after - now - tolerance
if wait > EPSILON then return math.ceil(wait) end
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now) + 1)
return 0
"""


def event_weight(data: Any) -> float:
    """What an event costs. An event sent as a string (Reflex parses it; its own client never
    sends one) is charged as the dearest kind."""
    if isinstance(data, dict):
        name = data.get("name")
        if isinstance(name, str) and name.rsplit(".", 1)[-1] in HYDRATES:
            return WEIGHT_HYDRATE
        return WEIGHT_EVENT
    return max(WEIGHT_HYDRATE, WEIGHT_EVENT)


def exempt(address: str) -> bool:
    return listed(address, "LIMIT_EXEMPT")


# How the budget counts an address: registered by the app (`use_key`), never the address itself.
_key: Callable[[str], str] | None = None


def use_key(key: Callable[[str], str]) -> None:
    """Counts each address by `key(address)` (a keyed hash, so Redis keeps no address)."""
    global _key
    _key = key


def budget_key(address: str) -> str:
    """The address as the budget counts it; "" for an exempt address."""
    if exempt(address):
        return ""
    if _key is None:
        raise RuntimeError("address_budget: no key registered for addresses (runtime.install(address_key=...))")
    return _key(address)


class LocalBudget:
    """The same algorithm in this process's memory."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.due: dict[str, float] = {}

    def spend(self, key: str, cost: float, now: float) -> float:
        """0 when `cost` fits (and takes it), else the seconds until it would."""
        interval = 1 / self.rate
        after = max(self.due.get(key, now), now) + cost * interval
        wait = after - now - self.burst * interval
        if wait > EPSILON_S:
            return wait
        self.due[key] = after
        if len(self.due) > 10_000:
            self.due = {k: due for k, due in self.due.items() if due > now}
        return 0.0


def _reflex_redis() -> Any:
    """A client of the backend's Redis (REFLEX_REDIS_URL, the state manager's), or None.
    Its own client, failing fast: a charge that cannot reach Redis is counted here instead
    of waiting through redis-py's retries (seconds) in front of the visitor's event."""
    from redis.asyncio import Redis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff
    from reflex.utils import prerequisites

    url = prerequisites.parse_redis_url()
    if url is None:
        return None
    return Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1, retry=Retry(NoBackoff(), 1))


class AddressBudget:
    def __init__(self, rate: float, burst: float, redis: Callable[[], Any] = _reflex_redis) -> None:
        self.rate, self.burst = rate, burst
        self.local = LocalBudget(rate, burst)
        # Per event loop: a Redis client belongs to the loop it was first used on.
        self._make_redis = redis
        self._clients: dict[asyncio.AbstractEventLoop, tuple[Any, Any]] = {}
        self._refused_until: dict[str, float] = {}
        self.refused = 0
        self.refused_keys: set[str] = set()
        self.redis_errors = 0
        self.last_redis_error = ""
        self._redis_down_until = 0.0

    def _client(self) -> tuple[Any, Any] | None:
        loop = asyncio.get_running_loop()
        if loop not in self._clients:
            redis = self._make_redis()
            self._clients = {loop: (redis, redis.register_script(SPEND) if redis is not None else None)}
        redis, script = self._clients[loop]
        return (redis, script) if redis is not None else None

    async def spend(self, key: str, cost: float) -> bool:
        """Takes `cost` from the address's budget; False (nothing taken) when it does not fit."""
        if not key:
            return True
        now = time.monotonic()
        until = self._refused_until.get(key)
        if until is not None:
            if now < until:
                return self._refuse(key)
            del self._refused_until[key]
        wait = None
        client = self._client() if now >= self._redis_down_until else None
        if client is not None:
            redis, script = client
            try:
                reply = await script(keys=[KEY_PREFIX + key], args=[cost, self.rate, self.burst], client=redis)
                wait = int(reply) / 1000
            except Exception as error:  # Redis restarting or unreachable: count in this worker for a second
                self.redis_errors += 1
                self.last_redis_error = type(error).__name__
                self._redis_down_until = now + REDIS_PAUSE_S
        if wait is None:
            wait = self.local.spend(key, cost, now)
        if wait <= 0:
            return True
        self._refused_until[key] = now + wait
        if len(self._refused_until) > 10_000:
            self._refused_until = {k: t for k, t in self._refused_until.items() if t > now}
        return self._refuse(key)

    def _refuse(self, key: str) -> bool:
        self.refused += 1
        self.refused_keys.add(key)
        return False
