"""`rx.asset(path, shared=True)` for a module that names itself.

Reflex finds the module that asks for a shared asset with `inspect.stack()`, which reads the
source context of every frame on the stack. Asked at import time, under a chain of imports,
each of importlib's frozen frames sends `inspect.getmodule` through every loaded module: the
site's thirty assets took about a quarter of the app's import, in every server process and
test interpreter. Here the caller passes `__name__`, and the rest is Reflex's own steps (the
link into assets/external and the versioned address)."""

from __future__ import annotations

import sys
from pathlib import Path

from reflex.assets import AssetPathStr, _link_shared_asset, _versioned_asset_path
from reflex_base import constants
from reflex_base.environment import EnvironmentVariables


def shared_asset(path: str, module: str) -> AssetPathStr:
    """What `rx.asset(path, shared=True)` returns when called from the module named `module`
    (its `__name__`), whose folder holds the file `path`."""
    source = Path(sys.modules[module].__file__ or "").parent / path
    if not source.exists():
        raise FileNotFoundError(f"File not found: {source}")
    folder = module.replace(".", "/")
    if not EnvironmentVariables.REFLEX_BACKEND_ONLY.get():
        target = Path.cwd() / constants.Dirs.APP_ASSETS / constants.Dirs.EXTERNAL_APP_ASSETS / folder
        target.mkdir(parents=True, exist_ok=True)
        _link_shared_asset(target / path, source)
    return _versioned_asset_path(f"/{constants.Dirs.EXTERNAL_APP_ASSETS}/{folder}/{path}", source)
