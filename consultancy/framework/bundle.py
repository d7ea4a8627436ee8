"""Leaves framework code the site never runs out of its JavaScript.

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
- **Cookies.** Reflex's runtime reads and writes state kept in cookies through
  `universal-cookie` (and its `cookie` parser). The site keeps no state in cookies, but the
  runtime imports it anyway; it gets a dozen lines over `document.cookie` with the same
  `get` / `set` / `remove` calls instead.
- **One module per memoized component.** Reflex writes the site's 150 stateful components
  into one module (`.web/app_components/consultancy/templates/webpage.jsx`), so every page
  loaded all of them: the finder's form, the lightbox, every service page's checklist. The
  module becomes one re-export per component, each component a module of its own (the
  file's imports, then that component), and the bundler puts each where the pages that use
  it are: the header and footer in a chunk all pages share, the rest in the pages' own.

- **Uploads.** The runtime's upload helper (progress, chunking, cancelling) serves
  `rx.upload`, which the site does not use; the import resolves to a function that says so.
- **Merging objects.** Reflex merges a component's own props into a slot's with `mergician`,
  a general deep-merge library with options the runtime never passes; it gets the plain
  deep merge of two props objects it uses (own keys win, nested plain objects merged).
- **Scroll restoration.** React Router's `<ScrollRestoration>` keeps scroll positions for
  its client-side navigations, which the site does not make (every link loads a document,
  consultancy/framework/paint.py). It saved them on `pagehide`, reading the scroll position of the
  page being left, which forced a style pass of the whole page (20-35 ms at a phone's CPU)
  before the next page could be shown. Without it the browser restores positions itself.
- **Colour modes.** Reflex's root wraps every page in a provider that keeps the light or dark
  mode in React state and follows the system's setting, and puts an inline script first in
  the head that reads the saved mode from localStorage and sets the class and
  `color-scheme` on `<html>`. The site's stylesheet has one scheme: the provider renders
  its children only, and the script only adds the class `js` to `<html>` (the stylesheet's
  sign that scripts run). The old one took 10 ms of a cold page's parse (localStorage's
  first read), 40 at Lighthouse's 4x CPU, and gave a phone in dark mode `color-scheme:
  dark` (dark form controls and scroll bars) on a light page.
- **The runtime for eval'd components.** Reflex's root puts its runtime modules on
  `window.__reflex` for components it would build at run time from strings. The site has
  none (its Content-Security-Policy forbids `eval`), and the namespace objects kept every
  export of the runtime in the bundle whether used or not; the assignment is dropped.
- **Fewer small files.** The components nearly every page shows (the header, footer and
  menus) are one chunk instead of four, and Reflex's few URLs from env.json go in with its
  runtime instead of a file of their own: fewer requests and sets of headers on a first visit.
  (React, React DOM and React Router in one chunk too saved 2 KB more as sent, but Lighthouse
  then measured 30-50 ms more blocking time on the same pages: one large script is compiled
  in one long task. They stay in React Router's own chunks.)

All apply to the client build and the prerender alike, so the prerendered HTML and the
hydrating page come from the same code.
"""

from __future__ import annotations

from pathlib import Path

from reflex.plugins.base import Plugin

VITE_CONFIG = "vite.config.js"
# The Vite plugin itself (JavaScript, added to the generated vite.config.js).
VITE_PLUGIN = Path(__file__).with_name("bundle_plugin.js").read_text(encoding="utf-8")
ANCHOR = "export default defineConfig("
PLUGINS = "  plugins: [\n"


def add_vite_plugin(config: str, name: str, definition: str, imports: str = "") -> str:
    """vite.config.js with the plugin `name()` defined (by `definition`) and first in its list."""
    if f"{name}()" in config:
        return config
    if ANCHOR not in config or PLUGINS not in config:
        raise RuntimeError(f"{VITE_CONFIG}: Reflex's template changed; cannot add the Vite plugin {name}")
    config = imports + config.replace(ANCHOR, definition.lstrip() + "\n" + ANCHOR, 1)
    return config.replace(PLUGINS, PLUGINS + f"    {name}(),\n", 1)


def add_slim_bundle(config: str) -> str:
    return add_vite_plugin(config, "siteSlimBundle", VITE_PLUGIN, 'import { readFileSync } from "fs";\n')


class SlimBundle(Plugin):
    """Adds `siteSlimBundle()` to the generated Vite config (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"](VITE_CONFIG, add_slim_bundle)
