"""`python -m consultancy.content.check [FILE ...]`: validate all of data/, or the files named.

Exits 1 with the loader's message (file and field) when anything is wrong.
"""

import sys
from pathlib import Path

from .finder import FinderPage
from .loader import ContentError, load_content, load_model
from .models import (
    AboutPage,
    ContactPage,
    HomePage,
    Service,
    ServicesPage,
    SimplePage,
    SiteSettings,
    TestimonialsPage,
)

PAGE_MODELS = {
    "home": HomePage,
    "about": AboutPage,
    "services": ServicesPage,
    "testimonials": TestimonialsPage,
    "contact-us": ContactPage,
    "rough": SimplePage,
    "not-found": SimplePage,
}


def model_for(path: Path) -> type:
    if path.name == "site.toml":
        return SiteSettings
    if path.name == "finder.toml":
        return FinderPage
    if path.parent.name == "pages":
        return PAGE_MODELS[path.stem]
    return Service


def main(argv: list[str]) -> int:
    try:
        if argv:
            for name in argv:
                load_model(Path(name), model_for(Path(name)))
            print(f"ok: {len(argv)} file(s) valid")
        else:
            content = load_content()
            print(f"ok: site settings, {len(content.services)} services and all pages valid")
    except ContentError as error:
        print(f"content error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
