"""Pydantic models for everything in data/: the site's one source of truth.

Models are strict about shape (extra keys are refused, so a misspelt key is
caught instead of silently ignored) and about the counts the spec fixes.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from .contract import FIVE_ITEM_CHECKLISTS, SERVICE_ROUTES, Category
from .india import today_in_kolkata

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


def all_or_none(count: int):
    """A list of exactly `count` items, or none: a section whose demo content was removed and
    whose real content is not in yet is left out of its page rather than shown half empty."""

    def check(items: list) -> list:
        if len(items) not in (0, count):
            raise ValueError(f"give all {count} items, or none to leave the section out (found {len(items)})")
        return items

    return AfterValidator(check)


# Images live under assets/ and are referenced by their public path.
AssetPath = Annotated[str, StringConstraints(pattern=r"^/[A-Za-z0-9_./-]+\.(webp|png|jpg|jpeg|svg|avif)$")]
Url = Annotated[str, StringConstraints(pattern=r"^https://[^\s]+$")]
InternalLink = Annotated[str, StringConstraints(pattern=r"^(/[a-z0-9/-]*|#[a-z0-9-]+)$")]

# Lucide icon names the templates may use; a name outside this list would
# only fail deep inside the frontend build, so it is refused here instead.
Icon = Literal[
    "award",
    "badge-check",
    "bell",
    "building",
    "building-2",
    "calendar-check",
    "circle-check",
    "clipboard-check",
    "clipboard-list",
    "clock",
    "compass",
    "droplets",
    "eye",
    "factory",
    "file-check",
    "file-search",
    "file-text",
    "flame",
    "flask-conical",
    "fuel",
    "gauge",
    "handshake",
    "hard-hat",
    "hospital",
    "landmark",
    "layers",
    "leaf",
    "lightbulb",
    "map",
    "map-pin",
    "plane",
    "recycle",
    "refresh-cw",
    "ruler",
    "scale",
    "search",
    "send",
    "shield-check",
    "stamp",
    "target",
    "trees",
    "trending-up",
    "truck",
    "users",
    "waves",
    "wind",
    "wrench",
    "zap",
    "folder-check",
    "scroll-text",
    "route",
    "microscope",
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PageMeta(Model):
    title: Annotated[str, StringConstraints(min_length=10, max_length=70)]
    description: Annotated[str, StringConstraints(min_length=50, max_length=170)]
    keywords: list[Text] = []


# --- site settings -------------------------------------------------------------------


class Address(Model):
    street: Text
    locality: Text
    city: Literal["Bhubaneswar"]
    state: Literal["Odisha"]
    postal_code: Annotated[str, StringConstraints(pattern=r"^75\d{4}$")]
    country: Literal["India"]

    @property
    def one_line(self) -> str:
        return f"{self.street}, {self.locality}, {self.city}, {self.state} {self.postal_code}, {self.country}"


class Founder(Model):
    name: Text
    role: Text
    photo: AssetPath
    bio: Text
    linkedin: Url
    email: Annotated[str, StringConstraints(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")]


class Chat(Model):
    # wa.me wants the number as digits only, country code first.
    number: Annotated[str, StringConstraints(pattern=r"^91\d{10}$")]
    message: Text


class SocialProfile(Model):
    name: Text
    icon: Literal["linkedin", "facebook", "instagram", "youtube", "x"]
    url: Url


class SiteSettings(Model):
    name: Text
    short_name: Text
    tagline: Text
    badge: Text
    certification: Text
    founded: Annotated[int, Field(ge=1950, le=2100)]
    logo: AssetPath
    phone: Annotated[str, StringConstraints(pattern=r"^\+91[ 0-9]{10,13}$")]
    email: Annotated[str, StringConstraints(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")]
    site_url: Annotated[str, StringConstraints(pattern=r"^https://[a-z0-9.-]+$")]
    office_hours: Text
    map_url: Url
    address: Address
    # None leaves the founder's panel out of /about until the firm gives its own.
    founder: Founder | None = None
    chat: Chat
    social: Annotated[list[SocialProfile], Field(min_length=1)]
    # The firm's own fee as service pages state it; without it the pages say "on request".
    firm_fee: Text | None = None
    # The ISO certificate's number and the body that issued it, shown in the badge's dialog
    # when given (a visitor can check a certificate only with both).
    iso_certificate_number: Text | None = None
    iso_certification_body: Text | None = None

    @property
    def tel_href(self) -> str:
        return "tel:" + re.sub(r"[^+0-9]", "", self.phone)

    @property
    def mailto_href(self) -> str:
        return f"mailto:{self.email}"

    @property
    def chat_href(self) -> str:
        from urllib.parse import quote

        return f"https://wa.me/{self.chat.number}?text={quote(self.chat.message)}"


# --- service pages -------------------------------------------------------------------


class Cta(Model):
    text: Text
    link: InternalLink


class Benefit(Model):
    icon: Icon
    title: Text
    text: Text


class Act(Model):
    name: Text
    subtitle: Text
    explanation: Text


class ProcessStep(Model):
    icon: Icon
    title: Text
    description: Text


class ChecklistItem(Model):
    name: Text
    description: Text
    checked: bool = False

    @property
    def key(self) -> str:
        """The name as two lists compare it: case and spacing aside."""
        return " ".join(self.name.lower().split())


# A "Sources" link goes only to the government's own sites: a regulator's text, never a
# summary of it. Hosts are these domains or their subdomains.
OFFICIAL_DOMAINS = ("gov.in", "nic.in", "aai.aero")
MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def is_official(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return any(host == domain or host.endswith(f".{domain}") for domain in OFFICIAL_DOMAINS)


class Source(Model):
    """A regulator's text the page relies on, listed under "Sources" on the page: by its
    name, and linked when an official site publishes it."""

    name: Text
    url: Url | None = None

    @field_validator("url")
    @classmethod
    def _official(cls, url: str | None) -> str | None:
        if url is not None and not is_official(url):
            raise ValueError(f"'{url}' is not an official site ({', '.join(OFFICIAL_DOMAINS)}); name the text instead")
        return url


ApprovalId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
# A word or phrase a visitor might type for a service: lower case, letters, digits and spaces.
SearchTerm = Annotated[
    str, StringConstraints(strip_whitespace=True, to_lower=True, pattern=r"^[a-z0-9][a-z0-9 .'/-]*$")
]


class Faq(Model):
    question: Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, pattern=r"\?$")]
    answer: Annotated[str, StringConstraints(strip_whitespace=True, min_length=20, max_length=700)]


class Glance(Model):
    """The service page's short box: time, government fee and validity before the visitor calls."""

    # Approvals (data/law/<id>.toml) whose facts this box shows: time limit, fee, validity,
    # filings. The loader refuses an id without a record.
    approvals: Annotated[list[ApprovalId], Field(max_length=3)] = []
    # How the work runs in practice (the firm's words, not the law's: the law's time limit
    # comes from the record).
    time: Text | None = None
    # For work that is not an approval (a study, a design): its fee and validity in words.
    fee: Text | None = None
    validity_note: Text | None = None

    @property
    def validity(self) -> list[str]:
        """The approvals' ids, under the name the reminders read them by."""
        return list(self.approvals)

    @model_validator(mode="after")
    def _something_said(self) -> Glance:
        if not self.approvals and (self.validity_note is None or self.fee is None or self.time is None):
            raise ValueError("approvals: name at least one approval record, or give time, fee and validity_note")
        return self


