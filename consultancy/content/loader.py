"""Reads data/ into validated models; any problem stops the build with one message.

The message always starts with the file's path and names the field, so the
owner editing a TOML file knows exactly what to fix.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from consultancy.datafiles import (  # noqa: F401  (the loader's helpers, imported from here by older code)
    DEFAULT_DATA_DIR,
    ContentError,
    data_dir_in_use,
    describe_error,
    display_path,
    load_model,
    load_model_from,
    read_toml,
)
from consultancy.law.calendar import CalendarRules, calendar_rules
from consultancy.law.model import Document
from consultancy.law.public import placeholder_problems
from consultancy.law.registry import Law, load_law
from consultancy.law.status import say, sources_of

from .contract import CATEGORIES, SERVICE_ROUTES
from .finder import FinderPage
from .models import (
    AboutPage,
    ChecklistItem,
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
from .search_terms import SearchTerms, check_leads


def check_approval_ids(directory: Path, services: list[Service], records: Law, source: Path) -> None:
    """Each service page's box names approvals of data/law/ (one record per approval, for the
    pages, the finder and the renewal calendar), so a misspelt id stops the build."""
    for service in services:
        for n, faq in enumerate(service.faqs):
            problems = placeholder_problems(faq.answer, records)
            if problems:
                raise ContentError(
                    directory / f"{service.route}.toml", [f"field 'faqs[{n}].answer': {p}" for p in problems]
                )
        for n, approval in enumerate(service.glance.approvals):
            if approval not in records.records:
                raise ContentError(
                    directory / f"{service.route}.toml",
                    [f"field 'glance.approvals[{n}]': '{approval}' has no record in {display_path(source)}"],
                )


def load_search_terms(path: Path, services: list[Service], finder: FinderPage) -> SearchTerms:
    terms = load_model(path, SearchTerms)
    problems = check_leads(terms, {s.route for s in services} | {o.id for o in finder.outside})
    if problems:
        raise ContentError(path, problems)
    return terms


def document_item(document: Document, *, when: bool = True) -> ChecklistItem:
    """A record's document as a checklist shows it: who needs it, where only some do."""
    description = document.description
    if when and document.when is not None:
        description = f"{description} Needed {document.when.rstrip('.')}."
    return ChecklistItem(name=document.name, description=description)


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def _unique(items: list[ChecklistItem]) -> list[ChecklistItem]:
    """Each document once (by name, case and spacing aside), the first statement kept."""
    seen: dict[str, ChecklistItem] = {}
    for item in items:
        seen.setdefault(item.key, item)
    return list(seen.values())


def service_checklist(path: Path, raw: dict, records: Law) -> list[ChecklistItem]:
    """A service page's checklist: the documents of its approvals' records (all of them, or
    those `record_documents` names), then its `work_documents`. A problem names the field."""
    if "checklist" in raw:
        raise ContentError(
            path,
            [
                "field 'checklist': the documents an application needs are stated in the approval's record"
                " (data/law/<id>.toml, [[documents]]); a page names some of them with record_documents,"
                " and lists work that is not an application as work_documents"
            ],
        )
    glance = raw.get("glance")
    approvals = glance.get("approvals", []) if isinstance(glance, dict) else []
    documents: dict[str, Document] = {}
    for n, approval in enumerate(approvals):
        if isinstance(approval, str) and approval in records.records:
            for document in records.records[approval].documents:
                documents.setdefault(_key(document.name), document)
        elif isinstance(approval, str):
            raise ContentError(path, [f"field 'glance.approvals[{n}]': '{approval}' has no record in data/law/"])
    try:
        work = [ChecklistItem.model_validate(item) for item in raw.get("work_documents", [])]
    except (ValidationError, TypeError):
        return []  # the model reports the broken item, with its field
    for n, item in enumerate(work):
        if item.key in documents:
            raise ContentError(
                path,
                [
                    f"field 'work_documents[{n}]': '{item.name}' is a document of an approval's record;"
                    " name it in record_documents instead of stating it again"
                ],
            )
    chosen = raw.get("record_documents")
    if chosen is None:
        picked = [] if work else list(documents.values())
    else:
        picked = []
        for n, name in enumerate(chosen):
            if _key(str(name)) not in documents:
                where = ", ".join(approvals) or "no record"
                raise ContentError(path, [f"field 'record_documents[{n}]': '{name}' is not a document of {where}"])
            if documents[_key(str(name))] not in picked:
                picked.append(documents[_key(str(name))])
    # A page about one stage of an approval need not say the stage on every line.
    one_stage = len({d.when for d in picked}) == 1
    return [document_item(d, when=not one_stage) for d in picked] + work


