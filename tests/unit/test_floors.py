"""The back office's floors, and the size of every room of `consultancy`.

The back office is eight packages, one above the other. Each imports only packages on the
floors below its own: never one above it, nor one beside it on the same floor. The floors the
site itself stands on (the framework, the law, the content) import none of the back office.
Imports are read from the source with the reader of test_import_graph.py, so every import counts
wherever it is written (inside functions too).

No package of `consultancy` holds more than ROOM_MODULES modules or ROOM_LINES lines of its own;
its sub-packages count apart."""

from __future__ import annotations

from pathlib import Path

from tests.unit.test_import_graph import ROOT, import_graph

# From the bottom up; a floor may hold more than one package (none imports another of it).
FLOORS: tuple[tuple[str, ...], ...] = (
    ("consultancy.records",),  # tables, database, settings, keys, errors, backups, erasure ledger
    ("consultancy.forms",),  # what visitors send: the enquiry form, the renewal list
    ("consultancy.mail",),  # the email queue, its letters and their signed links
    ("consultancy.staff",),  # accounts, sign-in, second factor, sessions, the staff audit
    ("consultancy.enquiries",),  # the enquiries kept, their limits, the inbox and its HTTP posts
    ("consultancy.reminders",),  # the renewal calendar's reminders
    ("consultancy.cases",),  # client cases
    ("consultancy.office",),  # the command line and the jobs that span every floor
)
# What the back office stands on: these import nothing of it.
BENEATH = ("consultancy.framework", "consultancy.law", "consultancy.content")
# Doors left open on purpose, each named: the command line's former name passes on to its new one.
ALLOWED = {("consultancy.enquiries.__main__", "consultancy.office.__main__")}
ROOM_MODULES = 30
ROOM_LINES = 3000


def _package_of(module: str, packages: tuple[str, ...]) -> str | None:
    return next((p for p in packages if module == p or module.startswith(p + ".")), None)


def floor_breaches(
    graph: dict[str, dict[str, int]],
    floors: tuple[tuple[str, ...], ...] = FLOORS,
    beneath: tuple[str, ...] = BENEATH,
    allowed: set[tuple[str, str]] = ALLOWED,
) -> list[str]:
    """'module:line -> target (why)' for every import that goes up a floor or sideways."""
    level = {package: number for number, floor in enumerate(floors) for package in floor}
    packages = tuple(level)
    found = []
    for module, edges in sorted(graph.items()):
        for target, line in sorted(edges.items()):
            if (module, target) in allowed:
                continue
            to = _package_of(target, packages)
            if to is None:
                continue
            if _package_of(module, beneath) is not None:
                found.append(f"{module}:{line} -> {target} (the back office, from beneath it)")
                continue
            at = _package_of(module, packages)
            if at is None or at == to:
                continue
            if level[to] > level[at]:
                found.append(f"{module}:{line} -> {target} (up, from {at} to {to})")
            elif level[to] == level[at]:
                found.append(f"{module}:{line} -> {target} (sideways, from {at} to {to} on the same floor)")
    return found


def oversized_rooms(root: Path = ROOT, package: str = "consultancy") -> list[str]:
    """'package: N modules, M lines' for every package above the limits, counting only the
    modules directly in it."""
    found = []
    for init in sorted((root / package).rglob("__init__.py")):
        if "__pycache__" in init.parts:
            continue
        modules = sorted(init.parent.glob("*.py"))
        lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in modules)
        if len(modules) > ROOM_MODULES or lines > ROOM_LINES:
            name = ".".join(init.parent.relative_to(root).parts)
            found.append(f"{name}: {len(modules)} modules, {lines} lines")
    return found


def test_each_floor_imports_only_the_floors_below_it() -> None:
    found = floor_breaches(import_graph())
    assert found == [], "imports that go up a floor or sideways:\n" + "\n".join(found)


def test_every_floor_is_a_package_that_exists() -> None:
    # A floor renamed or removed would otherwise pass unchecked.
    for floor in FLOORS:
        for package in floor:
            assert (ROOT / package.replace(".", "/") / "__init__.py").is_file(), package


def test_no_room_is_too_large() -> None:
    assert oversized_rooms() == []


# --- the checks find what they must --------------------------------------------------------------


def test_an_import_up_or_sideways_is_found_wherever_it_is() -> None:
    graph = {
        "site.low.a": {"site.high.b": 3},  # up
        "site.low.c": {"site.beside.d": 7},  # sideways, same floor
        "site.high.b": {"site.low.a": 1, "site.other": 2},  # down, and outside the floors: fine
        "site.base.e": {"site.low.a": 9},  # from beneath the back office
        "site.high.old": {"site.low.a": 4},
        "site.low.alias": {"site.high.b": 5},  # allowed by name
    }
    floors = (("site.low", "site.beside"), ("site.high",))
    assert floor_breaches(graph, floors, ("site.base",), {("site.low.alias", "site.high.b")}) == [
        "site.base.e:9 -> site.low.a (the back office, from beneath it)",
        "site.low.a:3 -> site.high.b (up, from site.low to site.high)",
        "site.low.c:7 -> site.beside.d (sideways, from site.low to site.beside on the same floor)",
    ]


def test_a_room_too_large_is_named_and_its_sub_package_counts_apart(tmp_path: Path) -> None:
    big = tmp_path / "site" / "big"
    (big / "sub").mkdir(parents=True)
    (tmp_path / "site" / "__init__.py").write_text("", encoding="utf-8")
    (big / "__init__.py").write_text("", encoding="utf-8")
    for number in range(ROOM_MODULES):
        (big / f"m{number}.py").write_text("x = 1\n", encoding="utf-8")
    (big / "sub" / "__init__.py").write_text("x = 1\n" * (ROOM_LINES + 1), encoding="utf-8")
    assert oversized_rooms(tmp_path, "site") == [
        f"site.big: {ROOM_MODULES + 1} modules, {ROOM_MODULES} lines",
        f"site.big.sub: 1 modules, {ROOM_LINES + 1} lines",
    ]
