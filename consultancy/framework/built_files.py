"""Files of the client build that the build steps write after Vite (consultancy/framework/paint.py,
consultancy/framework/route_manifest.py), and the inline scripts they put in pages."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path


def write_compressed_copies(path: Path, data: bytes, *, only_existing: bool) -> None:
    """The .gz and .br files a server sends instead of `path`, holding `data`: rewritten where
    they exist, or, with `only_existing` false, written whether or not they do. Within
    `post_build` there are none yet (Reflex compresses afterwards); by hand there are."""
    gz = path.with_name(path.name + ".gz")
    if not only_existing or gz.exists():
        gz.write_bytes(gzip.compress(data, 9, mtime=0))
    br = path.with_name(path.name + ".br")
    if not only_existing or br.exists():
        import brotli

        br.write_bytes(brotli.compress(data, quality=11))


@cache
def inline_script(source: Path, marker: str) -> str:
    """The script at `source` as a build step inlines it, `marker` first (so a page is done
    once): comment lines and indentation dropped (every statement of the sources ends with a
    semicolon or a brace, so the line breaks can stay)."""
    lines = (line.strip() for line in source.read_text(encoding="utf-8").splitlines())
    code = "\n".join(line for line in lines if line and not line.startswith("//"))
    return f"<script>{marker}{code}</script>"
