"""Opens the websocket when the visitor first does something the backend keeps.

Every page shows what the visitor does from browser state (`consultancy/framework/client_state.py`);
the backend only keeps a copy of the checklist ticks, the lightbox and slide indexes and the
project filter, and never sends back anything a page shows. Yet Reflex's runtime opens a
socket on every page load and hydrates the whole state tree through it: on this site a
page view cost the backend a socket.io connect, a Redis lock, read and write of every
substate and a hydrate, even where the visitor only reads. That was most of the backend's
work under load (docs/load.md).

This Vite plugin changes Reflex's runtime (`.web/utils/state.js`, as the bundler reads it;
the file itself stays Reflex's) so that:

- the mount opens no socket, unless the page's layout says it needs the backend at once
  (`#backend-on-mount`: pages with an `on_load` handler, the staff inbox);
- the first event for the backend opens it, as Reflex already does for an event queued while
  disconnected: the event waits in Reflex's queue, the socket connects with the hydrate in
  its CONNECT packet, then the queue drains. What the visitor sees never waits for this;
- `socket.io-client` (and engine.io) is imported when the socket is first opened, so a page
  that never opens one never downloads it;
- there is no speculative "warm" transport at start-up (it would open a socket for nothing).

Each anchor is checked: if Reflex's runtime changes, the build stops with the anchor's name
instead of shipping a runtime that connects on every page again.
"""

from __future__ import annotations

import json
from pathlib import Path

from reflex.plugins.base import Plugin

from consultancy.framework.bundle import VITE_CONFIG, add_vite_plugin

# A module exporting socket.io's `io` alone: the dynamic import of socket.io-client itself
# would keep every export of its namespace, engine.io's unused transports among them.
CLIENT_MODULE = "virtual:site-socket-io"

# The element a page's layout renders when the page needs the backend as soon as it mounts.
ON_MOUNT_ID = "backend-on-mount"

VITE_PLUGIN = (
    "// Added by consultancy/framework/lazy_socket.py: the websocket opens on the first backend event.\n"
    f"const CLIENT_MODULE = {json.dumps(CLIENT_MODULE)};\n"
    f"const ON_MOUNT_ID = {json.dumps(ON_MOUNT_ID)};\n"
    + Path(__file__).with_name("lazy_socket_plugin.js").read_text(encoding="utf-8")
)


def add_lazy_socket(config: str) -> str:
    return add_vite_plugin(config, "siteLazySocket", VITE_PLUGIN)


class LazySocket(Plugin):
    """Adds `siteLazySocket()` to the generated Vite config (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"](VITE_CONFIG, add_lazy_socket)
