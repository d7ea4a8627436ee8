"""The regulatory updates: each change entry of the records with what it touches, for the
/regulatory-updates page and its Atom feed (written beside sitemap.xml at build time).

It sits above the law, among the content, because an entry names the service pages and the
finder's results a change touches."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

from feedgen.feed import FeedGenerator

from consultancy.law.public import UPDATES_PATH
from consultancy.law.registry import Update

from .loader import Content

FEED_PATH = "/regulatory-updates.xml"
KOLKATA = ZoneInfo("Asia/Kolkata")


@dataclass(frozen=True)
class Link:
    text: str
    href: str


@dataclass(frozen=True)
class Entry:
    """One change as a visitor reads it."""

    id: str
    date: date
    title: str
    summary: str
    approvals: tuple[str, ...]
    # The service pages and other pages it affects, and the finder's results it changes.
    pages: tuple[Link, ...]
    finder: tuple[Link, ...]
    # Each source's title with what in it supports the entry.
    sources: tuple[str, ...]


def _entry(update: Update, content: Content) -> Entry:
    law = content.law
    approvals = tuple(law.records[a].name for a in update.approvals)
    pages: list[Link] = []
    for service in content.services:
        if any(a in update.approvals for a in service.glance.approvals):
            pages.append(Link(service.name, service.path))
    for path in update.change.pages:
        pages.append(Link(path, path))
    covered = {result for a in update.approvals for result in law.records[a].finder}
    finder = tuple(
        Link(rule.title, f"/approvals-finder#{rule.id}") for rule in content.finder.rules if rule.id in covered
    )
    sources = tuple(f"{update.sources[c.source].title}: {c.supports}" for c in update.change.cites)
    return Entry(
        id=update.id,
        date=update.date,
        title=update.change.title,
        summary=update.change.summary,
        approvals=approvals,
        pages=tuple(pages),
        finder=finder,
        sources=sources,
    )


def entries(content: Content) -> list[Entry]:
    """Newest first."""
    return [_entry(u, content) for u in content.law.updates]


def _moment(day: date) -> datetime:
    """A change takes effect on a day: its start in Kolkata is the entry's time."""
    return datetime.combine(day, time(0, 0), KOLKATA)


def atom(content: Content) -> bytes:
    """The feed, built by feedgen: one entry per change, its id the page's anchor for it."""
    site = content.site.site_url
    feed = FeedGenerator()
    feed.id(site + UPDATES_PATH)
    feed.title(f"Regulatory updates: {content.site.name}")
    feed.subtitle("Changes in the law on licences, clearances and NOCs in Odisha, and what they touch.")
    feed.author({"name": content.site.name, "uri": site})
    feed.link(href=site + UPDATES_PATH, rel="alternate", type="text/html")
    feed.link(href=site + FEED_PATH, rel="self", type="application/atom+xml")
    feed.language("en")
    listed = entries(content)
    feed.updated(_moment(max((e.date for e in listed), default=date(2026, 1, 1))))
    # feedgen puts the entry added last first; add oldest first so the newest leads the file.
    for entry in reversed(listed):
        item = feed.add_entry()
        item.id(f"{site}{UPDATES_PATH}#{entry.id}")
        item.title(entry.title)
        item.link(href=f"{site}{UPDATES_PATH}#{entry.id}", rel="alternate", type="text/html")
        item.published(_moment(entry.date))
        item.updated(_moment(entry.date))
        item.summary(entry.summary)
        lines = [entry.summary]
        if entry.approvals:
            lines.append("Approvals: " + "; ".join(entry.approvals) + ".")
        if entry.pages:
            lines.append("Pages: " + "; ".join(f"{p.text} ({site}{p.href})" for p in entry.pages) + ".")
        lines.append("Sources: " + "; ".join(entry.sources) + ".")
        item.content("\n".join(lines), type="text")
        for name in entry.approvals:
            item.category(term=name)
    return feed.atom_str(pretty=True)


def write_feed(content: Content, directory: Path) -> Path:
    target = directory / FEED_PATH.lstrip("/")
    text = atom(content)
    if not target.exists() or target.read_bytes() != text:
        target.write_bytes(text)
    return target
