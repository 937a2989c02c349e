#!/usr/bin/env python3
"""Build a browsable HTML catalogue of glaze test tiles.

Walks ./photos/tiles, makes small thumbnails (cached by MD5 of the source
file), and writes a single self-contained catalogue.html with the
thumbnails embedded as base64 data URIs, grouped by glaze name.
"""
import argparse
import base64
import hashlib
import html
import io
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

log = logging.getLogger("tile-catalogue")

THUMB_SIZE = (240, 240)
CACHE_DIR = Path(".thumb_cache")


def cpu_workers():
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n)
    except OSError:
        return os.cpu_count() or 2


def file_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def thumbnail(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{file_key(path)}.jpg"
    if not cached.exists():
        with Image.open(path) as img:
            img = img.convert("RGB")
            img.thumbnail(THUMB_SIZE)
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=80)
            cached.write_bytes(buf.getvalue())
    return path, cached.read_bytes()


def glaze_name(path):
    stem = path.stem
    return stem.split("__")[0].replace("_", " ").title() if "__" in stem else "Unsorted"


def collect(root):
    exts = {".jpg", ".jpeg", ".png"}
    return sorted(p for p in Path(root).rglob("*") if p.suffix.lower() in exts)


def render(groups):
    parts = [
        "<!doctype html><meta charset='utf-8'><title>Glaze test tiles</title>",
        "<style>body{font-family:sans-serif}figure{display:inline-block;margin:6px}</style>",
        "<h1>Glaze test tiles</h1>",
    ]
    for name in sorted(groups):
        parts.append(f"<h2>{html.escape(name)}</h2>")
        for path, data in groups[name]:
            uri = "data:image/jpeg;base64," + base64.b64encode(data).decode("ascii")
            caption = html.escape(path.stem.split("__")[-1])
            parts.append(f"<figure><img src='{uri}' alt='{caption}'><figcaption>{caption}</figcaption></figure>")
    return "\n".join(parts)


def clear_cache():
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.jpg"):
        f.unlink()
        removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--photos", default="photos/tiles")
    ap.add_argument("--out", default="catalogue.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache:
        log.info("removed %d cached thumbnails", clear_cache())
    paths = collect(args.photos)
    if not paths:
        log.warning("no tile photos under %s", args.photos)
        return 1
    groups = {}
    with ThreadPoolExecutor(max_workers=cpu_workers()) as pool:
        for path, data in pool.map(thumbnail, paths):
            groups.setdefault(glaze_name(path), []).append((path, data))
    Path(args.out).write_text(render(groups), encoding="utf-8")
    log.info("wrote %s with %d tiles in %d glazes", args.out, len(paths), len(groups))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
