"""Limits on websocket events, so one client cannot slow every visitor down.

Each socket gets a token bucket: EVENT_RATE events a second, with bursts of EVENT_BURST.
A visitor never comes near it: since the interactions moved into the browser, a page view
sends one to five events, and a fast clicker manages about ten a second. Events beyond it
are dropped before Reflex parses or queues them, so a flood costs the backend almost nothing
and leaves no backlog; a socket that keeps going (EVENT_CLOSE_AFTER drops) is closed, and
nginx's limit on new sockets per address (deploy/nginx.conf.in) slows its reconnects.

Each address also has a budget of weighted work across all its sockets and every worker
(address_budget.py): a connect over it is refused, an event over it dropped like one over
its socket's bucket.

Refusals are logged as a summary every EVENT_LOG_EVERY_S seconds, never a line per
message: a flood must not turn into a flood of log lines.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any

from reflex.app import EventNamespace
from reflex_base import constants

from consultancy.framework.address_budget import WEIGHT_CONNECT, AddressBudget, budget_key, event_weight
from consultancy.framework.trusted_proxies import socket_address

logger = logging.getLogger("consultancy.framework.event_limits")


def _setting(name: str, default: float) -> float:
    value = os.environ.get(name, "")
    try:
        return float(value) if value else default
    except ValueError as error:
        raise SystemExit(f"{name}={value!r}: not a number") from error


class Verdict(Enum):
    ALLOW = "allow"
    DROP = "drop"
    CLOSE = "close"


@dataclass
class Bucket:
    tokens: float
    refilled_at: float
    dropped: int = 0
    over_budget: int = 0


class EventLimiter:
    def __init__(
        self,
        rate: float,
        burst: float,
        close_after: int,
        log_every_s: float,
        budget: AddressBudget | None = None,
        close_over_budget_after: int = 10,
    ) -> None:
        self.rate, self.burst, self.close_after, self.log_every_s = rate, burst, close_after, log_every_s
        self.budget, self.close_over_budget_after = budget, close_over_budget_after
        self.buckets: dict[str, Bucket] = {}
        # Each socket's address as the budget counts it (a keyed hash; "" when exempt).
        self.addresses: dict[str, str] = {}
        self.dropped = 0
        self.closed = 0
        self.refused_connects = 0
        self.offenders: set[str] = set()
        self._reporter: asyncio.Task | None = None

    def check(self, sid: str) -> Verdict:
        now = time.monotonic()
        bucket = self.buckets.get(sid)
        if bucket is None:
            bucket = self.buckets[sid] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.refilled_at) * self.rate)
        bucket.refilled_at = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return Verdict.ALLOW
        return self.drop(sid)

    def drop(self, sid: str, over_budget: bool = False) -> Verdict:
        """Counts a dropped event against its socket: DROP, or CLOSE at the socket's limit
        (sooner for events over the address's budget: every message a socket of an address
        over budget sends is work for nothing)."""
        bucket = self.buckets.get(sid)
        if bucket is None:
            bucket = self.buckets[sid] = Bucket(0, time.monotonic())
        bucket.dropped += 1
        bucket.over_budget += over_budget
        self.dropped += 1
        self.offenders.add(sid)
        self._report_later()
        if bucket.dropped == self.close_after or (over_budget and bucket.over_budget == self.close_over_budget_after):
            self.closed += 1
            return Verdict.CLOSE
        return Verdict.DROP

    async def admit_connect(self, sid: str, environ: dict, boot_event: Any) -> bool:
        """Charges a new socket's connect (and the hydrate sent with it) to its address."""
        key = self.addresses[sid] = budget_key(socket_address(environ))
        if self.budget is None:
            return True
        cost = WEIGHT_CONNECT + (event_weight(boot_event) if boot_event is not None else 0)
        allowed = await self.budget.spend(key, cost)
        if self.budget.redis_errors:
            self._report_later()
        if allowed:
            return True
        self.refused_connects += 1
        self.forget(sid)
        self._report_later()
        return False

    async def admit_event(self, namespace: EventNamespace, sid: str, data: Any) -> Verdict:
        """The socket's bucket first (no Redis call for a socket flooding on its own), then
        the address's budget."""
        verdict = self.check(sid)
        if verdict is not Verdict.ALLOW or self.budget is None or _PAID.get():
            return verdict
        key = self.addresses.get(sid)
        if key is None:
            # A socket whose connect this worker did not see: socket.io still has its request.
            server = getattr(namespace, "server", None)
            environ = server.get_environ(sid, namespace.namespace) if server is not None else None
            key = self.addresses[sid] = budget_key(socket_address(environ)) if environ else ""
        allowed = await self.budget.spend(key, event_weight(data))
        if self.budget.redis_errors:
            self._report_later()
        return Verdict.ALLOW if allowed else self.drop(sid, over_budget=True)

    def forget(self, sid: str) -> None:
        self.buckets.pop(sid, None)
        self.addresses.pop(sid, None)

    def _report_later(self) -> None:
        if self._reporter is None or self._reporter.done():
            self._reporter = asyncio.get_running_loop().create_task(self._report())

    async def _report(self) -> None:
        """One line per period while there are refusals; the task ends after a quiet period."""
        while True:
            await asyncio.sleep(self.log_every_s)
            budget = self.budget
            if not self.dropped and not self.refused_connects and not (budget and budget.redis_errors):
                return
            if self.dropped:
                logger.warning(
                    "event limit: dropped %d events from %d connections, closed %d of them, in the last %.0f s",
                    self.dropped,
                    len(self.offenders),
                    self.closed,
                    self.log_every_s,
                )
            if budget is not None and budget.refused:
                logger.warning(
                    "event budget: refused %d connects and %d events from %d addresses, in the last %.0f s",
                    self.refused_connects,
                    budget.refused - self.refused_connects,
                    len(budget.refused_keys),
                    self.log_every_s,
                )
            if budget is not None and budget.redis_errors:
                logger.warning(
                    "event budget: %d calls to Redis failed (%s); counted in this worker meanwhile, in the last %.0f s",
                    budget.redis_errors,
                    budget.last_redis_error,
                    self.log_every_s,
                )
            self.dropped, self.closed, self.refused_connects = 0, 0, 0
            self.offenders.clear()
            if budget is not None:
                budget.refused, budget.redis_errors = 0, 0
                budget.refused_keys.clear()


