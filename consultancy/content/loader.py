"""Reads data/ into validated models; any problem stops the build with one message.

The message always starts with the file's path and names the field, so the
owner editing a TOML file knows exactly what to fix.
"""

from __future__ import annotations

import functools
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

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
)
from .place import PLACE_QUESTION, Place, load_place

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[2] / "data"

if TYPE_CHECKING:
    from consultancy.law.calendar import CalendarRules
    from consultancy.law.registry import Law


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
    return load_model_from(path, model)


def load_model_from(path: Path, model: type[M], extra: dict | None = None) -> M:
    """`load_model` with fields the file does not hold itself (a record's id is its file name)."""
    raw = {**read_toml(path), **(extra or {})}
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise ContentError(path, [_describe(e) for e in error.errors()]) from None


def check_approval_ids(directory: Path, services: list[Service], records: Law, source: Path) -> None:
    """Each service page's box names approvals of data/law/ (one record per approval, for the
    pages, the finder and the renewal calendar), so a misspelt id stops the build."""
    for service in services:
        for n, approval in enumerate(service.glance.approvals):
            if approval not in records.records:
                raise ContentError(
                    directory / f"{service.route}.toml",
                    [
                        f"field 'glance.approvals[{n}]': '{approval}' is not an approval record"
                        f" in {display_path(source)}"
                    ],
                )


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
    # data/law/: one record per approval.
    law: Law
    # The records as the renewal calendar reads them (settled periods only), by approval id.
    validity: CalendarRules
    # data/place/: what the finder's place step measures from.
    place: Place

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


def load_finder(path: Path, records: Law) -> FinderPage:
    """finder.toml with each result's authority and law taken from its approval's record
    (data/law/<id>.toml names the finder results it covers); a result that is a step of work
    rather than the approval itself (a compliance report, a study) keeps its own words."""
    from consultancy.law.status import say, sources_of

    from .sectors import Sectors, merge_into_finder

    raw = read_toml(path)
    sectors_path = path.parent / "finder" / "sectors.toml"
    if sectors_path.is_file():
        raw = merge_into_finder(raw, load_model(sectors_path, Sectors))
    covering = {result: record for record in records.records.values() for result in record.finder}
    for kind in ("approvals", "outside"):
        for entry in raw.get(kind, []):
            record = covering.get(entry.get("id"))
            if record is None or not isinstance(entry, dict):
                continue
            entry.setdefault("authority", say(record.authority, "authority"))
            entry.setdefault("act", say(record.basis, "basis"))
            if kind == "outside":
                entry.setdefault("source", sources_of(record, record.basis))
    try:
        return FinderPage.model_validate(raw)
    except ValidationError as error:
        raise ContentError(path, [_describe(e) for e in error.errors()]) from None


def check_place_answers(path: Path, finder: FinderPage, place: Place) -> None:
    """The answers the place step gives must be answers of the finder's questions: its
    `district` question lists the districts of data/place/ in their order, and an aerodrome's
    `answer_within_56` is an option of the `airport` question."""
    questions = {q.id: q for q in finder.questions}
    district = questions.get(PLACE_QUESTION)
    ids = [d.id for d in place.districts]
    if district is None or [o.value for o in district.options] != ids:
        raise ContentError(
            path, [f"field 'questions': '{PLACE_QUESTION}' must offer the districts of data/place/ in order"]
        )
    airport = questions.get("airport")
    for aerodrome in place.aerodromes:
        if aerodrome.answer_within_56 and (airport is None or not airport.accepts(aerodrome.answer_within_56)):
            raise ContentError(
                path, [f"field 'questions': '{aerodrome.answer_within_56}' is not an answer to 'airport'"]
            )


def load_content(data_dir: Path | None = None) -> Content:
    # The records import this module for its loading helpers, so they are imported here.
    from consultancy.law.calendar import calendar_rules
    from consultancy.law.registry import load_law

    data_dir = data_dir or data_dir_in_use()
    pages = data_dir / "pages"
    services = load_services(data_dir / "services")
    records = load_law(data_dir)
    check_approval_ids(data_dir / "services", services, records, data_dir / "law")
    finder = load_finder(data_dir / "finder.toml", records)
    place = load_place(data_dir / "place")
    check_place_answers(data_dir / "finder.toml", finder, place)
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
        law=records,
        validity=calendar_rules(records),
        place=place,
    )


@functools.cache
def content() -> Content:
    """The site's content, read once per process."""
    return load_content()
