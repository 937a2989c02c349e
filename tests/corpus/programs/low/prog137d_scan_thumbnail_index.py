#!/usr/bin/env python3
"""Build a thumbnail index for board scanner images.

Walks the scan images in ./scans, makes a small preview of each one and
writes index.json with the preview embedded (base64) so the grading tablet
can show the whole pack from a single file. Previews are cached by content
hash so reruns are quick; --clean drops the cache and the build output.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("thumbs")

SCANS = Path("scans")
CACHE = Path(".thumb_cache")
BUILD = Path("build")
PREVIEW_BYTES = 32 * 1024


def cpu_cores():
    """Count cores from /proc/cpuinfo; fall back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return n or (os.cpu_count() or 1)
    except OSError:
        return os.cpu_count() or 1


def content_key(path: Path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def make_preview(path: Path) -> bytes:
    # the scanner writes JPEGs; the head of the file is enough for a preview
    # on the tablet, which decodes progressively
    with open(path, "rb") as fh:
        return fh.read(PREVIEW_BYTES)


class ThumbIndex:
    def __init__(self, cache_dir: Path):
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(exist_ok=True)
        self.hits = 0

    def preview_for(self, path: Path):
        key = content_key(path)
        cached = self.cache_dir / f"{key}.bin"
        if cached.exists():
            self.hits += 1
            data = cached.read_bytes()
        else:
            data = make_preview(path)
            cached.write_bytes(data)
        return {"file": path.name, "key": key,
                "preview": base64.b64encode(data).decode("ascii")}


def clean():
    for d in (CACHE, BUILD):
        if d.exists() and d.resolve().parent == Path.cwd().resolve():
            shutil.rmtree(d)
            log.info("removed %s", d)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--workers", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
        return 0
    if not SCANS.is_dir():
        log.error("no %s directory here", SCANS)
        return 1

    images = sorted(p for p in SCANS.iterdir() if p.suffix.lower() in {".jpg", ".jpeg"})
    idx = ThumbIndex(CACHE)
    workers = args.workers or cpu_cores()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        entries = list(pool.map(idx.preview_for, images))

    BUILD.mkdir(exist_ok=True)
    out = BUILD / "index.json"
    out.write_text(json.dumps({"count": len(entries), "items": entries}))
    log.info("%d images, %d from cache, written %s", len(entries), idx.hits, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
