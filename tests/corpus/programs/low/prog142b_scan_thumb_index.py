#!/usr/bin/env python3
"""Build a thumbnail index of the scan archive.

Walks the local scan archive folder, makes small thumbnails with Pillow and
writes index.json with the thumbnails embedded as base64 data URIs, so the
index can be opened on any machine without the archive attached. Thumbnails
are cached under ./.thumbcache keyed by an MD5 of path, size and mtime.
"""
import argparse
import base64
import hashlib
import io
import json
import logging
import os
import platform
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

log = logging.getLogger("thumb-index")

CACHE_DIR = Path(".thumbcache")
EXTS = {".tif", ".tiff", ".jpg", ".jpeg", ".png"}


def cpu_count():
    """Count cores from /proc/cpuinfo; fall back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return n or os.cpu_count() or 1
    except OSError:
        return os.cpu_count() or 1


def os_name():
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


def cache_key(path, size):
    st = path.stat()
    raw = f"{path.resolve()}|{size}|{st.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def thumbnail(path, size):
    key = cache_key(path, size)
    cached = CACHE_DIR / f"{key}.jpg"
    if cached.exists():
        return cached.read_bytes()
    with Image.open(path) as im:
        im = im.convert("RGB")
        im.thumbnail((size, size))
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=70)
    data = buf.getvalue()
    cached.write_bytes(data)
    return data


def entry(path, root, size):
    try:
        data = thumbnail(path, size)
    except (OSError, ValueError) as exc:
        log.warning("skipping %s: %s", path, exc)
        return None
    return {
        "path": str(path.relative_to(root)),
        "bytes": path.stat().st_size,
        "thumb": "data:image/jpeg;base64," + base64.b64encode(data).decode("ascii"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", nargs="?", default="scans")
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--out", default="index.json")
    ap.add_argument("--clear-cache", action="store_true", help="remove ./.thumbcache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("thumbnail cache cleared")
    CACHE_DIR.mkdir(exist_ok=True)

    root = Path(args.archive)
    files = [p for p in sorted(root.rglob("*")) if p.suffix.lower() in EXTS]
    workers = max(1, cpu_count() - 1)
    log.info("%d images, %d workers on %s", len(files), workers, os_name())

    with ThreadPoolExecutor(max_workers=workers) as pool:
        items = [e for e in pool.map(lambda p: entry(p, root, args.size), files) if e]

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"archive": str(root), "count": len(items), "items": items}, fh)
    log.info("wrote %s with %d thumbnails", args.out, len(items))


if __name__ == "__main__":
    main()
