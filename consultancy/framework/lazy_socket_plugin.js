// Added by consultancy/framework/lazy_socket.py to the generated vite.config.js, after the
// constants CLIENT_MODULE and ON_MOUNT_ID: the websocket opens on the first backend event.
// Each patch: [what it is, Reflex's code in utils/state.js, the code it becomes].
const LAZY_SOCKET_PATCHES = [
  [
    "static import of socket.io-client",
    "import io from \"socket.io-client\";\n",
    "// socket.io-client is imported when the first socket opens (consultancy/framework/lazy_socket.py).\nlet io;\nlet ioLoading;\nconst backendOnMount = () => document.getElementById(" + JSON.stringify(ON_MOUNT_ID) + ") !== null;\n",
  ],
  [
    "warm-up transport at start-up",
    "    if (\n      socketStarted ||\n",
    "    if (\n      !io ||\n      socketStarted ||\n",
  ],
  [
    "connect: the client library",
    "  // Get backend URL object from the endpoint.\n  const endpoint = getBackendURL(EVENTURL);\n",
    "  if (!io) {\n    await (ioLoading ??= import(" + JSON.stringify(CLIENT_MODULE) + ").then((module) => {\n      io = module.default;\n    }));\n    // Another event may have opened the socket while the library loaded.\n    if (socket.current) {\n      if (!socket.current.connected) socket.current.reconnect();\n      return;\n    }\n  }\n  // Get backend URL object from the endpoint.\n  const endpoint = getBackendURL(EVENTURL);\n",
  ],
  [
    "connect on mount",
    "    mounted.current = true;\n    ensureSocketConnected();\n",
    "    mounted.current = true;\n    if (backendOnMount()) ensureSocketConnected();\n",
  ],
];
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
