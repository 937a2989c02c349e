#!/usr/bin/env python3
"""Build and maintain the thumbnail cache for client gallery exports.

Thumbnails are keyed by the MD5 of (source path, mtime, size, edge) so a
re-export only regenerates what changed. The cache index is a JSON file
holding client names and shoot locations, so it is kept readable by the
owner only. `--clean` drops the cache for a fresh start.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("thumbcache")

CACHE_DIR = Path(".thumbcache")
INDEX = CACHE_DIR / "index.json"
EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"}


def cache_key(src: Path, edge: int) -> str:
    st = src.stat()
    ident = f"{src.resolve()}|{st.st_mtime_ns}|{st.st_size}|{edge}"
    return hashlib.md5(ident.encode()).hexdigest()


def load_index() -> dict:
    if INDEX.is_file():
        try:
            return json.loads(INDEX.read_text())
        except json.JSONDecodeError:
            log.warning("index corrupt, rebuilding")
    return {}


def save_index(index: dict):
    tmp = INDEX.with_suffix(".tmp")
    tmp.write_text(json.dumps(index, indent=1, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(INDEX)


def make_thumb(src: Path, dest: Path, edge: int):
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        im.thumbnail((edge, edge), Image.LANCZOS)
        if im.mode not in ("RGB", "L"):
            im = im.convert("RGB")
        im.save(dest, "JPEG", quality=80, optimize=True, progressive=True)


def build(gallery: Path, edge: int, workers: int) -> tuple:
    CACHE_DIR.mkdir(exist_ok=True)
    index = load_index()
    sources = [p for p in sorted(gallery.rglob("*")) if p.suffix.lower() in EXTS]
    todo = []
    for src in sources:
        key = cache_key(src, edge)
        dest = CACHE_DIR / f"{key}.jpg"
        index[str(src)] = {"key": key, "edge": edge, "client": gallery.name}
        if not dest.exists():
            todo.append((src, dest))

    def work(item):
        src, dest = item
        try:
            make_thumb(src, dest, edge)
            return None
        except (OSError, ValueError) as exc:
            return f"{src.name}: {exc}"

    with ThreadPoolExecutor(max_workers=workers) as pool:
        errors = [e for e in pool.map(work, todo) if e]
    for e in errors:
        log.warning(e)

    live = {v["key"] for v in index.values()}
    stale = [p for p in CACHE_DIR.glob("*.jpg") if p.stem not in live]
    for p in stale:
        p.unlink()
    save_index(index)
    return len(sources), len(todo) - len(errors), len(stale)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gallery", type=Path, nargs="?")
    ap.add_argument("--edge", type=int, default=480)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--clean", action="store_true", help="remove the cache directory")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        if CACHE_DIR.is_dir():
            shutil.rmtree(CACHE_DIR)
            log.info("removed %s", CACHE_DIR)
        if not args.gallery:
            return 0
    if not args.gallery or not args.gallery.is_dir():
        log.error("gallery folder required")
        return 2
    total, made, dropped = build(args.gallery, args.edge, args.workers)
    log.info("%d images, %d thumbnails generated, %d stale removed", total, made, dropped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
