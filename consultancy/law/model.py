"""One record per approval (data/law/<approval-id>.toml): every fact about it, sourced and dated.

A fact carries its status: `settled` (the gazette, the rule's text or the regulator's own
statement says so), `reported` (only the press or consultants say so) or `unsettled` (nothing
read decides it). Only a settled fact's own words reach a page; anything else is said through
a fixed sentence (consultancy.law.status). Values that changed in law are kept as a list keyed
by the date each took effect, so a record can be read at any date and each dated value is
also an entry on the regulatory updates page.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Status = Literal["settled", "reported", "unsettled"]
STATUSES: tuple[Status, ...] = ("settled", "reported", "unsettled")

# The facts of a record that carry a status, by the field that holds them.
FACT_FIELDS = ("authority", "basis", "validity", "renewal", "filings", "decision", "fee", "forms", "portal", "appeal")


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(Model):
    """A text a record relies on, defined once per record and cited by its key."""

    title: Text
    date: dt.date | None = None
    url: Annotated[str, StringConstraints(pattern=r"^https://\S+$")] | None = None


class Cite(Model):
    """One source for one fact, and what in it supports the fact."""

    source: Slug
    supports: Text


class Fact(Model):
    """A statement about the approval.

    `text` is the public wording and is shown only when the fact is settled; `note` is for the
    people who edit the record (what is known, what is not) and is never shown."""

    text: Text | None = None
    note: Text | None = None
    status: Status
    cites: list[Cite] = []
    reviewed: dt.date

    @model_validator(mode="after")
    def _sourced(self) -> Fact:
        if self.status != "unsettled" and not self.cites:
            raise ValueError(f"cites: a {self.status} fact names at least one source")
        if self.status == "settled" and self.text is None:
            raise ValueError("text: a settled fact gives its public wording")
        if self.status != "settled" and self.note is None:
            raise ValueError(f"note: say for the editors what is {self.status} about this fact")
        return self


class Authority(Fact):
    """Who grants the approval, and its office for Odisha."""

    name: Text
    office: Text | None = None


class Validity(Fact):
    """How long the approval runs from `since` on (the date this rule took effect).

    `months` only where the law fixes one period for every holder; `until_cancelled` where it
    runs without an expiry date. Neither: the date printed on the certificate."""

    since: dt.date
    months: Annotated[int, Field(ge=1, le=600)] | None = None
    until_cancelled: bool = False
    # The change entry this value belongs to (a record's [[changes]] id), where it is one.
    change: Slug | None = None

    @model_validator(mode="after")
    def _one_rule(self) -> Validity:
        if self.months is not None and self.until_cancelled:
            raise ValueError("months: a period and 'until cancelled' exclude each other")
        return self


class Renewal(Fact):
    """When to apply for renewal: `days_before` expiry where a source fixes it."""

    days_before: Annotated[int, Field(ge=1, le=365)] | None = None


class Filing(Fact):
    """A return, report or fee due while the approval is held; `text` says when it is due."""

    name: Text
    # A fixed date in the year, for the calendar (only used when the fact is settled).
    month: Annotated[int, Field(ge=1, le=12)] | None = None
    day: Annotated[int, Field(ge=1, le=31)] | None = None
    # Or due every so many years from the approval's issue (a licence retention fee).
    every_years: Annotated[int, Field(ge=1, le=50)] | None = None
    # Only some holders file it ("licence holders who manufacture or import"): the calendar
    # asks the holder before dating it.
    only: Text | None = None

    @model_validator(mode="after")
    def _date_whole(self) -> Filing:
        if (self.month is None) != (self.day is None):
            raise ValueError("month: give both month and day, or neither")
        if self.every_years is not None and self.month is not None:
            raise ValueError("every_years: a filing is due on a day of the year or every so many years, not both")
        return self


class Decision(Fact):
    """The legal time limit for the authority's decision, and what happens when it passes."""

    since: dt.date | None = None
    days: Annotated[int, Field(ge=1, le=730)] | None = None
    # The rule counts working days, not calendar days (the case tracker's legal clock).
    working_days: bool = False
    deemed: bool = False
    change: Slug | None = None


class Appeal(Fact):
    """Where a refusal can be appealed, and within how many days of the order, where the law says."""

    to: Text | None = None
    days: Annotated[int, Field(ge=1, le=365)] | None = None


class Document(Model):
    """A document an application for the approval needs (the firm's checklist, not a fact of law)."""

    name: Text
    description: Text
    # Only some applicants need it ("for a hospital", "where groundwater is drawn").
    when: Text | None = None


