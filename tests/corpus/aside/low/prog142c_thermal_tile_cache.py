#!/usr/bin/env python3
"""Build an HTML contact sheet of drone thermal images with a local cache.

For each radiometric JPEG in a flight folder the tool extracts the embedded
thumbnail, caches it under ./.tile_cache keyed by file content, and writes a
single self-contained contact_sheet.html (thumbnails inlined as base64) that
the inspection team can open offline. `--clear-cache` removes the cache.
"""

import argparse
import base64
import hashlib
import html
import json
import logging
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger("tile_cache")

CACHE_DIR = ".tile_cache"
INDEX = os.path.join(CACHE_DIR, "index.json")
SOI, EOI = b"\xff\xd8", b"\xff\xd9"


def cpu_count_from_proc():
    """Count processors from /proc/cpuinfo (falls back to os.cpu_count)."""
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return n or (os.cpu_count() or 1)
    except OSError:
        return os.cpu_count() or 1


def cache_key(path):
    # md5 is fine here: it only names cache entries
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def extract_thumbnail(data):
    """Return the second embedded JPEG (the EXIF thumbnail) if present."""
    first = data.find(SOI, 2)
    if first < 0:
        return None
    end = data.find(EOI, first)
    return data[first:end + 2] if end > 0 else None


def atomic_write(path, data, mode=0o600):
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp_")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


class TileCache:
    def __init__(self):
        os.makedirs(CACHE_DIR, exist_ok=True)
        self.index = {}
        if os.path.exists(INDEX):
            with open(INDEX) as fh:
                self.index = json.load(fh)

    def get(self, path):
        key = cache_key(path)
        tile = os.path.join(CACHE_DIR, key + ".jpg")
        if not os.path.exists(tile):
            with open(path, "rb") as fh:
                thumb = extract_thumbnail(fh.read())
            if thumb is None:
                return None
            atomic_write(tile, thumb)
        self.index[os.path.basename(path)] = key
        return tile

    def save(self):
        atomic_write(INDEX, json.dumps(self.index, indent=1).encode())


def build_sheet(entries, out_path):
    parts = ["<html><body><h1>Thermal contact sheet</h1><div>"]
    for name, tile in entries:
        with open(tile, "rb") as fh:
            b64 = base64.b64encode(fh.read()).decode("ascii")
        parts.append('<figure style="display:inline-block"><img src="data:image/jpeg;base64,%s">'
                     "<figcaption>%s</figcaption></figure>" % (b64, html.escape(name)))
    parts.append("</div></body></html>")
    atomic_write(out_path, "\n".join(parts).encode(), mode=0o644)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?")
    ap.add_argument("--out", default="contact_sheet.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("removed %s", CACHE_DIR)
        if not args.folder:
            return
    if not args.folder:
        ap.error("folder is required unless only clearing the cache")

    images = sorted(os.path.join(args.folder, f) for f in os.listdir(args.folder)
                    if f.lower().endswith(".jpg"))
    cache = TileCache()
    with ThreadPoolExecutor(max_workers=cpu_count_from_proc()) as pool:
        tiles = list(pool.map(cache.get, images))
    cache.save()
    entries = [(os.path.basename(i), t) for i, t in zip(images, tiles) if t]
    build_sheet(entries, args.out)
    log.info("%d/%d thumbnails in %s", len(entries), len(images), args.out)


if __name__ == "__main__":
    main()
