"""Draw every illustration the website uses, in one flat-vector house style.

No photographs exist yet, so heroes, service banners, industry cards, gallery, logos and
placeholders are drawn here with Pillow. An image that already exists is kept, so an owner can
drop in a real photo of the same name; `--force` redraws everything. Each image has its own seeded
random generator, so reruns give identical files.

Then the smaller copies listed in consultancy/images.py (`name-240w.webp`, the banners'
`name-narrow.webp` crops) are made from the full-size files on disk, so they always show the
same picture as their original: a copy is rewritten whenever it would differ.

Usage: python -m scripts.images [--force] [--only GLOB]
"""

from __future__ import annotations

import argparse
import functools
from fnmatch import fnmatch
from pathlib import Path

from .about import ABOUT
from .clients import CLIENT_BRANDS, MORE_BRANDS, render_brand
from .gallery import GALLERY
from .hero import HEROES
from .industries import INDUSTRY_CARDS, render_industry
from .logos import render_emblem, render_logo_svg
from .map import render_map
from .output import MARK, ROOT, SCENE, Job, make_copies, run, thumbnail_of
from .portraits import render_portrait
from .services import SERVICES
from .shapes.people import FOUNDER, PERSON_TINTS
from .stage import render_scene
from .videos import VIDEOS


def all_jobs() -> list[Job]:
    jobs = [
        Job("images/logo", ("svg",), render_logo_svg),
        Job("images/logo-512", ("png",), lambda: render_emblem(512)),
        Job("favicon", ("ico",), lambda: render_emblem(64)),
    ]
    for i, (scene, mood) in enumerate(HEROES, 1):
        jobs.append(
            Job(f"images/hero/home-{i}", SCENE, functools.partial(render_scene, f"hero/{i}", scene, mood, 1280, 720))
        )
    for slug in INDUSTRY_CARDS:
        jobs.append(Job(f"images/industries/{slug}", SCENE, functools.partial(render_industry, slug)))
    for i, brand in enumerate(CLIENT_BRANDS, 1):
        jobs.append(Job(f"images/clients/client-{i}", MARK, functools.partial(render_brand, brand, 320, 160)))
    for i, brand in enumerate(MORE_BRANDS, 1):
        jobs.append(Job(f"images/logos/logo-{i:02d}", MARK, functools.partial(render_brand, brand, 240, 120)))
    for i, (scene, mood) in enumerate(ABOUT, 1):
        jobs.append(
            Job(f"images/about/slide-{i}", SCENE, functools.partial(render_scene, f"about/{i}", scene, mood, 1280, 600))
        )
    # founder.jpg as well: the about page's <picture> falls back to .jpg for this one.
    jobs.append(Job("images/founder", ("webp", "png", "jpg"), functools.partial(render_portrait, 400, *FOUNDER, True)))
    for route, (scene, mood) in SERVICES.items():
        jobs.append(
            Job(
                f"images/services/{route}",
                SCENE,
                functools.partial(render_scene, f"service/{route}", scene, mood, 1280, 560),
            )
        )
    for i, (scene, mood) in enumerate(GALLERY, 1):
        full = functools.partial(render_scene, f"gallery/{i}", scene, mood, 1200, 800, "full", None)
        jobs.append(Job(f"images/gallery/gallery-{i}", SCENE, full))
        jobs.append(
            Job(
                f"images/gallery/thumbs/gallery-{i}",
                SCENE,
                thumbnail_of(f"images/gallery/gallery-{i}", full, (400, 267)),
            )
        )
    for i, (background, figure) in enumerate(PERSON_TINTS, 1):
        jobs.append(
            Job(
                f"images/testimonials/person-{i}",
                MARK,
                functools.partial(render_portrait, 160, background, figure, False),
            )
        )
    for i, (scene, mood) in enumerate(VIDEOS, 1):
        jobs.append(
            Job(
                f"images/videos/video-{i}",
                SCENE,
                functools.partial(render_scene, f"video/{i}", scene, mood, 640, 360, "full", "bottom"),
            )
        )
    jobs.append(Job("images/contact/map", SCENE, render_map))
    return jobs


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.images", description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="redraw every image, replacing existing files")
    parser.add_argument("--only", metavar="GLOB", help="limit to stems matching GLOB, e.g. 'images/hero/*'")
    args = parser.parse_args()
    written: list[Path] = []
    for job in all_jobs():
        if args.only and not fnmatch(job.stem, args.only):
            continue
        for path in run(job, args.force):
            size = path.stat().st_size
            print(f"{path.relative_to(ROOT)}  {size:,} B")
            written.append(path)
    for path in make_copies(args.only):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} B  (copy)")
        written.append(path)
    webp = sum(p.stat().st_size for p in written if p.suffix == ".webp")
    other = sum(p.stat().st_size for p in written if p.suffix != ".webp")
    print(f"{len(written)} files, {webp + other:,} B total ({webp:,} B WebP, {other:,} B fallbacks and icons)")
