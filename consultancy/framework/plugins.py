"""The build plugins, in one list that rxconfig.py hands to Reflex.

Order matters: SlimBundle adds the Vite config the others extend, and the prerender
rewrite (PaintFirst) runs on what the earlier ones built. What the site itself adds to a
build (modules it writes into the web directory, the files a static host needs) comes in
as arguments from rxconfig.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex.utils.prerequisites import get_web_dir

from consultancy.framework.bundle import SlimBundle
from consultancy.framework.lazy_socket import LazySocket
from consultancy.framework.paint import PaintFirst
from consultancy.framework.static_export import StaticExport

# (path in Reflex's web directory, the module's source): called on every compile, so late.
ModuleWriter = Callable[[], tuple[str, str]]


class WrittenModules(Plugin):
    """Writes the site's own modules into the web directory on every compile."""

    def __init__(self, writers: Sequence[ModuleWriter]) -> None:
        self.writers = list(writers)

    def pre_compile(self, **context) -> None:
        for writer in self.writers:
            context["add_save_task"](self._task(writer))

    @staticmethod
    def _task(writer: ModuleWriter) -> Callable[[], tuple[str, str]]:
        def module() -> tuple[str, str]:
            path, source = writer()
            return str(get_web_dir() / path), source

        return module


def plugins(
    *, modules: Sequence[ModuleWriter] = (), finish_export: Callable[[Path, str], None] | None = None
) -> list[Plugin]:
    return [SlimBundle(), LazySocket(), WrittenModules(modules), PaintFirst(), StaticExport(finish_export)]
