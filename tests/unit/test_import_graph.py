"""The import graph of the `consultancy` package, read from the source with `ast`: the
framework package sits below the site (it imports nothing of it), the law stands on the data
files alone (it imports nothing of the content, the pages or anything else that reads it), and
no modules import each other in a circle.

Every import counts wherever it is written: at the top, inside a function, under
`if TYPE_CHECKING:`, relative or absolute, and `importlib.import_module("...")` with a
literal name. An import names the deepest module of the package it reaches
(`from consultancy.enquiries import staff` is `consultancy.staff.staff`, `from
consultancy.content import content` is `consultancy.content`)."""

from __future__ import annotations

import ast
import itertools
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "consultancy"
FRAMEWORK = "consultancy.framework"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {
        module_name(path, root): path
        for path in sorted((root / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _base(module: str, is_package: bool, level: int) -> str:
    """The package a relative import of `level` dots starts from."""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    return ".".join(parts[: len(parts) - (level - 1)] if level > 1 else parts)


def _join(*parts: str | None) -> str:
    return ".".join(part for part in parts if part)


def imported_names(source: str, module: str, is_package: bool = False) -> Iterator[tuple[str, int]]:
    """(dotted name, line) of everything `source` imports, anywhere in it; `from X import a`
    yields `X.a` (a module or a name in X: `resolve` decides)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _join(_base(module, is_package, node.level), node.module) if node.level else node.module or ""
            for alias in node.names:
                yield (_join(base, alias.name) if alias.name != "*" else base), node.lineno
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            name = node.args[0]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                level = len(name.value) - len(name.value.lstrip("."))
                text = name.value[level:]
                yield (_join(_base(module, is_package, level), text) if level else text), node.lineno


def _is_import_module(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr == "import_module" and isinstance(func.value, ast.Name) and func.value.id == "importlib"
    return isinstance(func, ast.Name) and func.id == "import_module"


def resolve(name: str, modules: Iterable[str]) -> str | None:
    """The deepest module of the package that `name` reaches, None outside the package."""
    known = set(modules)
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, dict[str, int]]:
    """Module -> {module of the package it imports: the first line that does}."""
    modules = package_modules(root, package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges = graph.setdefault(name, {})
        for imported, line in imported_names(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"):
            target = resolve(imported, modules)
            if target is not None and target != name:
                edges.setdefault(target, line)
    return graph


def site_imports_of_framework(graph: dict[str, dict[str, int]], framework: str = FRAMEWORK) -> list[str]:
    """'module:line -> site module' for every import of the framework that leaves it."""

    def inside(name: str) -> bool:
        return name == framework or name.startswith(framework + ".")

    return [
        f"{module}:{line} -> {target}"
        for module, edges in sorted(graph.items())
        if inside(module)
        for target, line in sorted(edges.items())
        if not inside(target)
    ]


def cycles(graph: dict[str, dict[str, int]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, {}))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def describe(graph: dict[str, dict[str, int]], component: frozenset[str]) -> str:
    """The component's modules, and its shortest circle through the first of them with the
    line of each import on it."""
    start = min(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == start and came_from:
            break
        for target in sorted(t for t in graph[node] if t in component):
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    path = [start]
    while len(path) == 1 or path[-1] != start:
        path.append(came_from[path[-1]])
    path.reverse()
    steps = [f"{a}:{graph[a][b]}" for a, b in itertools.pairwise(path)]
    return f"{len(component)} modules ({', '.join(sorted(component))}), e.g. " + " -> ".join([*steps, start])


def test_the_framework_imports_nothing_of_the_site() -> None:
    assert site_imports_of_framework(import_graph()) == []


def test_consultancy_has_no_import_cycle() -> None:
    graph = import_graph()
    found = [describe(graph, c) for c in cycles(graph)]
    assert found == [], "modules that import each other in a circle:\n" + "\n".join(found)


# --- the reader finds what it must ----------------------------------------------------------------


def _plant(tmp_path: Path, files: dict[str, str]) -> dict[str, dict[str, int]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return import_graph(tmp_path, "site")


def test_an_import_of_the_site_anywhere_in_the_framework_is_found(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "site/__init__.py": "",
            "site/pages.py": "",
            "site/content/__init__.py": "def content(): ...\n",
            "site/content/loader.py": "",
            "site/framework/__init__.py": "",
            "site/framework/plain.py": "import os\nfrom . import lazy\n",
            "site/framework/lazy.py": "def f():\n    from site.content import content\n",
            "site/framework/typed.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..content import loader\n"
            ),
            "site/framework/dynamic.py": "import importlib\nimportlib.import_module('site.pages')\n",
            "site/framework/sub/__init__.py": "from ... import pages\n",
        },
    )
    assert site_imports_of_framework(graph, "site.framework") == [
        "site.framework.dynamic:2 -> site.pages",
        "site.framework.lazy:2 -> site.content",
        "site.framework.sub:1 -> site.pages",
        "site.framework.typed:3 -> site.content.loader",
    ]


def test_a_circle_hidden_in_functions_is_found_and_named(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "site/__init__.py": "",
            "site/a.py": "from site import b\n",
            "site/b.py": "def later():\n    from .c import thing\n",
            "site/c.py": "import site.a\n",
            "site/d.py": "import site.a\n",
        },
    )
    assert cycles(graph) == [frozenset({"site.a", "site.b", "site.c"})]
    assert describe(graph, cycles(graph)[0]) == (
        "3 modules (site.a, site.b, site.c), e.g. site.a:1 -> site.b:2 -> site.c:1 -> site.a"
    )


# --- the law is a floor: it stands on the data files alone ---------------------------------------

LAW = "consultancy.law"
# What the law may import of the package besides itself: reading a data file, beneath it. The
# content, the pages, the components, the finder, the enquiries and the templates all read the
# law, so an import of any of them would be an arrow back up.
BENEATH_THE_LAW = ("consultancy.datafiles",)
DATAFILES = "consultancy.datafiles"


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def imports_leaving(graph: dict[str, dict[str, int]], package: str, allowed: Iterable[str] = ()) -> list[str]:
    """'module:line -> module' for every import by a module of `package` of a module of the
    site that is neither in `package` nor in one of `allowed`."""
    below = tuple(allowed)
    return [
        f"{module}:{line} -> {target}"
        for module, edges in sorted(graph.items())
        if _within(module, package)
        for target, line in sorted(edges.items())
        if not _within(target, package) and not any(_within(target, a) for a in below)
    ]


def test_the_law_imports_nothing_above_it() -> None:
    found = imports_leaving(import_graph(), LAW, BENEATH_THE_LAW)
    assert found == [], "the law imports what stands on it:\n" + "\n".join(found)


def test_the_data_files_import_nothing_of_the_site() -> None:
    assert imports_leaving(import_graph(), DATAFILES) == []


def test_an_import_of_the_content_by_the_law_is_found_wherever_it_is_written(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "site/__init__.py": "",
            "site/datafiles.py": "",
            "site/pages.py": "",
            "site/content/__init__.py": "def content(): ...\n",
            "site/content/loader.py": "",
            "site/law/__init__.py": "from .records import load\n",
            "site/law/records.py": "from site.datafiles import read\nfrom . import model\n",
            "site/law/model.py": "",
            "site/law/check.py": "def main():\n    from site.content.loader import load_content\n",
            "site/law/updates.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..content import content\n"
            ),
            "site/law/feed.py": "import site.pages\n",
        },
    )
    assert imports_leaving(graph, "site.law", ["site.datafiles"]) == [
        "site.law.check:2 -> site.content.loader",
        "site.law.feed:1 -> site.pages",
        "site.law.updates:3 -> site.content",
    ]