def load_service(path: Path, records: Law) -> Service:
    raw = read_toml(path)
    if not isinstance(raw.get("glance"), dict):
        # Without its box the page names no approval: the model reports the missing field.
        return load_model_from(path, Service, extra={"checklist": []})
    return load_model_from(path, Service, extra={"checklist": service_checklist(path, raw, records)})


def load_services(directory: Path, records: Law) -> list[Service]:
    """All service files, ordered by category then menu order."""
    services: list[Service] = []
    seen: dict[str, Path] = {}
    for path in sorted(directory.glob("*.toml")):
        service = load_service(path, records)
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


def finder_documents(approval: dict, records: Law, services: dict[str, Service]) -> list[dict]:
    """What a finder result asks the visitor to gather: the documents of the records that name
    it; for a step of work whose page lists the firm's own needs (a compliance report, a
    study), that page's checklist; and where the result's page is about one stage of its one
    approval (the fire recommendation, the fire certificate), that stage's documents only."""
    page = services.get(approval.get("route", ""))
    if page is not None and page.work_documents:
        return [item.model_dump() for item in page.checklist]
    named = [r for r in records.records.values() if approval.get("id") in r.finder]
    items = _unique([document_item(d) for r in named for d in r.documents])
    if page is not None and page.record_documents is not None and page.glance.approvals == [r.id for r in named]:
        shown = {item.key for item in page.checklist}
        items = [item for item in items if item.key in shown]
    return [item.model_dump() for item in items]


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
    # data/search_terms.toml: owners' words for equipment, for the header search.
    search_terms: SearchTerms = field(default_factory=SearchTerms)

    def service(self, route: str) -> Service:
        return next(s for s in self.services if s.route == route)

    def services_in(self, category: str) -> list[Service]:
        """The services a menu group lists: those borrowed from another group first
        (the spec's Licensing menu opens with PESO), then its own in menu order."""
        borrowed = [s for s in self.services if category in s.also_listed_in]
        return borrowed + [s for s in self.services if s.category == category]


def load_finder(path: Path, records: Law, services: list[Service] | None = None) -> FinderPage:
    """finder.toml with each result's authority, law and documents taken from its approval's
    record (data/law/<id>.toml names the finder results it covers); a result that is a step of
    work rather than the approval itself (a compliance report, a study) keeps its own words."""
    from .sectors import Sectors, merge_into_finder

    raw = read_toml(path)
    sectors_path = path.parent / "finder" / "sectors.toml"
    if sectors_path.is_file():
        raw = merge_into_finder(raw, load_model(sectors_path, Sectors))
    covering = {result: record for record in records.records.values() for result in record.finder}
    if services is None:
        # A finder file checked on its own is read with the pages beside it, or the site's.
        beside = path.parent / "services"
        services = load_services(beside if beside.is_dir() else data_dir_in_use() / "services", records)
    pages = {s.route: s for s in services}
    for n, entry in enumerate(raw.get("approvals", [])):
        if isinstance(entry, dict):
            if "documents" in entry:
                problem = f"field 'approvals[{n}].documents': a result's documents come from its record, not this file"
                raise ContentError(path, [problem])
            entry["documents"] = finder_documents(entry, records, pages)
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
        raise ContentError(path, [describe_error(e) for e in error.errors()]) from None


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
    data_dir = data_dir or data_dir_in_use()
    pages = data_dir / "pages"
    records = load_law(data_dir)
    services = load_services(data_dir / "services", records)
    check_approval_ids(data_dir / "services", services, records, data_dir / "law")
    finder = load_finder(data_dir / "finder.toml", records, services)
    place = load_place(data_dir / "place")
    check_place_answers(data_dir / "finder.toml", finder, place)
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
        law=records,
        validity=calendar_rules(records),
        place=place,
        search_terms=search_terms,
    )


@functools.cache
def content() -> Content:
    """The site's content, read once per process."""
    return load_content()
