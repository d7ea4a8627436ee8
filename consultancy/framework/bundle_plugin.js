// Added by consultancy/framework/bundle.py: framework code the site never runs stays out of the bundle.
const COOKIES = `export default class Cookies {
  get(name) {
    for (const pair of (typeof document === "undefined" ? "" : document.cookie).split("; ")) {
      const at = pair.indexOf("=");
      if (at > 0 && decodeURIComponent(pair.slice(0, at)) === name) return decodeURIComponent(pair.slice(at + 1));
    }
    return undefined;
  }
  set(name, value, options = {}) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    let cookie = encodeURIComponent(name) + "=" + encodeURIComponent(text);
    if (options.path) cookie += "; Path=" + options.path;
    if (options.domain) cookie += "; Domain=" + options.domain;
    if (options.maxAge !== undefined && options.maxAge !== null) cookie += "; Max-Age=" + options.maxAge;
    if (options.expires) cookie += "; Expires=" + new Date(options.expires).toUTCString();
    if (options.secure) cookie += "; Secure";
    if (options.sameSite) cookie += "; SameSite=" + (options.sameSite === true ? "Strict" : options.sameSite);
    document.cookie = cookie;
  }
  remove(name, options = {}) {
    this.set(name, "", { ...options, maxAge: 0, expires: 0 });
  }
}
`;

