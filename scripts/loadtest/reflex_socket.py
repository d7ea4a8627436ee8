"""Speaking to the Reflex backend over its websocket as the browser client does: engine.io
open, socket.io namespace `/_event`, hydrate, then events answered by state deltas.

Plain websocket-client calls: the Locust visitors (under gevent) and the independent probe
(a thread of scripts/load.py) use the same functions.
"""

from __future__ import annotations

import json
import socket
import uuid
from urllib.parse import urlparse

import websocket

STATE = "reflex___state____state"
CHECKLIST = f"{STATE}.consultancy___components___checklist___state____checklist_state"


def router(path: str) -> dict:
    return {"pathname": path, "asPath": path}


def read_until(ws: websocket.WebSocket, marker: str) -> int:
    """Reads frames until one contains `marker`; answers engine.io pings meanwhile."""
    while True:
        frame = ws.recv()
        if frame == "2":
            ws.send("3")
            continue
        if marker in frame:
            return len(frame)


def open_socket(
    base_url: str,
    timeout: float = 15,
    source: str | None = None,
    token: str | None = None,
    origin: str | None = None,
    cookie: str | None = None,
) -> websocket.WebSocket:
    """An engine.io websocket, with a fresh token unless one is given (a visitor coming back).
    `source` binds it to one loopback address, so one test machine can be several visitors'
    addresses (127.0.0.2 is another address); `origin` is the page's origin it claims
    (by default the backend's own); `cookie` is sent with the handshake, as a browser would."""
    url = base_url.replace("http", "ws", 1) + f"/_event/?EIO=4&transport=websocket&token={token or uuid.uuid4()}"
    tcp = None
    if source:
        target = urlparse(base_url)
        tcp = socket.create_connection((target.hostname, target.port), timeout=timeout, source_address=(source, 0))
    ws = websocket.create_connection(url, timeout=timeout, socket=tcp, origin=origin, cookie=cookie)
    ws.recv()  # engine.io open
    return ws


def connect_and_hydrate(
    base_url: str,
    path: str,
    timeout: float = 15,
    source: str | None = None,
    origin: str | None = None,
    cookie: str | None = None,
) -> websocket.WebSocket:
    """A new visitor's socket for `path` (a fresh token), hydrated as a page load does."""
    ws = open_socket(base_url, timeout, source, origin=origin, cookie=cookie)
    hydrate = {"event": {"name": f"{STATE}.hydrate_and_load", "payload": {}, "router_data": router(path)}}
    ws.send("40/_event," + json.dumps(hydrate))
    read_until(ws, '"is_hydrated_rx_state_":true')
    return ws


def send_event(ws: websocket.WebSocket, handler: str, payload: dict, marker: str, path: str) -> int:
    """Sends one state event and waits for the delta that answers it (a delta containing `marker`)."""
    message = ["event", {"name": handler, "payload": payload, "router_data": router(path)}]
    ws.send("42/_event," + json.dumps(message))
    return read_until(ws, marker)