class Service(Model):
    route: str
    menu_name: Text
    name: Text
    category: Category
    # A service may also be listed under other menu groups (PESO is offered as
    # both engineering and licensing in the spec's dropdown).
    also_listed_in: list[Category] = []
    order: Annotated[int, Field(ge=1, le=99)]
    description: Text
    meta: PageMeta
    headline: Text
    subheading: Text
    hero_image: AssetPath
    hero_alt: Text
    primary_cta: Cta
    secondary_cta: Cta
    overview_title: Text
    overview: Annotated[list[Text], Field(min_length=1, max_length=4)]
    benefits: Annotated[list[Benefit], Field(min_length=4, max_length=4)]
    acts: Annotated[list[Act], Field(min_length=1)]
    steps: Annotated[list[ProcessStep], Field(min_length=5, max_length=5)]
    # The document checklist, filled in by the loader (loader.service_checklist), never written
    # in the file: the documents an application needs are stated once, in the records of the
    # page's approvals (data/law/<id>.toml, [[documents]]), and `work_documents` follow them.
    checklist: Annotated[list[ChecklistItem], Field(min_length=4, max_length=5)]
    # The records' documents this page lists, by name, where it lists only some of them (a
    # page about one stage of an approval, or a study that needs a few). Not given: all of
    # them, or none on a page with `work_documents`.
    record_documents: list[Text] | None = None
    # What the firm needs from the client for work that is not an application (a compliance
    # review, a study or a design): no record holds these, and none may repeat a record's.
    work_documents: list[ChecklistItem] = []
    # When the law on the page was last checked; `make check` warns 12 months later.
    reviewed: date
    # The regulators' texts the page rests on, shown on the page (a short list).
    sources: Annotated[list[Source], Field(min_length=1, max_length=8)]
    # Where each fact was checked, for the people who edit the page (not shown).
    fact_checks: Annotated[list[Text], Field(min_length=1)]
    # Words and names visitors use for this service (the header search matches them too).
    search_terms: Annotated[list[SearchTerm], Field(min_length=3, max_length=30)]
    glance: Glance
    faqs: Annotated[list[Faq], Field(min_length=4, max_length=5)]

    @property
    def path(self) -> str:
        return f"/{self.route}"

    @property
    def reviewed_label(self) -> str:
        # Month names spelt out here: strftime's %B follows the machine's locale.
        return f"Law on this page last reviewed: {MONTHS[self.reviewed.month - 1]} {self.reviewed.year}"

    @field_validator("reviewed")
    @classmethod
    def _reviewed_not_in_future(cls, reviewed: date) -> date:
        # India's today: a page reviewed this morning in India is not in the future on a UTC server.
        if reviewed > today_in_kolkata():
            raise ValueError(f"{reviewed.isoformat()} is in the future: give the date the law was last checked")
        return reviewed

    @field_validator("route")
    @classmethod
    def _route_in_contract(cls, route: str) -> str:
        if route not in SERVICE_ROUTES:
            raise ValueError(f"'{route}' is not one of the spec's service routes")
        return route

    @field_validator("primary_cta")
    @classmethod
    def _primary_cta(cls, cta: Cta) -> Cta:
        if cta.text not in ("Request Consultation", "Request Assistance"):
            raise ValueError("text must be 'Request Consultation' or 'Request Assistance'")
        if cta.link != "/contact-us":
            raise ValueError("link must be /contact-us")
        return cta

    @field_validator("secondary_cta")
    @classmethod
    def _secondary_cta(cls, cta: Cta) -> Cta:
        if cta.link != "#overview":
            raise ValueError("link must be #overview (Learn More scrolls to the overview)")
        return cta

    @model_validator(mode="after")
    def _contract(self) -> Service:
        expected = SERVICE_ROUTES[self.route]
        if self.category != expected:
            raise ValueError(f"category: '{self.route}' belongs to '{expected}', not '{self.category}'")
        wanted = 5 if self.route in FIVE_ITEM_CHECKLISTS else 4
        if len(self.checklist) != wanted:
            raise ValueError(
                f"checklist: '{self.route}' needs exactly {wanted} documents (its records' documents, by"
                f" record_documents, then work_documents), found {len(self.checklist)}"
            )
        return self