const MERGE = `const plain = (value) =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
const merge = (into, from) => {
  const out = { ...into };
  for (const key of Object.keys(from)) {
    out[key] = plain(out[key]) && plain(from[key]) ? merge(out[key], from[key]) : from[key];
  }
  return out;
};
export const mergician = (...objects) => objects.reduce((out, object) => merge(out, object ?? {}), {});
`;
const UPLOAD = `export const uploadFiles = async () => {
  throw new Error("This site has no file uploads (consultancy/framework/bundle.py).");
};
`;
// The site has one colour scheme: the provider that kept the light or dark mode in React
// state goes, and so does Reflex's head script that put it on <html> (below).
const THEME = "export const ThemeProvider = ({ children }) => children;\n";
const SCROLL_RESTORATION = "jsx(ScrollRestoration,{},),";
// Reflex's inline colour-mode script, the first in the head: it read localStorage and the
// system's scheme on every page (10 ms of a cold page's parse in Lighthouse's traces, 40 at
// its 4x CPU) and set color-scheme: dark on <html> for a phone in dark mode, over the
// stylesheet's light (dark checkboxes and scroll bars on a light page). What the site used
// it for was the class, as the sign that scripts run (assets/css/site.css): only that stays.
const COLOUR_MODE_SCRIPT = /jsx\("script",\{\},"\\n\/\/ Only run in browser environment(?:[^"\\]|\\.)*"\)/;
const SCRIPTS_RUN = 'jsx("script",{},"document.documentElement.classList.add(\\"js\\")")';
const REFLEX_GLOBALS = /\n\s*window\.__reflex = \{[^}]*\};/;
// V8's explicit compile hint: compile every function of the script eagerly, as it streams in.
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function siteSlimBundle() {
  const emotion = "\0site-emotion-react";
  const cookies = "\0site-cookies";
  const mergician = "\0site-mergician";
  const upload = "\0site-upload";
  const theme = "\0site-theme";
  const transports = /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/;
  const memoModule = /[\\/]app_components[\\/].*\.jsx$/;
  const part = "?site-component=";
  // The module's imports, then one `export const Name = ...` block per component.
  const blocks = (code) => code.split(/\n(?=export const \w+ = )/);
  // A component keeps only the imports its own code names: with all of the shared module's
  // imports, every page's chunk would import every page's helpers (the finder's, the inbox's),
  // and the bundler would hoist them into the chunk that every page loads.
  const named = (block, local) => new RegExp(`(?<![\\w$])${local.replace(/\$/g, "\\$")}(?![\\w$])`).test(block);
  const importsOf = (imports, block) =>
    imports.replace(/import\s*\{([^}]*)\}\s*from\s*("[^"]+")/g, (_, names, from) => {
      const kept = names
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name && named(block, name.split(/\s+as\s+/).pop()));
      return kept.length ? `import {${kept.join(",")}} from ${from}` : "";
    });
  return {
    name: "site-slim-bundle",
    enforce: "pre",
    config(config) {
      const output = (((config.build ??= {}).rollupOptions ??= {}).output ??= {});
      const splitting = (output.codeSplitting ??= {});
      splitting.groups = [
        // Not Reflex's own group, which keeps env.json (a few URLs) in a file of its own.
        ...(splitting.groups ?? []).filter((group) => group.name !== "reflex-env"),
        // The components most pages show (header, footer, menus) in one file: used by at
        // least 25 of the 65 pages (the 35 redirects included). The client-state helpers go
        // with them: the group below would otherwise take them in as a dependency, and every
        // page that uses one (the home page's slideshow) would load the service pages' file.
        {
          test: /[\\/](app_components|framework[\\/]behaviour|framework[\\/]client_state)[\\/]/,
          name: "chrome",
          minShareCount: 25,
          priority: 2,
        },
        // What the service pages share and the other pages do not (the short enquiry form's
        // service boxes, one component each): one file instead of a small request each.
        { test: /[\\/]app_components[\\/]/, name: "service-page", minShareCount: 20, priority: 1 },
      ];
    },
    resolveId(source) {
      if (source === "@emotion/react") return emotion;
      if (source === "mergician") return mergician;
      if (/[\\/]utils[\\/]helpers[\\/]upload(\.js)?$/.test(source)) return upload;
      if (source === "universal-cookie") return cookies;
      if (/[\\/]utils[\\/]react-theme(\.js)?$/.test(source)) return theme;
      if (source.includes(part)) return source;
      return null;
    },
    transform(code, id) {
      if (/[\\/]app[\\/]_document\.js$/.test(id)) {
        if (!code.includes(SCROLL_RESTORATION)) {
          this.error("framework/bundle.py: Reflex's _document.js changed; ScrollRestoration not found");
        }
        if (!COLOUR_MODE_SCRIPT.test(code)) {
          this.error("framework/bundle.py: Reflex's _document.js changed; its colour-mode script not found");
        }
        return { code: code.replace(SCROLL_RESTORATION, "").replace(COLOUR_MODE_SCRIPT, SCRIPTS_RUN), map: null };
      }
      if (/[\\/]app[\\/]root\.jsx$/.test(id)) {
        if (!REFLEX_GLOBALS.test(code)) {
          this.error("framework/bundle.py: Reflex's root.jsx changed; window.__reflex not found");
        }
        return { code: code.replace(REFLEX_GLOBALS, ""), map: null };
      }
      if (!id.includes("?") && !memoModule.test(id) && code.includes('"$/app_components/')) {
        // A page imports each component from the component's own module (through the
        // re-exports below the bundler would count every page as using every component).
        const pageImports = /import\s*\{([^}]*)\}\s*from\s*"\$\/(app_components\/[^"]+)"/g;
        return {
          code: code.replace(pageImports, (_, names, path) => {
            const file = fileURLToPath(new URL(`./${path}.jsx`, import.meta.url));
            return names
              .split(",")
              .map((name) => name.trim())
              .filter(Boolean)
              .map((name) => `import {${name}} from ${JSON.stringify(file + part + name)}`)
              .join(";\n");
          }),
          map: null,
        };
      }
      if (id.includes("?") || !memoModule.test(id)) return null;
      const [, ...components] = blocks(code);
      if (components.length < 2) return null;
      const names = components.map((block) => /^export const (\w+)/.exec(block)[1]);
      return {
        code: names.map((name) => `export { ${name} } from ${JSON.stringify(id + part + name)};`).join("\n"),
        map: null,
      };
    },
    // V8 compiles a function the first time it runs, on the main thread, and a page's own
    // chunk is mostly its component: one function as long as the page, compiled in the
    // middle of React taking the page over (the finder's: 100-120 ms of a 4x-slowed CPU).
    // The compile hint has V8 compile the chunk's functions as it downloads, off the main
    // thread. (On the entry chunk it shortened nothing: sixth and eleventh passes of
    // docs/performance.md.)
    generateBundle(options, bundle) {
      if (options.format !== "es") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !/[\\/]app[\\/]routes[\\/]/.test(chunk.facadeModuleId ?? "")) continue;
        if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
      }
    },
    load(id) {
      if (id === emotion) {
        return 'import { createElement } from "react";\nexport const jsx = createElement;\n';
      }
      if (id === cookies) return COOKIES;
      if (id === mergician) return MERGE;
      if (id === upload) return UPLOAD;
      if (id === theme) return THEME;
      if (id.includes(part)) {
        const [file, name] = id.split(part);
        const [imports, ...components] = blocks(readFileSync(file, "utf8"));
        const block = components.find((b) => b.startsWith(`export const ${name} = `));
        return { code: importsOf(imports, block) + "\n" + block, map: null };
      }
      if (transports.test(id.split("?")[0])) {
        return 'import { WS } from "./websocket.node.js";\nexport const transports = { websocket: WS };\n';
      }
      return null;
    },
  };
}