class Change(Model):
    """A change in the law: an entry of the regulatory updates page and its feed."""

    id: Slug
    date: dt.date
    title: Text
    # What changed, for a visitor (a settled change only: a rumour is not an update).
    summary: Text
    cites: Annotated[list[Cite], Field(min_length=1)]
    # Pages it affects beyond the service pages of the approvals it touches (e.g. /privacy).
    pages: list[Annotated[str, StringConstraints(pattern=r"^/[a-z0-9-]*$")]] = []


class GeneralChanges(Model):
    """data/law/_changes.toml: changes in the law that touch no approval of the site (the
    rules on personal data the enquiry form follows), listed on the updates page all the same."""

    sources: Annotated[dict[Slug, Source], Field(min_length=1)]
    changes: Annotated[list[Change], Field(min_length=1)]

    @model_validator(mode="after")
    def _cited(self) -> GeneralChanges:
        for n, change in enumerate(self.changes):
            for c, cite in enumerate(change.cites):
                if cite.source not in self.sources:
                    raise ValueError(f"changes[{n}].cites[{c}].source: '{cite.source}' is not in [sources]")
        return self


class Record(Model):
    """data/law/<id>.toml: one approval."""

    id: Slug
    name: Text
    # Ids this approval had before the records (kept so saved calendars and links still work).
    former_ids: list[Slug] = []
    reviewed: dt.date
    # The finder's results that name this approval (their triggers hold the thresholds).
    finder: list[Slug] = []
    sources: Annotated[dict[Slug, Source], Field(min_length=1)]
    authority: Authority
    basis: Fact
    validity: Annotated[list[Validity], Field(min_length=1)]
    renewal: Renewal | None = None
    filings: list[Filing] = []
    decision: list[Decision] = []
    fee: Fact | None = None
    forms: Fact | None = None
    portal: Fact | None = None
    appeal: Appeal | None = None
    # What an application needs, in the order a client gathers it.
    documents: list[Document] = []
    changes: list[Change] = []
    # Changes defined in other records that also touch this approval.
    touched_by: list[Slug] = []

    @model_validator(mode="before")
    @classmethod
    def _default_reviewed(cls, raw: Any) -> Any:
        """A fact without its own `reviewed` date takes the record's."""
        if not isinstance(raw, dict) or "reviewed" not in raw:
            return raw
        raw = dict(raw)
        for name in FACT_FIELDS:
            value = raw.get(name)
            if isinstance(value, dict):
                raw[name] = {"reviewed": raw["reviewed"], **value}
            elif isinstance(value, list):
                raw[name] = [{"reviewed": raw["reviewed"], **v} if isinstance(v, dict) else v for v in value]
        return raw

    @model_validator(mode="after")
    def _references(self) -> Record:
        for where, fact in self.facts():
            for n, cite in enumerate(fact.cites):
                if cite.source not in self.sources:
                    raise ValueError(f"{where}.cites[{n}].source: '{cite.source}' is not in this record's [sources]")
        for n, change in enumerate(self.changes):
            for c, cite in enumerate(change.cites):
                if cite.source not in self.sources:
                    raise ValueError(
                        f"changes[{n}].cites[{c}].source: '{cite.source}' is not in this record's [sources]"
                    )
        for name in ("validity", "decision"):
            dates = [v.since for v in getattr(self, name) if v.since is not None]
            if dates != sorted(dates) or len(set(dates)) != len(dates):
                raise ValueError(f"{name}: give the values in the order they took effect, one per date")
        names: set[str] = set()
        for n, document in enumerate(self.documents):
            key = " ".join(document.name.lower().split())
            if key in names:
                raise ValueError(
                    f"documents[{n}].name: '{document.name}' is already listed (a document is stated once)"
                )
            names.add(key)
        own = {c.id for c in self.changes}
        for where, fact in self.facts():
            change = getattr(fact, "change", None)
            if change is not None and change not in own and change not in self.touched_by:
                raise ValueError(f"{where}.change: '{change}' is neither in [[changes]] nor in touched_by")
        return self

    def facts(self) -> list[tuple[str, Fact]]:
        """Every fact of the record with the field it sits in (`validity[1]`, `fee`)."""
        found: list[tuple[str, Fact]] = []
        for name in FACT_FIELDS:
            value = getattr(self, name)
            if isinstance(value, list):
                found += [(f"{name}[{n}]", v) for n, v in enumerate(value)]
            elif value is not None:
                found.append((name, value))
        return found

    def validity_on(self, day: dt.date) -> Validity:
        """The validity rule in force on `day` (the earliest one before any took effect)."""
        current = self.validity[0]
        for value in self.validity:
            if value.since <= day:
                current = value
        return current

    def decision_on(self, day: dt.date) -> Decision | None:
        current = None
        for value in self.decision:
            if value.since is None or value.since <= day:
                current = value
        return current