# The connect running the hydrate it brought (Reflex passes it to on_event from on_connect):
# already charged with the connect.
_PAID: contextvars.ContextVar[bool] = contextvars.ContextVar("consultancy_event_paid", default=False)

# Per address, in units of an ordinary event (weights in address_budget.py). Sized for
# people, never for an attacker: 20 people behind one carrier address loading a page at
# the same moment is 20 x (connect 2 + hydrate 2 + up to 4 events) = 160 units, under the
# burst; the same 20 reading (a page every 10 s, a click every 2 s each, about 26 units a
# second) with one of them clicking ten times a second stays under the rate.
LIMITER = EventLimiter(
    rate=_setting("EVENT_RATE", 20),
    burst=_setting("EVENT_BURST", 60),
    close_after=int(_setting("EVENT_CLOSE_AFTER", 100)),
    log_every_s=_setting("EVENT_LOG_EVERY_S", 60),
    budget=AddressBudget(rate=_setting("EVENT_ADDRESS_RATE", 40), burst=_setting("EVENT_ADDRESS_BURST", 200)),
    close_over_budget_after=int(_setting("EVENT_ADDRESS_CLOSE_AFTER", 10)),
)


async def close_connection(namespace: EventNamespace, sid: str) -> None:
    """Closes the socket.io session and the websocket under it.

    A socket.io or engine.io disconnect only sends the client a close packet and waits for
    it to hang up; a client that ignores it keeps its websocket, and every message it sends
    is still read and parsed. engine.io's writer closes the websocket when it takes None
    from the socket's queue (its own signal for "the connection is over"), so that is put
    there once the close packet is queued."""
    server = namespace.server
    eio_sid = server.manager.eio_sid_from_sid(sid, namespace.namespace)
    socket = server.eio.sockets.get(eio_sid) if eio_sid is not None else None
    await namespace.disconnect(sid)
    if socket is not None:
        await server.eio.disconnect(eio_sid)
        socket.queue.put_nowait(None)


async def _close_refused(namespace: EventNamespace, eio_sid: str | None) -> None:
    """Closes the websocket of a refused connect once socket.io has queued its refusal."""
    await asyncio.sleep(0)
    socket = namespace.server.eio.sockets.get(eio_sid) if eio_sid is not None else None
    if socket is not None:
        await namespace.server.eio.disconnect(eio_sid)
        socket.queue.put_nowait(None)


def wrap(handle_connect: Any, handle_event: Any, handle_disconnect: Any, limiter: EventLimiter) -> tuple[Any, ...]:
    """Reflex's connect, event and disconnect handlers with the limits in front."""

    async def on_connect(self: EventNamespace, sid: str, environ: dict, auth: Any = None) -> bool | None:
        boot_event = auth.get(constants.CompileVars.CONNECT_AUTH_EVENT) if isinstance(auth, dict) else None
        if not await limiter.admit_connect(sid, environ, boot_event):
            # socket.io answers a refused connect; the websocket under it is closed too.
            eio_sid = self.server.manager.eio_sid_from_sid(sid, self.namespace)
            asyncio.get_running_loop().create_task(_close_refused(self, eio_sid))
            return False
        paid = _PAID.set(boot_event is not None)
        try:
            return await handle_connect(self, sid, environ, auth)
        finally:
            _PAID.reset(paid)

    async def on_event(self: EventNamespace, sid: str, data: Any) -> None:
        verdict = await limiter.admit_event(self, sid, data)
        if _PAID.get():
            # Only the boot event is paid for; anything it starts is charged as usual.
            _PAID.set(False)
        if verdict is Verdict.ALLOW:
            await handle_event(self, sid, data)
        elif verdict is Verdict.CLOSE:
            await close_connection(self, sid)

    def on_disconnect(self: EventNamespace, sid: str) -> asyncio.Task | None:
        limiter.forget(sid)
        return handle_disconnect(self, sid)

    return on_connect, on_event, on_disconnect


def install(limiter: EventLimiter = LIMITER) -> None:
    """Puts the limits in front of Reflex's connect and event handlers (the hydrate sent with
    a connect goes through both, charged once) and forgets a socket when it closes."""
    if getattr(EventNamespace, "_consultancy_limited", False):
        return
    on_connect, on_event, on_disconnect = wrap(
        EventNamespace.on_connect, EventNamespace.on_event, EventNamespace.on_disconnect, limiter
    )
    EventNamespace.on_connect = on_connect  # type: ignore[method-assign]
    EventNamespace.on_event = on_event  # type: ignore[method-assign]
    EventNamespace.on_disconnect = on_disconnect  # type: ignore[method-assign]
    EventNamespace._consultancy_limited = True  # type: ignore[attr-defined]
