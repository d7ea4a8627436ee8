"""consultancy/paint.py: a built page paints before the framework's scripts are fetched."""

import re
from pathlib import Path

import pytest

from consultancy.paint import paint_first

BUILT = Path(__file__).resolve().parents[1] / ".web" / "build" / "client"

PAGE = (
    '<html><head><link rel="preload" as="image" href="/hero.webp"/>'
    '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>'
    '<link rel="modulepreload" href="/assets/a.js"/>'
    '<link href="/assets/site.css" rel="stylesheet"/></head><body><h1>Hi</h1>'
    '<script type="module" async="">import "/assets/a.js";</script></body></html>'
)


def test_module_preloads_leave_the_head_and_come_after_the_first_paint() -> None:
    painted = paint_first(PAGE)
    head = painted.split("</head>")[0]
    assert "modulepreload" not in head
    assert '<link href="/assets/site.css" rel="stylesheet"/>' in head
    body = painted.split("<body>")[1]
    script = re.search(r"<script>(requestAnimationFrame.*?)</script><script type=\"module\"", body)
    assert script, body
    assert '["/assets/a.js","/assets/b.js"]' in script.group(1)
    assert paint_first(painted) == painted


@pytest.mark.browser
def test_built_pages_have_no_module_preload_tags(base_url: str) -> None:
    pages = sorted(BUILT.rglob("*.html"))
    assert pages, "the site has not been built"
    tag = re.compile(r"<link[^>]*modulepreload")
    with_preloads = [p.relative_to(BUILT).as_posix() for p in pages if tag.search(p.read_text())]
    assert with_preloads == []
