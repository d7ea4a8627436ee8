"""consultancy/framework/paint.py: a built page paints before the framework's scripts are fetched."""

import re

import pytest

from consultancy.framework.early_input import MARKER
from consultancy.framework.paint import paint_first
from tests.conftest import WEB, wait_until_interactive

BUILT = WEB / "build" / "client"

PAGE = (
    '<html><head><link rel="preload" as="image" href="/hero.webp"/>'
    '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>'
    '<link rel="modulepreload" href="/assets/a.js"/>'
    '<link href="/assets/site.css" rel="stylesheet"/></head><body><h1>Hi</h1>'
    '<script type="module" async="">import "/assets/manifest.js";\n'
    'import * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/page.js";\n'
    '  window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};\n'
    'import("/assets/entry.js");</script></body></html>'
)


def test_module_preloads_leave_the_head_and_the_entry_waits_for_the_page_to_load() -> None:
    painted = paint_first(PAGE)
    head = painted.split("</head>")[0]
    assert "modulepreload" not in head
    assert '<link href="/assets/site.css" rel="stylesheet"/>' in head
    body = painted.split("<body>")[1]
    entry = re.search(r'<script type="module">(.*?)</script>', body, re.S)
    assert entry, body
    code = entry.group(1)
    # No static import (the browser would fetch it while the page is still loading): the
    # wait for `load` comes first, then the preloads, then the same modules in the same order.
    assert not re.search(r"^\s*import[\s*{\"]", code, re.M), code
    assert code.index('addEventListener("load"') < code.index("modulepreload") < code.index("/assets/manifest.js")
    assert '["/assets/a.js","/assets/b.js"]' in code
    # One preload per task: the loop waits for a timer after each.
    loop = code[code.index("for(const href of") : code.index("/assets/manifest.js")]
    one_per_task = r"\{document\.head\.append\(.*?\);await new Promise\(\(next\)=>setTimeout\(next\)\);\}"
    assert re.search(one_per_task, loop), loop
    assert code.index("/assets/manifest.js") < code.index("/assets/root.js") < code.index("/assets/entry.js")
    assert 'window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1}' in code
    assert paint_first(painted) == painted


def test_the_early_input_script_runs_before_the_stylesheet_once_per_page() -> None:
    painted = paint_first(PAGE)
    head = painted.split("</head>")[0]
    early = head.index("<script>" + MARKER)
    assert early < head.index('rel="stylesheet"')
    assert painted.count(MARKER) == 1 and paint_first(painted).count(MARKER) == 1
    # A classic script: it must not be taken for React Router's entry module.
    assert "type=" not in head[early : early + 20]


def test_a_page_without_react_gets_no_early_input_script() -> None:
    page = '<html><head><link href="/a.css" rel="stylesheet"/></head><body><button>b</button></body></html>'
    assert MARKER not in paint_first(page)


def test_an_unknown_entry_script_stops_the_build() -> None:
    with pytest.raises(RuntimeError, match="entry script changed"):
        paint_first(PAGE.replace('import("/assets/entry.js")', 'import { x } from "/assets/x.js"'))


@pytest.mark.browser
def test_built_pages_have_no_module_preload_tags(base_url: str) -> None:
    pages = sorted(BUILT.rglob("*.html"))
    assert pages, "the site has not been built"
    tag = re.compile(r"<link[^>]*modulepreload")
    with_preloads = [p.relative_to(BUILT).as_posix() for p in pages if tag.search(p.read_text())]
    assert with_preloads == []


@pytest.mark.browser
def test_built_pages_hold_early_input_once_each(base_url: str) -> None:
    pages = [p for p in sorted(BUILT.rglob("*.html")) if '<script type="module">' in p.read_text()]
    assert pages, "the site has not been built"
    counts = {p.relative_to(BUILT).as_posix(): p.read_text().count(MARKER) for p in pages}
    assert set(counts.values()) == {1}, counts


# When the page's scripts were asked for, and when the browser reported the first contentful
# paint and the load event (ms since the navigation started).
SCRIPT_TIMING = """() => ({
  paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  load: performance.getEntriesByType("navigation")[0].loadEventStart,
  scripts: performance.getEntriesByType("resource")
    .filter((entry) => /^\\/assets\\/.*\\.js$/.test(new URL(entry.name).pathname))
    .map((entry) => entry.startTime),
})"""


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/", "/peso", "/testimonials", "/approvals-finder"])
def test_scripts_are_asked_for_only_once_the_first_paint_is_reported(mobile_page, path: str) -> None:
    mobile_page.goto(path)
    wait_until_interactive(mobile_page)
    timing = mobile_page.evaluate(SCRIPT_TIMING)
    assert timing["scripts"], "the page hydrated without fetching its scripts?"
    assert timing["paint"] is not None, "the browser reported no first contentful paint"
    first = min(timing["scripts"])
    assert first >= timing["paint"] and first >= timing["load"], timing
