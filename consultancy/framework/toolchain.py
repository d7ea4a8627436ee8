"""What plain `reflex run` and `reflex export` need from this machine, set before Reflex
looks for it, so they work in a fresh shell as they do under `make`:

- Node.js: Reflex 0.10 needs 22.22 or newer; `make setup` installs one under .tools/ (and
  links it into the venv's bin), which goes first on PATH here;
- npm, not bun (bun's installer downloads a binary; the lockfile in reflex.lock/ is npm's);
- the npm registry the machine's npm is configured for: Reflex otherwise writes its own
  choice into .web/.npmrc, which a machine without the public internet cannot reach; and its
  CA file, for a network whose proxy re-signs TLS;
- hot reload: `reflex run` watches the app package only (not the build directories and
  databases beside it), and reloads when data/ changes too (dev_reload.py).

Values already in the environment win (the Makefile sets the same ones)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_BIN = ROOT / ".tools" / "node_modules" / "node" / "bin"


# Once per process: rxconfig.py, which calls prepare(), runs at every config load, and each
# npm call takes a second or so while Reflex holds its config lock.
@functools.cache
def _npm_config(key: str) -> str | None:
    """The machine's npm setting, read before .tools' Node goes first on PATH: under that Node,
    npm looks for its global npmrc beside it and misses the machine's (/usr/etc/npmrc)."""
    npm = shutil.which("npm")
    if npm is None:
        return None
    try:
        found = subprocess.run([npm, "config", "get", key], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    value = found.stdout.strip()
    return value if found.returncode == 0 and value not in {"", "null", "undefined"} else None


# Set when npm names no CA file, so that the processes this one starts (granian's workers, a
# reload, a script) inherit that answer as they inherit the settings found, instead of
# starting npm again: each npm call costs a process about 0.15 s of start-up.
NO_CAFILE = "CONSULTANCY_NPM_NO_CAFILE"


def _backend_only() -> bool:
    """A backend alone (production's workers, REFLEX_BACKEND_ONLY) builds no frontend."""
    return os.environ.get("REFLEX_BACKEND_ONLY", "").strip().lower() in {"1", "true", "yes", "y"}


def prepare() -> None:
    if not _backend_only():
        registry = None if "NPM_CONFIG_REGISTRY" in os.environ else _npm_config("registry")
        if registry and registry.startswith("http"):
            os.environ["NPM_CONFIG_REGISTRY"] = registry
        # A network that re-signs TLS (a proxy) needs its CA: without it only a warm npm cache works.
        if "NPM_CONFIG_CAFILE" not in os.environ and NO_CAFILE not in os.environ:
            if cafile := _npm_config("cafile"):
                os.environ["NPM_CONFIG_CAFILE"] = cafile
            else:
                os.environ[NO_CAFILE] = "1"
    path = os.environ.get("PATH", "")
    if (NODE_BIN / "node").exists() and str(NODE_BIN) not in path.split(os.pathsep):
        os.environ["PATH"] = f"{NODE_BIN}{os.pathsep}{path}"
    os.environ.setdefault("REFLEX_USE_NPM", "1")
    os.environ.setdefault("REFLEX_TELEMETRY_ENABLED", "false")
    os.environ.setdefault("REFLEX_HOT_RELOAD_OVERRIDE_PATHS", str(ROOT / "consultancy"))
