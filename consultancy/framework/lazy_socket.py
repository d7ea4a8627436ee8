"""Opens the websocket when the visitor first does something the backend keeps (issue 15).

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

from reflex.plugins.base import Plugin

from consultancy.framework.bundle import VITE_CONFIG, add_vite_plugin

# A module exporting socket.io's `io` alone: the dynamic import of socket.io-client itself
# would keep every export of its namespace, engine.io's unused transports among them.
CLIENT_MODULE = "virtual:site-socket-io"

# The element a page's layout renders when the page needs the backend as soon as it mounts.
ON_MOUNT_ID = "backend-on-mount"

# (name, Reflex's code, the code it becomes)
PATCHES: list[tuple[str, str, str]] = [
    (
        "static import of socket.io-client",
        'import io from "socket.io-client";\n',
        "// socket.io-client is imported when the first socket opens (consultancy/framework/lazy_socket.py).\n"
        "let io;\nlet ioLoading;\n"
        f"const backendOnMount = () => document.getElementById({json.dumps(ON_MOUNT_ID)}) !== null;\n",
    ),
    (
        "warm-up transport at start-up",
        "    if (\n      socketStarted ||\n",
        "    if (\n      !io ||\n      socketStarted ||\n",
    ),
    (
        "connect: the client library",
        "  // Get backend URL object from the endpoint.\n  const endpoint = getBackendURL(EVENTURL);\n",
        "  if (!io) {\n"
        f"    await (ioLoading ??= import({json.dumps(CLIENT_MODULE)}).then((module) => {{\n"
        "      io = module.default;\n"
        "    }));\n"
        "    // Another event may have opened the socket while the library loaded.\n"
        "    if (socket.current) {\n"
        "      if (!socket.current.connected) socket.current.reconnect();\n"
        "      return;\n"
        "    }\n"
        "  }\n"
        "  // Get backend URL object from the endpoint.\n  const endpoint = getBackendURL(EVENTURL);\n",
    ),
    (
        "connect on mount",
        "    mounted.current = true;\n    ensureSocketConnected();\n",
        "    mounted.current = true;\n    if (backendOnMount()) ensureSocketConnected();\n",
    ),
]

VITE_PLUGIN = (
    "// Added by consultancy/framework/lazy_socket.py: the websocket opens on the first backend event.\n"
    f"const CLIENT_MODULE = {json.dumps(CLIENT_MODULE)};\n"
    f"const LAZY_SOCKET_PATCHES = {json.dumps([[name, old, new] for name, old, new in PATCHES])};\n"
    + r"""
function siteLazySocket() {
  const runtime = /[\\/]utils[\\/]state\.js$/;
  const client = "\0" + CLIENT_MODULE;
  return {
    name: "site-lazy-socket",
    enforce: "pre",
    resolveId(source) {
      return source === CLIENT_MODULE ? client : null;
    },
    load(id) {
      return id === client ? 'import io from "socket.io-client";\nexport default io;\n' : null;
    },
    transform(code, id) {
      if (!runtime.test(id.split("?")[0])) return null;
      for (const [name, before, after] of LAZY_SOCKET_PATCHES) {
        if (code.split(before).length !== 2) {
          this.error(`consultancy/framework/lazy_socket.py: Reflex's utils/state.js changed; "${name}" not found once`);
        }
        code = code.replace(before, () => after);
      }
      return { code, map: null };
    },
  };
}
"""
)


def add_lazy_socket(config: str) -> str:
    return add_vite_plugin(config, "siteLazySocket", VITE_PLUGIN)


class LazySocket(Plugin):
    """Adds `siteLazySocket()` to the generated Vite config (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"](VITE_CONFIG, add_lazy_socket)
