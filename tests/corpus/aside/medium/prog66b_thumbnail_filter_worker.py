#!/usr/bin/env python3
"""Thumbnail worker with pluggable post-filters.

Generates JPEG/WebP thumbnails for every image in an input folder and runs
each one through the filter chain named in ``filters.toml``. Filters are small
Python snippets kept under ``./filters/<name>.py``; each must define
``apply(img, **opts) -> img``. Keeping them as source lets the art team tweak a
look without a release.
"""
import argparse
import logging
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("thumbworker")

SIZES = {"sm": (160, 160), "md": (480, 480), "lg": (1280, 1280)}
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp", ".heic"}


class FilterRegistry:
    search_dir = Path("filters")

    def __init__(self, search_dir: Path | None = None):
        if search_dir is not None:
            self.search_dir = search_dir
        self._cache = {}

    def _source_for(self, name: str) -> str:
        path = self.search_dir / f"{name}.py"
        return path.read_text(encoding="utf-8")

    def get(self, name: str):
        if name in self._cache:
            return self._cache[name]
        source = self._source_for(name)
        namespace = {"Image": Image, "ImageOps": ImageOps, "__name__": f"filter_{name}"}
        code = compile(source, f"<filter {name}>", "exec")
        exec(code, namespace)
        fn = namespace.get("apply")
        if not callable(fn):
            raise ValueError(f"filter {name!r} does not define apply()")
        self._cache[name] = fn
        return fn


def load_chain(cfg_path: Path) -> list[tuple[str, dict]]:
    if not cfg_path.exists():
        return []
    with cfg_path.open("rb") as fh:
        cfg = tomllib.load(fh)
    return [(f["name"], f.get("options", {})) for f in cfg.get("filter", [])]


def make_thumbs(src: Path, out_dir: Path, chain, registry: FilterRegistry, fmt: str) -> int:
    written = 0
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        for label, box in SIZES.items():
            thumb = im.copy()
            thumb.thumbnail(box, Image.Resampling.LANCZOS)
            for name, opts in chain:
                thumb = registry.get(name)(thumb, **opts)
            dest = out_dir / label / f"{src.stem}.{fmt}"
            dest.parent.mkdir(parents=True, exist_ok=True)
            thumb.save(dest, quality=85)
            written += 1
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("thumbs"))
    ap.add_argument("--filters", type=Path, default=Path("filters.toml"))
    ap.add_argument("--filter-dir", type=Path, default=None)
    ap.add_argument("--format", choices=("jpg", "webp"), default="webp")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(threadName)s %(message)s")

    registry = FilterRegistry(args.filter_dir)
    chain = load_chain(args.filters)
    log.info("filter chain: %s", [n for n, _ in chain] or "none")
    for name, _ in chain:
        registry.get(name)  # fail fast on a broken filter

    sources = [p for p in args.input.rglob("*") if p.suffix.lower() in IMAGE_EXT]
    if not sources:
        log.warning("nothing to do in %s", args.input)
        return 0

    total = failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(make_thumbs, s, args.output, chain, registry, args.format): s
                for s in sources}
        for fut in as_completed(futs):
            try:
                total += fut.result()
            except (OSError, ValueError) as exc:
                failed += 1
                log.error("%s: %s", futs[fut], exc)
    log.info("%d thumbnails written, %d sources failed", total, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
