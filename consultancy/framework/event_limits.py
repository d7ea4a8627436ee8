"""A per-connection limit on websocket events, so one client cannot slow every visitor down.

Each socket gets a token bucket: EVENT_RATE events a second, with bursts of EVENT_BURST.
A visitor never comes near it: since the interactions moved into the browser, a page view
sends one to five events, and a fast clicker manages about ten a second. Events beyond it
are dropped before Reflex parses or queues them, so a flood costs the backend almost nothing
and leaves no backlog; a socket that keeps going (EVENT_CLOSE_AFTER drops) is closed, and
nginx's limit on new sockets per address (deploy/nginx.conf.in) slows its reconnects.

Refusals are logged as a summary every EVENT_LOG_EVERY_S seconds, never a line per
message: a flood must not turn into a flood of log lines.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any

from reflex.app import EventNamespace

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


class EventLimiter:
    def __init__(self, rate: float, burst: float, close_after: int, log_every_s: float) -> None:
        self.rate, self.burst, self.close_after, self.log_every_s = rate, burst, close_after, log_every_s
        self.buckets: dict[str, Bucket] = {}
        self.dropped = 0
        self.closed = 0
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
        bucket.dropped += 1
        self.dropped += 1
        self.offenders.add(sid)
        self._report_later()
        if bucket.dropped == self.close_after:
            self.closed += 1
            return Verdict.CLOSE
        return Verdict.DROP

    def forget(self, sid: str) -> None:
        self.buckets.pop(sid, None)

    def _report_later(self) -> None:
        if self._reporter is None or self._reporter.done():
            self._reporter = asyncio.get_running_loop().create_task(self._report())

    async def _report(self) -> None:
        """One line per period while there are refusals; the task ends after a quiet period."""
        while True:
            await asyncio.sleep(self.log_every_s)
            if not self.dropped:
                return
            logger.warning(
                "event limit: dropped %d events from %d connections, closed %d of them, in the last %.0f s",
                self.dropped,
                len(self.offenders),
                self.closed,
                self.log_every_s,
            )
            self.dropped, self.closed = 0, 0
            self.offenders.clear()


LIMITER = EventLimiter(
    rate=_setting("EVENT_RATE", 20),
    burst=_setting("EVENT_BURST", 60),
    close_after=int(_setting("EVENT_CLOSE_AFTER", 100)),
    log_every_s=_setting("EVENT_LOG_EVERY_S", 60),
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


def install(limiter: EventLimiter = LIMITER) -> None:
    """Puts the limit in front of Reflex's event handler (the hydrate sent with a connect
    goes through it too) and forgets a socket's bucket when it closes."""
    if getattr(EventNamespace, "_consultancy_limited", False):
        return
    handle_event = EventNamespace.on_event
    handle_disconnect = EventNamespace.on_disconnect

    async def on_event(self: EventNamespace, sid: str, data: Any) -> None:
        verdict = limiter.check(sid)
        if verdict is Verdict.ALLOW:
            await handle_event(self, sid, data)
        elif verdict is Verdict.CLOSE:
            await close_connection(self, sid)

    def on_disconnect(self: EventNamespace, sid: str) -> asyncio.Task | None:
        limiter.forget(sid)
        return handle_disconnect(self, sid)

    EventNamespace.on_event = on_event  # type: ignore[method-assign]
    EventNamespace.on_disconnect = on_disconnect  # type: ignore[method-assign]
    EventNamespace._consultancy_limited = True  # type: ignore[attr-defined]