# --- site pages ----------------------------------------------------------------------


class TitledText(Model):
    title: Text
    text: Text


class IconCard(Model):
    icon: Icon
    title: Text
    text: Text


class Slide(Model):
    image: AssetPath
    alt: Text
    title: Text
    text: Text


class Industry(Model):
    name: Text
    image: AssetPath


class Client(Model):
    name: Text
    logo: AssetPath


class ServiceCard(Model):
    icon: Icon
    title: Text
    text: Text


class HomePage(Model):
    meta: PageMeta
    hero_title: Text
    hero_text: Text
    hero: Annotated[list[Slide], Field(min_length=3, max_length=3)]
    about: TitledText
    service_cards: Annotated[list[ServiceCard], Field(min_length=4, max_length=4)]
    industries: Annotated[list[Industry], Field(min_length=16, max_length=16)]
    processes: Annotated[list[TitledText], Field(min_length=6, max_length=6)]
    clients: Annotated[list[Client], all_or_none(8)] = []


class AboutPage(Model):
    meta: PageMeta
    slides: Annotated[list[Slide], Field(min_length=4, max_length=4)]
    intro: TitledText
    vision: Text
    mission: Text
    why_choose: Annotated[list[IconCard], Field(min_length=4, max_length=4)]
    approach: Annotated[list[IconCard], Field(min_length=4, max_length=4)]


class ServicesPage(Model):
    meta: PageMeta
    heading: Text
    intro: Text
    why_choose: Annotated[list[IconCard], Field(min_length=4, max_length=4)]


class GalleryItem(Model):
    src: AssetPath
    title: Text
    description: Text


class Project(Model):
    title: Text
    company: Text
    year: Annotated[int, Field(ge=2015, le=2100)]
    category: Literal["Infrastructure", "Compliance", "Consulting"]


class ClientLogo(Model):
    name: Text
    logo: AssetPath
    description: Text


class Testimonial(Model):
    name: Text
    location: Text
    feedback: Text
    rating: Annotated[int, Field(ge=1, le=5)]
    image: AssetPath


class Video(Model):
    title: Text
    # Only the id is stored: the page builds the privacy-enhanced embed URL.
    youtube_id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{11}$")]
    thumbnail: AssetPath


class TestimonialsPage(Model):
    meta: PageMeta
    hero_title: Text
    hero_text: Text
    gallery: Annotated[list[GalleryItem], Field(min_length=9, max_length=9)]
    projects: Annotated[list[Project], Field(min_length=15, max_length=15)]
    client_logos: Annotated[list[ClientLogo], all_or_none(20)] = []
    testimonials: Annotated[list[Testimonial], all_or_none(3)] = []
    videos: Annotated[list[Video], all_or_none(3)] = []


