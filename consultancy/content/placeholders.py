"""`python -m consultancy.content.placeholders`: every placeholder still in data/ and assets/.

The site ships with demo content so it can be built and shown before the firm's own details
exist: `EXAMPLE` values in data/site.toml, fictional clients and projects, dummy video ids and
drawn portraits (the founder's silhouette, the testimonial avatars). To a visitor these read as
a template, so production refuses to start while any remain (deploy/prod.sh, deploy/configure.py)
unless it is told that this is a demo (SITE_DEMO=1; the test suite and `make run` are demos).

Prints one line per placeholder, naming the file and the field, and exits 1 when there is any.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .loader import data_dir_in_use, display_path

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
DEMO_VARIABLE = "SITE_DEMO"

# The drawn portraits scripts/images/portraits.py made (SHA-256 of the file). A real photo
# dropped in under the same name has another digest, and stops being reported.
DRAWN_PORTRAITS = {
    "f29c38d549809c96384a9b847a2ab690da106679782861d8423d1689bc8d7146",  # /images/founder.webp
    "d6de390d409e6cdb40d8fb0052d5c9e7e0d6f6b60171296332087fafaf73b741",  # testimonials/person-1.webp
    "e8bbae5dd4a1c617b55ccbec03a03dd63e7786d811d3efacda92053ce8673fb8",  # testimonials/person-2.webp
    "e36537ed97b55376d4a0eab90d31e4f9af9703c9a187a5bb8074087ff249d80c",  # testimonials/person-3.webp
}
# Values that are placeholders whatever their comment says.
EXAMPLE_VALUE = re.compile(r"\bexample\b|^Founder Name$|98765\s?43210|Plot No\. 000", re.IGNORECASE)
# The dummy YouTube ids in data/pages/testimonials.toml ("aaaaaaaaaa1").
DUMMY_VIDEO_ID = re.compile(r"^(.)\1{9}.$")
PLACEHOLDER_CLIENT = "(placeholder client)"
# The demo content's invented companies (home page clients, projects, client logos): a real
# client's name replacing one of them stops it being reported.
FICTIONAL_COMPANIES = frozenset({
    "Aravel Marine", "Brivenor Minerals", "Corvessa Chemicals", "Dravoni Textiles", "Elvantis Power",
    "Fenmora Hospitals", "Gravik Alloys", "Helvaro Realty", "Inavo Data Centres", "Kesora Aquafarms",
    "Kovantra Developers", "Lumeza Townships", "Marvanta Cement", "Medrisa Hospitals", "Ostiva Diagnostics",
    "Peravel Ports", "Quelora Pharma", "Quenda Diagnostics", "Ravika Hotels", "Solvanta Power",
    "Tarnavi Fuels", "Tevaro Petroleum", "Ulvora Alloys", "Vantiko Telecom", "Wyndra Fertilisers",
    "Yashvel Roadways", "Zentoria Minerals", "Zorvani Cold Chain",
})  # fmt: skip


@dataclass(frozen=True)
class Placeholder:
    file: str
    field: str
    value: str
    why: str

    def __str__(self) -> str:
        return f"{self.file}: field '{self.field}' = {self.value!r}: {self.why}"


def is_demo() -> bool:
    """True when this build is explicitly a demo, where placeholders are expected."""
    return os.environ.get(DEMO_VARIABLE, "") == "1"


def _field(table: str, key: str) -> str:
    return f"{table}.{key}" if table else key


def _site(path: Path) -> list[Placeholder]:
    """Fields marked `# EXAMPLE`, and any value that is an example address, name or number."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: dict[str, Placeholder] = {}
    table, counts = "", {}
    for line in path.read_text(encoding="utf-8").splitlines():
        header = re.match(r"^\s*(\[\[?)([A-Za-z0-9_.-]+)\]\]?", line)
        if header:
            name = header.group(2)
            if header.group(1) == "[[":
                counts[name] = counts.get(name, -1) + 1
                table = f"{name}[{counts[name]}]"
            else:
                table = name
            continue
        entry = re.match(r"^\s*([A-Za-z0-9_]+)\s*=", line)
        if entry and re.search(r"#\s*EXAMPLE\b", line):
            field = _field(table, entry.group(1))
            found[field] = Placeholder(display_path(path), field, str(_lookup(data, field)), "marked EXAMPLE")

    def walk(value: object, field: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, _field(field, key))
        elif isinstance(value, list):
            for n, inner in enumerate(value):
                walk(inner, f"{field}[{n}]")
        elif isinstance(value, str) and EXAMPLE_VALUE.search(value) and field not in found:
            found[field] = Placeholder(display_path(path), field, value, "an example value")

    walk(data, "")
    photo = data.get("founder", {}).get("photo")
    if photo and _is_drawn(photo):
        found["founder.photo"] = Placeholder(
            display_path(path), "founder.photo", photo, "the drawn silhouette, not a photo"
        )
    return list(found.values())


def _lookup(data: dict, field: str) -> object:
    value: object = data
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", field):
        value = value[int(part[1:-1])] if part.startswith("[") else value[part]  # type: ignore[index]
    return value


def _is_drawn(public_path: str) -> bool:
    path = ASSETS_DIR / public_path.lstrip("/")
    return path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() in DRAWN_PORTRAITS


def _pages(pages: Path) -> list[Placeholder]:
    found: list[Placeholder] = []
    testimonials_path = pages / "testimonials.toml"
    testimonials = tomllib.loads(testimonials_path.read_text(encoding="utf-8"))
    where = display_path(testimonials_path)
    fictional = set(FICTIONAL_COMPANIES)
    for n, logo in enumerate(testimonials.get("client_logos", [])):
        if PLACEHOLDER_CLIENT in logo.get("description", "") or logo.get("name") in fictional:
            fictional.add(logo["name"])
            found.append(Placeholder(where, f"client_logos[{n}].name", logo["name"], "a fictional client"))
    for n, project in enumerate(testimonials.get("projects", [])):
        if project.get("company") in fictional:
            found.append(Placeholder(where, f"projects[{n}].company", project["company"], "a fictional client"))
    for n, person in enumerate(testimonials.get("testimonials", [])):
        if _is_drawn(person.get("image", "")):
            found.append(
                Placeholder(
                    where, f"testimonials[{n}].name", person["name"], "a drawn avatar: not a real client's words"
                )
            )
    for n, video in enumerate(testimonials.get("videos", [])):
        if DUMMY_VIDEO_ID.match(video.get("youtube_id", "")):
            found.append(Placeholder(where, f"videos[{n}].youtube_id", video["youtube_id"], "a dummy video id"))
    home_path = pages / "home.toml"
    home = tomllib.loads(home_path.read_text(encoding="utf-8"))
    for n, client in enumerate(home.get("clients", [])):
        if client.get("name") in fictional:
            found.append(
                Placeholder(display_path(home_path), f"clients[{n}].name", client["name"], "a fictional client")
            )
    return found


def find_placeholders(data_dir: Path | None = None) -> list[Placeholder]:
    """Every placeholder in the site's content, in file order."""
    data_dir = data_dir or data_dir_in_use()
    return _site(data_dir / "site.toml") + _pages(data_dir / "pages")


def main(argv: list[str]) -> int:
    found = find_placeholders()
    for placeholder in found:
        print(placeholder)
    if found:
        print(
            f"{len(found)} placeholder(s): replace them with the firm's own details before going live "
            f"(or set {DEMO_VARIABLE}=1 for a demo)",
            file=sys.stderr,
        )
        return 1
    print("no placeholders")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
