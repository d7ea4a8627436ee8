"""The build plugins, in one list that rxconfig.py hands to Reflex.

Order matters: SlimBundle adds the Vite config the others extend, and the prerender
rewrite (PaintFirst) runs on what the earlier ones built."""

from __future__ import annotations

from reflex.plugins.base import Plugin
from reflex.utils.prerequisites import get_web_dir

from consultancy.framework.bundle import SlimBundle
from consultancy.framework.lazy_socket import LazySocket
from consultancy.framework.paint import PaintFirst
from consultancy.framework.static_export import StaticExport


class SearchIndex(Plugin):
    """Writes the header search's index module on every compile, from the same content the
    pages show (consultancy/components/search/index.py)."""

    def pre_compile(self, **context) -> None:
        def module() -> tuple[str, str]:
            # Imported late: rxconfig.py imports this module before the app exists.
            from consultancy.components.search.index import MODULE, module_source

            return str(get_web_dir() / MODULE), module_source()

        context["add_save_task"](module)


class PlaceData(Plugin):
    """Writes the approvals finder's PIN data (data/place/pins.json) where the browser fetches
    it on first use, under a name that changes with its content (components/finder/place)."""

    def pre_compile(self, **context) -> None:
        def data() -> tuple[str, str]:
            from consultancy.components.finder.place.state import pins_path, pins_text

            return str(get_web_dir() / "public" / pins_path().lstrip("/")), pins_text()

        context["add_save_task"](data)


def plugins() -> list[Plugin]:
    return [SlimBundle(), LazySocket(), SearchIndex(), PlaceData(), PaintFirst(), StaticExport()]