class ContactPage(Model):
    meta: PageMeta
    heading: Text
    intro: Text
    chat_title: Text
    chat_text: Text
    credentials_text: Text
    map_image: AssetPath


class SimplePage(Model):
    """A page that is only a heading and an introduction (/rough, the 404 page)."""

    meta: PageMeta
    heading: Text
    intro: Text


class PrivacySection(Model):
    title: Text
    paragraphs: Annotated[list[Text], Field(min_length=1)]


class PrivacyPage(Model):
    """/privacy: the notice the enquiry form links to. `{retention_months}`,
    `{reminder_confirm_days}`, `{case_closed_keep_years}`, `{case_link_idle_days}`, `{email}`
    and `{firm}` in the text are filled from the settings,
    so the page cannot disagree with them."""

    meta: PageMeta
    heading: Text
    intro: Text
    sections: Annotated[list[PrivacySection], Field(min_length=3)]


# --- enquiries -----------------------------------------------------------------------


class District(Model):
    slug: Annotated[str, StringConstraints(pattern=r"^[a-z]+(-[a-z]+)*$")]
    name: Text


class EnquirySettings(Model):
    """data/enquiries.toml: the enquiry form's limits and choices."""

    reference_prefix: Annotated[str, StringConstraints(pattern=r"^[A-Z]{2,5}$")]
    message_max_length: Annotated[int, Field(ge=200, le=20_000)]
    per_address_per_hour: Annotated[int, Field(ge=1, le=100)]
    # From one email address or phone number in an hour, before further ones are held.
    per_contact_per_hour: Annotated[int, Field(ge=1, le=100)] = 3
    # Enquiries stored in any 24 hours, from everyone, held or not: beyond this the store
    # refuses (the visitor is offered WhatsApp, email and the phone; staff are alerted).
    store_max_per_day: Annotated[int, Field(ge=100, le=1_000_000)] = 5000
    # Each source's share of that cap in a day (IST): one address (an IPv6 /64), and one network
    # (an IPv4 /24, an IPv6 /48). Beyond its share a source's enquiries are only counted, for
    # staff, so that no one source can fill the store and silence the form for everyone else.
    share_per_address_per_day: Annotated[int, Field(ge=10, le=100_000)] = 100
    share_per_network_per_day: Annotated[int, Field(ge=10, le=100_000)] = 300
    # The firm's email of its own for each enquiry, at most this many an hour; the rest of
    # the hour's enquiries (and held ones after the first) are summed up in one digest.
    notifications_per_hour: Annotated[int, Field(ge=1, le=1000)] = 30
    retention_months: Annotated[int, Field(ge=1, le=120)]
    notice_version: date
    # Days before each renewal calendar date that a reminder email goes, earliest first.
    reminder_days_before: Annotated[list[Annotated[int, Field(ge=1, le=180)]], Field(min_length=1, max_length=4)] = [
        28,
        7,
    ]
    # Days an unconfirmed reminders subscription is kept for its confirmation link.
    reminder_confirm_days: Annotated[int, Field(ge=1, le=30)] = 7
    # The staff inbox warns when an email has waited to be sent longer than this.
    mail_waiting_warn_minutes: Annotated[int, Field(ge=1, le=24 * 60)] = 30
    # Client case tracker: a client's link ends after this many days without use.
    case_link_idle_days: Annotated[int, Field(ge=1, le=365)] = 90
    # A closed case (with the enquiry it came from) is deleted this many years after closing.
    case_closed_keep_years: Annotated[int, Field(ge=1, le=20)] = 8
    # The morning view lists approvals waiting on the client for longer than this.
    case_waiting_on_client_days: Annotated[int, Field(ge=1, le=90)] = 7
    # The morning view lists renewals due within this many days.
    case_renewals_within_days: Annotated[int, Field(ge=7, le=365)] = 90
    # Odisha has 30 districts; a shorter list means one was lost in an edit.
    districts: Annotated[list[District], Field(min_length=30, max_length=30)]

    @field_validator("districts")
    @classmethod
    def _districts_unique(cls, districts: list[District]) -> list[District]:
        for attribute in ("slug", "name"):
            values = [getattr(d, attribute) for d in districts]
            repeated = sorted({v for v in values if values.count(v) > 1})
            if repeated:
                raise ValueError(f"{attribute} {repeated[0]!r} appears more than once")
        if any(d.slug == "outside-odisha" for d in districts):
            raise ValueError("'outside-odisha' is the form's own choice, not a district")
        return districts

    @field_validator("reminder_days_before")
    @classmethod
    def _reminders_ordered(cls, days: list[int]) -> list[int]:
        if days != sorted(set(days), reverse=True):
            raise ValueError("list the days once each, the earliest reminder (most days) first")
        return days
