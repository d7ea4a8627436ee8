"""Writing the images: the job list's shape, the encoders, and the smaller copies of each original."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from PIL import Image

from .shapes.palette import OFF_WHITE

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
sys.path.insert(0, str(ROOT))

from consultancy.images import RULES, Variants, narrow, sized  # noqa: E402

WEBP_QUALITY = 76
JPEG_QUALITY = 78
# The formats a job writes: scenes as WebP with a JPEG fallback, marks and logos as WebP with a PNG one.
SCENE = ("webp", "jpg")
MARK = ("webp", "png")


@dataclass(frozen=True)
class Job:
    stem: str  # path under assets/ without extension
    formats: tuple[str, ...]
    render: Callable[[], Image.Image | str]


def thumbnail_of(stem: str, fallback: Callable[[], Image.Image], size: tuple[int, int]) -> Callable[[], Image.Image]:
    """Thumbs follow the full image on disk, so an owner's photo gets a matching thumb."""

    def render() -> Image.Image:
        full = ASSETS / f"{stem}.webp"
        img = Image.open(full).convert("RGB") if full.exists() else fallback()
        return fit(img, size)

    return render


def fit(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    scale = max(size[0] / img.width, size[1] / img.height)
    resized = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    left, top = (resized.width - size[0]) // 2, (resized.height - size[1]) // 2
    return resized.crop((left, top, left + size[0], top + size[1]))


def encode(img: Image.Image, fmt: str) -> bytes:
    buffer = io.BytesIO()
    if fmt == "webp" and img.mode == "RGBA":
        # Logos are flat colour with type: lossless is both crisper and smaller than lossy here.
        img.save(buffer, "WEBP", lossless=True, quality=100, method=6)
    elif fmt == "webp":
        img.save(buffer, "WEBP", quality=WEBP_QUALITY, method=6)
    elif fmt == "jpg":
        flat = img
        if img.mode == "RGBA":
            flat = Image.new("RGB", img.size, OFF_WHITE)
            flat.paste(img, mask=img.getchannel("A"))
        flat.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY, progressive=True, optimize=True)
    elif fmt == "png":
        img.save(buffer, "PNG", optimize=True)
    elif fmt == "ico":
        img.save(buffer, "ICO", sizes=[(32, 32), (16, 16)])
    else:
        raise ValueError(fmt)
    return buffer.getvalue()


def save(img: Image.Image | str, path: Path, fmt: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(img, str):
        path.write_text(img, encoding="utf-8")
    else:
        path.write_bytes(encode(img, fmt))


def copies_of(public: str, original: Image.Image, variants: Variants) -> Iterator[tuple[str, Image.Image]]:
    """(public path, picture) of each smaller copy of one original."""
    for width in variants.widths:
        if width < original.width:
            height = round(original.height * width / original.width)
            yield sized(public, width), original.resize((width, height), Image.Resampling.LANCZOS)
    if variants.narrow:
        w, h = variants.narrow
        crop_w = min(original.width, round(original.height * w / h))
        left = round(original.width * variants.focus_x - crop_w / 2)
        left = max(0, min(original.width - crop_w, left))
        crop = original.crop((left, 0, left + crop_w, original.height))
        if crop.size != (w, h):
            crop = crop.resize((w, h), Image.Resampling.LANCZOS)
        yield narrow(public), crop


def is_copy(path: Path, variants: Variants) -> bool:
    return path.stem.endswith("-narrow") or any(path.stem.endswith(f"-{w}w") for w in variants.widths)


def make_copies(only: str | None) -> list[Path]:
    """Write the copies of every original that consultancy/images.py lists, where they differ."""
    written = []
    for pattern, variants in RULES:
        for original in sorted(ASSETS.glob(pattern.lstrip("/") + ".*")):
            fmt = original.suffix.lstrip(".")
            stem = str(original.relative_to(ASSETS).with_suffix(""))
            if fmt not in ("webp", "jpg", "png") or is_copy(original, variants) or (only and not fnmatch(stem, only)):
                continue
            img = Image.open(original)
            img = img.convert("RGBA" if img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info else "RGB")
            for public, copy in copies_of("/" + str(original.relative_to(ASSETS)), img, variants):
                path = ASSETS / public.lstrip("/")
                data = encode(copy, fmt)
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                    written.append(path)
    return written


def run(job: Job, force: bool) -> list[Path]:
    """Write the job's missing files; existing ones are kept and, if one exists, seeds the others."""
    paths = {fmt: ASSETS / f"{job.stem}.{fmt}" for fmt in job.formats}
    missing = [fmt for fmt, path in paths.items() if force or not path.exists()]
    if not missing:
        return []
    present = [path for fmt, path in paths.items() if fmt not in missing and fmt not in ("svg", "ico")]
    # An owner's photo under one name becomes the source of its fallbacks, so both formats show the same picture.
    img = Image.open(present[0]) if present else job.render()
    if isinstance(img, Image.Image) and img.mode not in ("RGB", "RGBA"):
        img = img.convert("RGBA" if "transparency" in img.info or img.mode in ("LA", "PA") else "RGB")
    for fmt in missing:
        save(img, paths[fmt], fmt)
    return [paths[fmt] for fmt in missing]
