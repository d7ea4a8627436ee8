"""The regulatory updates: the change entries of the records on the page and in its Atom
feed. The feed is validated against RFC 4287's RELAX NG schema (tests/data/atom.rnc) with
Debian's jing, and read back with feedparser."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import feedparser
import pytest
from lxml import etree

from consultancy.content import content
from consultancy.content.law_updates import FEED_PATH, atom, entries, write_feed

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "tests" / "data" / "atom.rnc"
ATOM = "{http://www.w3.org/2005/Atom}"

# The changes of the last two years the updates must cover (issue list), by entry id.
REQUIRED = {
    "consent-guidelines-2025",
    "consent-amendment-2026",
    "environment-audit-rules-2025",
    "boilers-act-2025",
    "groundwater-amendment-2023",
    "eia-built-up-area-2025",
    "dpdp-rules-2025",
    "forest-rules-2023",
}


@pytest.fixture(scope="module")
def feed_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_feed(content(), tmp_path_factory.mktemp("feed"))


def test_the_feed_is_valid_atom_by_rfc_4287s_schema(feed_file: Path) -> None:
    jing = shutil.which("jing")
    assert jing, "Debian's jing is missing: apt-get install jing (make jing)"
    run = subprocess.run([jing, "-c", str(SCHEMA), str(feed_file)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_schematron_rules_jing_does_not_check(feed_file: Path) -> None:
    """RFC 4287: every entry has an author (here the feed's) and an alternate link (a link
    without rel is one, section 4.2.7.2)."""
    root = etree.parse(str(feed_file)).getroot()
    assert root.find(f"{ATOM}author/{ATOM}name") is not None
    for entry in root.iter(f"{ATOM}entry"):
        links = entry.findall(f"{ATOM}link")
        assert any(link.get("rel", "alternate") == "alternate" for link in links)


def test_a_feed_reader_reads_every_entry_back(feed_file: Path) -> None:
    parsed = feedparser.parse(feed_file.read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    listed = entries(content())
    assert [e.title for e in parsed.entries] == [e.title for e in listed]
    site = content().site.site_url
    for item, entry in zip(parsed.entries, listed, strict=True):
        assert item.id == f"{site}/regulatory-updates#{entry.id}"
        assert item.link == f"{site}/regulatory-updates#{entry.id}"
        assert item.published.startswith(entry.date.isoformat())
        assert item.summary == entry.summary
        for source in entry.sources:
            assert source in item.content[0].value
    assert parsed.feed.links[1].href == site + FEED_PATH


def test_the_updates_cover_the_changes_of_the_last_two_years() -> None:
    ids = {e.id for e in entries(content())}
    assert ids >= REQUIRED, REQUIRED - ids
    by_id = {e.id: e for e in entries(content())}
    amendment = by_id["consent-amendment-2026"]
    assert amendment.date.isoformat() == "2026-01-27"
    assert {"Consent to operate", "Consent to establish", "Hazardous waste authorisation"} <= set(amendment.approvals)
    assert any(p.href == "/consent-to-operate" for p in amendment.pages)
    assert any(f.text.startswith("Consent to operate") or "consent" in f.text.lower() for f in amendment.finder)
    assert by_id["dpdp-rules-2025"].pages and "/privacy" in {p.href for p in by_id["dpdp-rules-2025"].pages}


def test_every_service_page_links_the_updates_that_touch_it() -> None:
    """The glance box's "Changes in the law" row: one link per update touching its approvals."""
    from consultancy.law.public import facts_of

    law = content().law
    cto = facts_of(law.records["consent-to-operate"], law)
    assert {"consent-guidelines-2025", "consent-amendment-2026"} <= {u[0] for u in cto.updates}
    for service in content().services:
        touched = {u.id for a in service.glance.approvals for u in law.updates_for(a)}
        listed = {u[0] for a in service.glance.approvals for u in facts_of(law.records[a], law).updates}
        assert touched == listed, service.route


def test_the_feed_is_written_only_when_it_changes(tmp_path: Path) -> None:
    target = write_feed(content(), tmp_path)
    stamp = target.stat().st_mtime_ns
    assert write_feed(content(), tmp_path).stat().st_mtime_ns == stamp
    assert target.read_bytes() == atom(content())
