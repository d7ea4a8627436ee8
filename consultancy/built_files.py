"""Files of the client build that the build steps write after Vite (consultancy/paint.py,
consultancy/route_manifest.py)."""

from __future__ import annotations

import gzip
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
