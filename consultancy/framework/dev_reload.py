"""Development mode (`reflex run`) reloads when the content in data/ changes, not only Python.

Reflex's dev server (granian) reloads on changes under the watched paths but ignores TOML
files, and it watches everything at the project's top level, where the test suite's and the
builds' files (databases, logs, other build directories) change all the time. So the toolchain
narrows the watch to the app package (toolchain.py), and in development mode this task watches
the folder the app names (its content) and, on a change, rewrites a marker module in the
package: the server then reloads and compiles the pages from the edited content."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

from reflex.utils.exec import is_prod_mode

MARKER = Path(__file__).resolve().parents[1] / "content_changed.py"


async def reload_on_change(folder: Callable[[], Path]) -> None:
    """A lifespan task: reloads the dev server when anything in `folder()` changes."""
    if is_prod_mode():
        return
    from watchfiles import awatch

    with contextlib.suppress(asyncio.CancelledError):
        async for changes in awatch(folder()):
            names = sorted({Path(path).name for _, path in changes})
            MARKER.write_text(
                f"# Written in development mode when data/ changed: {', '.join(names)}\n", encoding="utf-8"
            )
