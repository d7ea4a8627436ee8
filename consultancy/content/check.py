"""`python -m consultancy.content.check [FILE ...]`: validate all of data/, or the files named.

Exits 1 with the loader's message (file and field) when anything is wrong. Warns, without
failing, about every service page whose law was last reviewed more than 12 months ago.
"""

import sys
from datetime import date
from pathlib import Path

from .finder import FinderPage
from .india import today_in_kolkata
from .loader import (
    ContentError,
    data_dir_in_use,
    display_path,
    load_content,
    load_finder,
    load_model,
    load_model_from,
    load_service,
)
from .models import (
    AboutPage,
    ContactPage,
    EnquirySettings,
    HomePage,
    Service,
    ServicesPage,
    SimplePage,
    SiteSettings,
    TestimonialsPage,
)
from .review import is_stale, stale_warning
from .search_terms import SearchTerms

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
    if path.name == "sectors.toml":
        from .sectors import Sectors

        return Sectors
    if path.name == "enquiries.toml":
        return EnquirySettings
    if path.parent.name == "law":
        from consultancy.law.model import GeneralChanges, Record

        return GeneralChanges if path.name.startswith("_") else Record
    if path.name == "search_terms.toml":
        return SearchTerms
    if path.parent.name == "pages":
        return PAGE_MODELS[path.stem]
    return Service


def _load(path: Path) -> object:
    if path.name == "finder.toml":
        from consultancy.law import load_law

        return load_finder(path, load_law(path.parent))
    if path.parent.name == "law" and not path.name.startswith("_"):
        return load_model_from(path, model_for(path), extra={"id": path.stem})
    if model_for(path) is Service:
        from consultancy.law import load_law

        # A page's checklist is read from its approvals' records.
        return load_service(path, load_law(path.parent.parent))
    return load_model(path, model_for(path))


def warn_stale(services: list[tuple[Path, Service]], today: date) -> int:
    """Print a warning per service page due for review; the number of warnings."""
    stale = [(path, service) for path, service in services if is_stale(service, today)]
    for path, service in stale:
        print(f"warning: {stale_warning(display_path(path), service)}", file=sys.stderr)
    return len(stale)


def main(argv: list[str], today: date | None = None) -> int:
    today = today or today_in_kolkata()
    try:
        if argv:
            models = [(Path(name), _load(Path(name))) for name in argv]
            print(f"ok: {len(argv)} file(s) valid")
            warn_stale([(path, m) for path, m in models if isinstance(m, Service)], today)
        else:
            content = load_content()
            print(f"ok: site settings, {len(content.services)} services, all pages and the enquiry form valid")
            directory = data_dir_in_use() / "services"
            # The loader makes sure each file is named after its route.
            warn_stale([(directory / f"{s.route}.toml", s) for s in content.services], today)
    except ContentError as error:
        print(f"content error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
