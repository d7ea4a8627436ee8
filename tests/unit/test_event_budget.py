"""The budget of websocket work per address (consultancy/framework/address_budget.py and its
place in front of Reflex's handlers in event_limits.py): sized so people behind one address
are never refused, shared by every socket and every worker through a real Redis, counted
in each worker while Redis is away."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from redis.asyncio import Redis

from consultancy.framework import address_budget, event_limits
from consultancy.framework.address_budget import (
    KEY_PREFIX,
    WEIGHT_CONNECT,
    WEIGHT_EVENT,
    WEIGHT_HYDRATE,
    AddressBudget,
    LocalBudget,
    budget_key,
    event_weight,
)
from consultancy.framework.event_limits import LIMITER, EventLimiter, Verdict, wrap
from consultancy.records.addresses import address_key
from tests import redis_server
from tests.conftest import run_in_own_thread
from tests.enquiry_fixtures import free_port

# A Redis of this module's own (the fixture).
redis_url = redis_server.redis_url

STATE = "reflex___state____state"
HYDRATE = {"name": f"{STATE}.hydrate_and_load", "payload": {}}
TICK = {"name": f"{STATE}.checklist_state.set_ticked", "payload": {"indexes": [1]}}
# The production sizes (EVENT_ADDRESS_RATE, EVENT_ADDRESS_BURST), whatever this test's environment.
RATE, BURST = LIMITER.budget.rate, LIMITER.budget.burst
PAGE_VIEW = WEIGHT_CONNECT + WEIGHT_HYDRATE + 4 * WEIGHT_EVENT  # a socket, its hydrate, and the most a view sends


def no_redis() -> None:
    return None


@pytest.fixture(autouse=True)
def site_address_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The key the app registers (consultancy/consultancy.py): the enquiry limits' keyed hash."""
    monkeypatch.setattr(address_budget, "_key", address_key)


def test_hydrates_and_connects_weigh_more_than_a_click() -> None:
    assert event_weight(HYDRATE) == event_weight({"name": "x.hydrate"}) == WEIGHT_HYDRATE
    assert event_weight(TICK) == WEIGHT_EVENT == 1
    assert WEIGHT_HYDRATE > WEIGHT_EVENT and WEIGHT_CONNECT > WEIGHT_EVENT
    # An event sent as a string (Reflex's client never does) pays the dearest weight.
    assert event_weight('{"name": "x.hydrate_and_load"}') == WEIGHT_HYDRATE
    assert event_weight(None) == WEIGHT_HYDRATE


def test_twenty_people_behind_one_address_are_never_refused() -> None:
    """A carrier or an office puts many people behind one address: 20 of them load a page at
    the same moment, then read and click for a minute (a page every 10 s, a click every 2 s
    each), one of them clicking ten times a second."""
    budget = LocalBudget(RATE, BURST)
    now = 1000.0
    for _ in range(20):
        assert budget.spend("office", PAGE_VIEW, now) == 0
    refused = 0
    for tenth in range(1, 600):
        now = 1000.0 + tenth / 10
        # Every tenth of a second: the fast clicker's click and one of the others' (20 people
        # clicking every 2 s); every half second one of them opens a page (each every 10 s).
        charges = [WEIGHT_EVENT, WEIGHT_EVENT]
        if tenth % 5 == 0:
            charges.append(PAGE_VIEW)
        refused += sum(1 for cost in charges if budget.spend("office", cost, now) > 0)
    assert refused == 0


def test_a_charge_of_exactly_the_burst_fits_whatever_the_clock_reads() -> None:
    """The monotonic clock is the machine's uptime: `now + charge` is rounded when the sum
    crosses a power of two (at an uptime of 624-1,024 s, 7,792-8,192 s, ...), and a charge
    that fits exactly was then refused, about one time in four in those windows."""
    for power in (10, 13, 14, 17, 20):
        for step in range(400):
            now = 2.0**power - 399.9 + step + 0.123456789
            budget = LocalBudget(0.01, WEIGHT_CONNECT + WEIGHT_HYDRATE)
            assert budget.spend("first", WEIGHT_CONNECT + WEIGHT_HYDRATE, now) == 0, now
            assert budget.spend("first", WEIGHT_EVENT, now) > 0


