#!/usr/bin/env python3
"""Build and prune the thumbnail cache for the stamp scan browser.

Walks the scan folder in the working directory, makes small previews
keyed by an MD5 of each file's path and mtime, and removes cache entries
whose source scans are gone.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("thumbs")

SCAN_DIR = Path(os.environ.get("SCAN_DIR", "scans"))
CACHE_DIR = Path(os.environ.get("THUMB_CACHE", ".thumbcache"))
INDEX = "index.json"
EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}


@dataclass
class Stats:
    made: int = 0
    reused: int = 0
    pruned: int = 0
    errors: list = field(default_factory=list)


def cache_key(path: Path) -> str:
    st = path.stat()
    return hashlib.md5(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()


def _imaging():
    try:
        return importlib.import_module("PIL.Image")
    except ImportError:
        return None


def _make_thumb(image_mod, src: Path, dst: Path, size: int):
    if image_mod is None:
        dst.write_bytes(b"")
        return
    with image_mod.open(src) as im:
        im.thumbnail((size, size))
        im.convert("RGB").save(dst, "JPEG", quality=80)


async def build_one(image_mod, src: Path, size: int, index: dict, stats: Stats):
    key = cache_key(src)
    dst = CACHE_DIR / f"{key}.jpg"
    if dst.exists():
        stats.reused += 1
    else:
        try:
            await asyncio.to_thread(_make_thumb, image_mod, src, dst, size)
            stats.made += 1
        except OSError as exc:
            stats.errors.append(f"{src}: {exc}")
            return
    index[str(src)] = dst.name


def prune(index: dict, stats: Stats):
    live = set(index.values()) | {INDEX}
    for entry in CACHE_DIR.iterdir():
        if entry.name not in live:
            entry.unlink()
            stats.pruned += 1


async def build_all(size: int, stats: Stats) -> dict:
    image_mod = _imaging()
    index = {}
    sources = [p for p in SCAN_DIR.rglob("*") if p.suffix.lower() in EXTS]
    await asyncio.gather(*(build_one(image_mod, p, size, index, stats) for p in sources))
    return index


def write_index(index: dict):
    path = CACHE_DIR / INDEX
    path.write_text(json.dumps(index, indent=1, sort_keys=True))
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Maintain scan thumbnail cache")
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("--clear", action="store_true", help="empty the cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    if args.clear:
        for entry in CACHE_DIR.iterdir():
            entry.unlink()
    stats = Stats()
    index = asyncio.run(build_all(args.size, stats))
    if not args.no_prune:
        prune(index, stats)
    write_index(index)
    log.info("thumbs made=%d reused=%d pruned=%d errors=%d",
             stats.made, stats.reused, stats.pruned, len(stats.errors))
    for err in stats.errors[:10]:
        log.warning(err)


if __name__ == "__main__":
    main()
