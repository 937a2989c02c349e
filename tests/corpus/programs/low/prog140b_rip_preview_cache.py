#!/usr/bin/env python3
"""Build and prune the low-res preview cache for the RIP operator screen.

Thumbnails of incoming artwork are cached under ./.preview-cache keyed by the
file content, so the operator screen does not re-render the same 2 GB TIFF
every time a job is re-queued.
"""
import argparse
import hashlib
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

from PIL import Image

log = logging.getLogger("preview-cache")

CACHE_DIR = Path("./.preview-cache")
THUMB_SIZE = (512, 512)


def cpu_count():
    """Count cores from /proc/cpuinfo; falls back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo") as fh:
            return sum(1 for line in fh if line.startswith("processor")) or 1
    except OSError:
        return os.cpu_count() or 1


def cache_key(path):
    # content hash only used to name cache entries
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def build_thumb(src, dest):
    # write to a temp file in the cache dir, then rename atomically
    with tempfile.NamedTemporaryFile(dir=CACHE_DIR, suffix=".png", delete=False) as tmp:
        tmp_path = Path(tmp.name)
    try:
        with Image.open(src) as im:
            im.thumbnail(THUMB_SIZE)
            im.convert("RGB").save(tmp_path, "PNG")
        os.chmod(tmp_path, 0o600)
        os.replace(tmp_path, dest)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def build(sources):
    CACHE_DIR.mkdir(exist_ok=True)
    made = 0
    for src in sources:
        try:
            dest = CACHE_DIR / f"{cache_key(src)}.png"
            if dest.exists():
                os.utime(dest)
                continue
            build_thumb(src, dest)
            made += 1
        except (OSError, ValueError) as exc:
            log.warning("no preview for %s: %s", src, exc)
    return made


def prune(max_age_days, max_mb):
    if not CACHE_DIR.exists():
        return 0
    entries = sorted(CACHE_DIR.glob("*.png"), key=lambda p: p.stat().st_mtime)
    cutoff = time.time() - max_age_days * 86400
    total = sum(p.stat().st_size for p in entries)
    removed = 0
    for p in entries:
        if p.stat().st_mtime < cutoff or total > max_mb * 1e6:
            total -= p.stat().st_size
            p.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="*", type=Path, help="artwork files to preview")
    ap.add_argument("--max-age-days", type=int, default=14)
    ap.add_argument("--max-mb", type=int, default=2048)
    ap.add_argument("--clear", action="store_true", help="remove the whole cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        return
    log.info("building previews with %d cores available", cpu_count())
    made = build(args.inputs)
    removed = prune(args.max_age_days, args.max_mb)
    log.info("%d previews built, %d stale entries removed", made, removed)


if __name__ == "__main__":
    main()
