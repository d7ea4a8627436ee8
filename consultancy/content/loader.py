"""Reads data/ into validated models; any problem stops the build with one message.

The message always starts with the file's path and names the field, so the
owner editing a TOML file knows exactly what to fix.
"""

from __future__ import annotations

import functools
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .contract import CATEGORIES, SERVICE_ROUTES
from .finder import FinderPage
from .models import (
    AboutPage,
    ContactPage,
    EnquirySettings,
    HomePage,
    PrivacyPage,
    Service,
    ServicesPage,
    SimplePage,
    SiteSettings,
    TestimonialsPage,
    Validity,
    ValidityData,
)
from .search_terms import SearchTerms, check_leads

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[2] / "data"

M = TypeVar("M", bound=BaseModel)


class ContentError(Exception):
    """A data file is missing, malformed or breaks a rule of the content models."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"{display_path(path)}: " + "; ".join(problems))


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _field_name(loc: tuple[int | str, ...]) -> str:
    name = ""
    for part in loc:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name or "(file)"


def _describe(error: dict) -> str:
    field = _field_name(tuple(error["loc"]))
    kind = error["type"]
    if kind == "missing":
        return f"field '{field}' is missing"
    if kind == "extra_forbidden":
        return f"field '{field}' is not a known field (misspelt?)"
    message = error["msg"].removeprefix("Value error, ")
    # Model-level rules already start with the field they are about.
    if field == "(file)" and ":" in message:
        return f"field '{message.split(':', 1)[0]}': {message.split(':', 1)[1].strip()}"
    return f"field '{field}': {message}"


def read_toml(path: Path) -> dict:
    if not path.is_file():
        raise ContentError(path, ["file is missing"])
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(path, [f"not valid TOML ({error})"]) from None


def load_model(path: Path, model: type[M]) -> M:
    raw = read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise ContentError(path, [_describe(e) for e in error.errors()]) from None


def load_validity(path: Path) -> dict[str, Validity]:
    return load_model(path, ValidityData).approvals


def check_validity_ids(directory: Path, services: list[Service], validity: dict[str, Validity], source: Path) -> None:
    """Each service page's box names approvals of data/validity.toml (one file for the pages
    and the renewal calendar), so a misspelt id stops the build instead of showing nothing."""
    for service in services:
        for n, approval in enumerate(service.glance.validity):
            if approval not in validity:
                raise ContentError(
                    directory / f"{service.route}.toml",
                    [f"field 'glance.validity[{n}]': '{approval}' is not an approval in {display_path(source)}"],
                )


def load_search_terms(path: Path, services: list[Service], finder: FinderPage) -> SearchTerms:
    terms = load_model(path, SearchTerms)
    problems = check_leads(terms, {s.route for s in services} | {o.id for o in finder.outside})
    if problems:
        raise ContentError(path, problems)
    return terms


def load_services(directory: Path) -> list[Service]:
    """All service files, ordered by category then menu order."""
    services: list[Service] = []
    seen: dict[str, Path] = {}
    for path in sorted(directory.glob("*.toml")):
        service = load_model(path, Service)
        # A copy of another service's file is a duplicate, whichever of the two is read first.
        owner = seen.get(service.route) or (directory / f"{service.route}.toml")
        if owner != path and owner.is_file():
            raise ContentError(path, [f"field 'route': '{service.route}' is already used by {display_path(owner)}"])
        if path.stem != service.route:
            raise ContentError(path, [f"field 'route': '{service.route}' must match the file name '{path.stem}'"])
        seen[service.route] = path
        services.append(service)
    missing = [route for route in SERVICE_ROUTES if route not in seen]
    if missing:
        raise ContentError(directory / f"{missing[0]}.toml", ["file is missing (every route of the spec needs one)"])
    by_slot: dict[tuple[str, int], Service] = {}
    for service in services:
        slot = (service.category, service.order)
        if slot in by_slot:
            other = by_slot[slot].route
            raise ContentError(
                directory / f"{service.route}.toml",
                [f"field 'order': {service.order} in '{service.category}' is used by both {other}.toml and this file"],
            )
        by_slot[slot] = service
    return sorted(services, key=lambda s: (CATEGORIES.index(s.category), s.order))


@dataclass(frozen=True)
class Content:
    site: SiteSettings
    home: HomePage
    about: AboutPage
    services_page: ServicesPage
    testimonials: TestimonialsPage
    contact: ContactPage
    rough: SimplePage
    not_found: SimplePage
    privacy: PrivacyPage
    finder: FinderPage
    enquiries: EnquirySettings
    services: list[Service]
    # data/validity.toml: validity, renewal and filings per approval id.
    validity: dict[str, Validity] = field(default_factory=dict)
    # data/search_terms.toml: owners' words for equipment, for the header search.
    search_terms: SearchTerms = field(default_factory=SearchTerms)

    def service(self, route: str) -> Service:
        return next(s for s in self.services if s.route == route)

    def services_in(self, category: str) -> list[Service]:
        """The services a menu group lists: those borrowed from another group first
        (the spec's Licensing menu opens with PESO), then its own in menu order."""
        borrowed = [s for s in self.services if category in s.also_listed_in]
        return borrowed + [s for s in self.services if s.category == category]


def data_dir_in_use() -> Path:
    """data/, or the folder CONSULTANCY_DATA_DIR names (tests and previews use other content)."""
    return Path(os.environ.get("CONSULTANCY_DATA_DIR", DEFAULT_DATA_DIR))


def load_content(data_dir: Path | None = None) -> Content:
    data_dir = data_dir or data_dir_in_use()
    pages = data_dir / "pages"
    services = load_services(data_dir / "services")
    validity = load_validity(data_dir / "validity.toml")
    check_validity_ids(data_dir / "services", services, validity, data_dir / "validity.toml")
    finder = load_model(data_dir / "finder.toml", FinderPage)
    search_terms = load_search_terms(data_dir / "search_terms.toml", services, finder)
    return Content(
        site=load_model(data_dir / "site.toml", SiteSettings),
        home=load_model(pages / "home.toml", HomePage),
        about=load_model(pages / "about.toml", AboutPage),
        services_page=load_model(pages / "services.toml", ServicesPage),
        testimonials=load_model(pages / "testimonials.toml", TestimonialsPage),
        contact=load_model(pages / "contact-us.toml", ContactPage),
        rough=load_model(pages / "rough.toml", SimplePage),
        not_found=load_model(pages / "not-found.toml", SimplePage),
        privacy=load_model(pages / "privacy.toml", PrivacyPage),
        finder=finder,
        enquiries=load_model(data_dir / "enquiries.toml", EnquirySettings),
        services=services,
        validity=validity,
        search_terms=search_terms,
    )


@functools.cache
def content() -> Content:
    """The site's content, read once per process."""
    return load_content()
