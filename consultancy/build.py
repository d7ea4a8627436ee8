"""What the site adds to every build, handed to the framework's build plugins by rxconfig.py:
the header search's index module, the finder's activity words and PIN data and the files a static host needs.

rxconfig.py is read before the app exists (and by every Reflex command), so nothing here
imports the site until a build calls it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

STATIC_HOST = Path(__file__).resolve().parents[1] / "deploy" / "static_host.py"


def search_index_module() -> tuple[str, str]:
    """The search index (consultancy/components/search/index.py): its path in the web
    directory and its source, from the same content the pages show."""
    from consultancy.components.search.index import MODULE, module_source

    return MODULE, module_source()


def activity_words_module() -> tuple[str, str]:
    """The approvals finder's activities with their words (components/finder/picker.py): the
    picker imports it when the visitor first reaches for it."""
    from consultancy.components.finder.picker import MODULE, module_source
    from consultancy.content import content

    return MODULE, module_source(content().finder)


def place_pins_file() -> tuple[str, str]:
    """The approvals finder's PIN data (data/place/pins.json), in the web directory's public
    files under a name that changes with its content (components/finder/place): the browser
    fetches it on first use."""
    from consultancy.components.finder.place.state import pins_path, pins_text

    return "public" + pins_path(), pins_text()


def prepare_static_host(static_dir: Path, backend_url: str) -> None:
    """deploy/static_host.py's `prepare`: `404.html`, `_redirects` and `_headers`."""
    # deploy/ is a folder of scripts (also run on their own), not a package.
    spec = importlib.util.spec_from_file_location("static_host", STATIC_HOST)
    assert spec is not None and spec.loader is not None
    static_host = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(static_host)
    static_host.prepare(static_dir, backend_url)
