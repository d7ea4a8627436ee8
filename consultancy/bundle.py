"""Leaves framework code the site never runs out of its JavaScript (issue 18).

Reflex writes `.web/vite.config.js` on every compile; this plugin adds one Vite plugin to it
(through the compile's modify-file hook, so the generated file stays Reflex's own):

- **Emotion.** Every compiled page and Reflex's runtime call `jsx` from `@emotion/react`,
  which only differs from React's `createElement` for a `css` prop. The site styles with
  its stylesheet and class names and renders no `css` prop (tests/test_compiled.py checks
  the compiled pages), so `@emotion/react` resolves to a module whose `jsx` is
  `createElement`: Emotion, Stylis, react-is and hoist-non-react-statics leave the bundle.
- **engine.io transports.** The site's websocket connects with the `websocket` transport
  only (Reflex's `TRANSPORT` setting), yet engine.io's default transport table pulls in
  long-polling over XHR and WebTransport. The table is replaced by one with the websocket
  transport alone.

Both apply to the client build and the prerender alike, so the prerendered HTML and the
hydrating page come from the same code.
"""

from __future__ import annotations

from reflex.plugins.base import Plugin

VITE_CONFIG = "vite.config.js"
VITE_PLUGIN = r"""
// Added by consultancy/bundle.py: framework code the site never runs stays out of the bundle.
function siteSlimBundle() {
  const emotion = "\0site-emotion-react";
  const transports = /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/;
  return {
    name: "site-slim-bundle",
    enforce: "pre",
    resolveId(source) {
      return source === "@emotion/react" ? emotion : null;
    },
    load(id) {
      if (id === emotion) {
        return 'import { createElement } from "react";\nexport const jsx = createElement;\n';
      }
      if (transports.test(id.split("?")[0])) {
        return 'import { WS } from "./websocket.node.js";\nexport const transports = { websocket: WS };\n';
      }
      return null;
    },
  };
}
"""
ANCHOR = "export default defineConfig("
PLUGINS = "  plugins: [\n"


def add_slim_bundle(config: str) -> str:
    """vite.config.js with the plugin defined and first in its plugin list."""
    if "siteSlimBundle" in config:
        return config
    if ANCHOR not in config or PLUGINS not in config:
        raise RuntimeError(f"{VITE_CONFIG}: Reflex's template changed; consultancy/bundle.py cannot add its plugin")
    config = config.replace(ANCHOR, VITE_PLUGIN.lstrip() + "\n" + ANCHOR, 1)
    return config.replace(PLUGINS, PLUGINS + "    siteSlimBundle(),\n", 1)


class SlimBundle(Plugin):
    """Adds `siteSlimBundle()` to the generated Vite config (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"](VITE_CONFIG, add_slim_bundle)
