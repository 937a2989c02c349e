#!/usr/bin/env python3
"""Index of the seedling trial photos.

Walks the trial photo folder, makes small preview thumbnails, and writes an
index.json that the trial-notes page loads. Thumbnails are cached by
content hash so re-runs only touch new or changed photos.
"""
import argparse
import base64
import hashlib
import importlib
import io
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("photo-index")

PHOTO_EXT = {".jpg", ".jpeg", ".png", ".webp"}
CACHE_DIR = Path(".photo_cache")


@dataclass
class Entry:
    path: str
    trial: str
    bed: str
    size: int
    key: str
    thumb: str


def _imaging():
    try:
        return importlib.import_module("PIL.Image")
    except ImportError:
        return None


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def make_thumb(path, edge, imaging):
    if imaging is None:
        return b""
    with imaging.open(path) as img:
        img.thumbnail((edge, edge))
        buf = io.BytesIO()
        img.convert("RGB").save(buf, "JPEG", quality=70)
        return buf.getvalue()


def thumb_for(path, key, edge, imaging):
    cached = CACHE_DIR / f"{key}.jpg"
    if cached.exists():
        return cached.read_bytes()
    data = make_thumb(path, edge, imaging)
    if data:
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_bytes(data)
    return data


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.suffix.lower() in PHOTO_EXT:
                yield p


def describe(root, path):
    parts = path.relative_to(root).parts
    trial = parts[0] if len(parts) > 1 else "unsorted"
    bed = parts[1] if len(parts) > 2 else "-"
    return trial, bed


def prune_cache(live_keys):
    removed = 0
    if not CACHE_DIR.is_dir():
        return removed
    for f in CACHE_DIR.glob("*.jpg"):
        if f.stem not in live_keys:
            f.unlink()
            removed += 1
    return removed


def build(root, edge):
    imaging = _imaging()
    if imaging is None:
        log.warning("Pillow not installed, index will have no thumbnails")
    entries = []
    for p in walk(root):
        key = cache_key(p)
        trial, bed = describe(root, p)
        thumb = thumb_for(p, key, edge, imaging)
        entries.append(Entry(
            path=str(p.relative_to(root)),
            trial=trial,
            bed=bed,
            size=p.stat().st_size,
            key=key,
            thumb=base64.b64encode(thumb).decode("ascii"),
        ))
    return entries


def main():
    ap = argparse.ArgumentParser(description="build the trial photo index")
    ap.add_argument("root", nargs="?", default="photos", type=Path)
    ap.add_argument("--edge", type=int, default=160)
    ap.add_argument("--out", type=Path, default=Path("index.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.root.is_dir():
        log.error("photo folder %s not found", args.root)
        return 1
    entries = build(args.root, args.edge)
    args.out.write_text(json.dumps([asdict(e) for e in entries], indent=1))
    pruned = prune_cache({e.key for e in entries})
    log.info("indexed %d photos, pruned %d stale thumbnails", len(entries), pruned)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