def test_one_address_gets_its_burst_then_its_rate_and_no_more() -> None:
    budget = LocalBudget(RATE, BURST)
    allowed = sum(budget.spend("flood", WEIGHT_HYDRATE, 0.0) == 0 for _ in range(1000))
    assert allowed == int(BURST // WEIGHT_HYDRATE)
    # A second later, a second's worth: whatever the number of sockets it came from.
    allowed = sum(budget.spend("flood", WEIGHT_HYDRATE, 1.0) == 0 for _ in range(1000))
    assert allowed == int(RATE // WEIGHT_HYDRATE)
    # The refusal says how long until the charge would fit.
    assert budget.spend("flood", WEIGHT_HYDRATE, 1.0) == pytest.approx(WEIGHT_HYDRATE / RATE, rel=0.01)
    # Another address is not touched.
    assert budget.spend("visitor", PAGE_VIEW, 1.0) == 0


def test_the_budget_counts_an_ipv6_64_as_one_address_and_skips_exempt_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LIMIT_EXEMPT", raising=False)
    assert budget_key("2001:db8:1:2::1") == budget_key("2001:db8:1:2:ffff::9")
    assert budget_key("2001:db8:1:2::1") != budget_key("2001:db8:1:3::1")
    assert budget_key("203.0.113.9") != budget_key("203.0.113.10")
    # A keyed hash: the address itself is never a key.
    assert "203.0.113.9" not in budget_key("203.0.113.9")
    monkeypatch.setenv("LIMIT_EXEMPT", "127.0.0.1 10.0.0.0/8")
    assert budget_key("10.1.2.3") == budget_key("127.0.0.1") == ""
    assert budget_key("::ffff:10.1.2.3") == ""
    assert budget_key("127.0.0.2") != ""


def test_in_one_process_every_socket_of_an_address_draws_on_one_budget() -> None:
    async def scenario() -> None:
        budget = AddressBudget(RATE, BURST, redis=no_redis)
        limiter = EventLimiter(rate=20, burst=60, close_after=100, log_every_s=60, budget=budget)
        namespace = SimpleNamespace(namespace="/_event", server=None)
        # 16 sockets of one address, each well inside its own allowance of 60.
        for sid in range(16):
            limiter.addresses[f"s{sid}"] = "flooder"
        limiter.addresses["visitor"] = "visitor"
        verdicts = [await limiter.admit_event(namespace, f"s{n % 16}", HYDRATE) for n in range(16 * 50)]
        allowed = verdicts.count(Verdict.ALLOW)
        assert BURST // WEIGHT_HYDRATE <= allowed <= (BURST + RATE) // WEIGHT_HYDRATE, allowed
        assert await limiter.admit_event(namespace, "visitor", HYDRATE) is Verdict.ALLOW
        assert budget.refused == len(verdicts) - allowed and len(budget.refused_keys) == 1

    run_in_own_thread(scenario)


# --- the same budget shared by workers through Redis ----------------------------------------------


class Counting:
    """Counts the calls a Redis client sends."""

    def __init__(self, redis: Redis) -> None:
        self.calls = 0
        original = redis.execute_command

        async def execute_command(*args: Any, **options: Any) -> Any:
            self.calls += 1
            return await original(*args, **options)

        redis.execute_command = execute_command  # type: ignore[method-assign]


def test_two_workers_share_one_budget_through_redis(redis_url: str) -> None:
    async def scenario() -> None:
        workers = [AddressBudget(RATE, BURST, redis=lambda: Redis.from_url(redis_url)) for _ in range(2)]
        started = time.monotonic()
        allowed = 0
        for n in range(400):
            allowed += await workers[n % 2].spend("shared-address", WEIGHT_HYDRATE)
        elapsed = time.monotonic() - started
        # Together they allowed what one budget allows, not twice its burst.
        assert allowed <= (BURST + RATE * elapsed) / WEIGHT_HYDRATE + 1, (allowed, elapsed)
        assert allowed >= BURST / WEIGHT_HYDRATE - 1
        assert workers[0].refused and workers[1].refused
        # Another address on either worker is served.
        assert await workers[1].spend("another-address", PAGE_VIEW)
        # The key lives in Redis only as long as the budget remembers it.
        redis = Redis.from_url(redis_url)
        ttl_ms = await redis.pttl(KEY_PREFIX + "shared-address")
        assert 0 < ttl_ms <= BURST / RATE * 1000 + 2
        await redis.aclose()

    run_in_own_thread(scenario)


def test_a_refused_address_costs_no_redis_call_until_its_wait_is_over(redis_url: str) -> None:
    counted: list[Counting] = []

    def client() -> Redis:
        redis = Redis.from_url(redis_url)
        counted.append(Counting(redis))
        return redis

    async def scenario() -> None:
        budget = AddressBudget(rate=1, burst=2, redis=client)
        assert await budget.spend("slow-address", 2)
        assert not await budget.spend("slow-address", 2)
        calls = counted[0].calls
        for _ in range(1000):
            assert not await budget.spend("slow-address", 1)
        assert counted[0].calls == calls, "a refused address is refused here, without asking Redis"
        assert budget.refused == 1001

    run_in_own_thread(scenario)


def test_without_redis_each_worker_counts_on_its_own(redis_url: str) -> None:
    closed = f"redis://127.0.0.1:{free_port()}"

    async def scenario() -> None:
        budget = AddressBudget(RATE, BURST, redis=lambda: Redis.from_url(closed, socket_connect_timeout=1))
        started = time.monotonic()
        allowed = sum([await budget.spend("address", WEIGHT_HYDRATE) for _ in range(300)])
        # Quickly: one failed call, then a second of counting here before Redis is tried again.
        assert time.monotonic() - started < 2
        assert budget.redis_errors >= 1 and budget.last_redis_error
        assert allowed <= BURST / WEIGHT_HYDRATE + 2

    run_in_own_thread(scenario)


# --- in front of Reflex's handlers ----------------------------------------------------------------


class FakeNamespace:
    """What the wrappers use of Reflex's EventNamespace; Reflex's own handlers are recorded."""

    namespace = "/_event"

    def __init__(self, limiter: EventLimiter) -> None:
        self.connected: list[str] = []
        self.handled: list[tuple[str, Any]] = []
        self.disconnected: list[str] = []
        self.server = SimpleNamespace(
            manager=SimpleNamespace(eio_sid_from_sid=lambda sid, namespace: None),
            eio=SimpleNamespace(sockets={}),
            get_environ=lambda sid, namespace: None,
        )

        async def reflex_connect(namespace: Any, sid: str, environ: dict, auth: Any = None) -> None:
            self.connected.append(sid)
            if isinstance(auth, dict) and "event" in auth:
                await namespace.on_event(sid, auth["event"])  # as Reflex runs the boot event

        async def reflex_event(namespace: Any, sid: str, data: Any) -> None:
            self.handled.append((sid, data))

        def reflex_disconnect(namespace: Any, sid: str) -> None:
            self.disconnected.append(sid)

        self._on_connect, self._on_event, self._on_disconnect = wrap(
            reflex_connect, reflex_event, reflex_disconnect, limiter
        )

    async def on_connect(self, sid: str, environ: dict, auth: Any = None) -> bool | None:
        return await self._on_connect(self, sid, environ, auth)

    async def on_event(self, sid: str, data: Any) -> None:
        await self._on_event(self, sid, data)

    async def disconnect(self, sid: str) -> None:
        self.disconnected.append(sid)


def _environ(peer: str, forwarded: str = "") -> dict:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"asgi.scope": {"client": (peer, 50000), "headers": headers}}


def test_a_connect_over_budget_is_refused_before_reflex_sees_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFLEX_TRUSTED_PROXY_HOPS", "1")
    monkeypatch.delenv("BACKEND_TRUSTED_PROXIES", raising=False)
    monkeypatch.delenv("LIMIT_EXEMPT", raising=False)

    async def scenario() -> None:
        # Room for exactly one page view's connect and hydrate.
        burst = WEIGHT_CONNECT + WEIGHT_HYDRATE
        budget = AddressBudget(rate=0.01, burst=burst, redis=no_redis)
        limiter = EventLimiter(
            rate=20, burst=60, close_after=100, log_every_s=60, budget=budget, close_over_budget_after=3
        )
        namespace = FakeNamespace(limiter)
        # The address is nginx's X-Forwarded-For (a trusted proxy), not the peer.
        assert await namespace.on_connect("a1", _environ("127.0.0.1", "198.51.100.7"), {"event": HYDRATE}) is not False
        # The hydrate that came with the connect was charged with it, once.
        assert namespace.handled == [("a1", HYDRATE)]
        assert budget.refused == 0
        # The same address again, from another socket: refused before Reflex does anything.
        assert await namespace.on_connect("a2", _environ("127.0.0.1", "198.51.100.7"), {"event": HYDRATE}) is False
        assert namespace.connected == ["a1"]
        assert "a2" not in limiter.addresses and "a2" not in limiter.buckets
        # A client reaching the backend directly cannot name another address to dodge it.
        forged = _environ("198.51.100.7", "203.0.113.1")
        assert await namespace.on_connect("a3", forged, {"event": HYDRATE}) is False
        # Another visitor is served.
        assert await namespace.on_connect("b1", _environ("127.0.0.1", "198.51.100.8"), {"event": HYDRATE}) is not False
        # Events of the address over budget are dropped, and its socket closed once it persists
        # (sooner than a socket over its own rate: the address's every message is work for nothing).
        for _ in range(3):
            await namespace.on_event("a1", TICK)
        assert namespace.handled == [("a1", HYDRATE), ("b1", HYDRATE)]
        assert namespace.disconnected == ["a1"]
        assert limiter.closed == 1

    run_in_own_thread(scenario)


def test_the_production_budget_is_in_front_of_reflex() -> None:
    from reflex.app import EventNamespace

    import consultancy.consultancy  # noqa: F401  (installs the adaptations)

    assert getattr(EventNamespace, "_consultancy_limited", False)
    assert event_limits.LIMITER.budget is not None
    assert address_budget._key is address_key, "the budget counts the enquiry limits' keyed hash"
    assert address_budget.SPEND.count("redis.call('TIME')") == 1, "Redis's clock: every worker and host agree"
