#!/usr/bin/env python3
"""Build a browsable HTML index of the sheet music scans.

Creates small thumbnails of every scanned page, caches them by content hash
so reruns are quick, and writes a single self-contained index.html (images
embedded as data URIs) that the librarian can email to section leaders.
"""
import argparse
import base64
import hashlib
import html
import io
import logging
import os
import shutil
import tempfile
from pathlib import Path

from PIL import Image

LOG = logging.getLogger("thumb_index")

CACHE_DIR = Path(".thumbcache")
THUMB_SIZE = (200, 280)
IMAGE_TYPES = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}


def cache_key(path):
    """Content hash used only to name cache entries."""
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def thumbnail(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(path) + ".png")
    if cached.exists():
        return cached.read_bytes()
    with Image.open(path) as im:
        im = im.convert("L")
        im.thumbnail(THUMB_SIZE)
        buf = io.BytesIO()
        im.save(buf, format="PNG", optimize=True)
    data = buf.getvalue()
    cached.write_bytes(data)
    return data


def build_html(entries, title):
    parts = ["<!doctype html><meta charset='utf-8'><title>%s</title>" % html.escape(title),
             "<style>figure{display:inline-block;margin:6px}figcaption{font:12px sans-serif}</style>",
             "<h1>%s</h1>" % html.escape(title)]
    for name, data in entries:
        uri = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        parts.append("<figure><img src='%s' alt='%s'><figcaption>%s</figcaption></figure>"
                     % (uri, html.escape(name), html.escape(name)))
    return "\n".join(parts)


def write_atomic(path, text):
    """Write via a temp file in the same folder, then move into place."""
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(prefix=".index-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description="HTML index of sheet music scans")
    ap.add_argument("scans", nargs="?", default="scans")
    ap.add_argument("-o", "--output", default="index.html")
    ap.add_argument("--title", default="Orchestra library scans")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        LOG.info("thumbnail cache cleared")

    entries = []
    for path in sorted(Path(args.scans).rglob("*")):
        if path.suffix.lower() not in IMAGE_TYPES:
            continue
        try:
            entries.append((str(path.relative_to(args.scans)), thumbnail(path)))
        except (OSError, Image.DecompressionBombError) as exc:
            LOG.warning("skipping %s: %s", path, exc)

    write_atomic(args.output, build_html(entries, args.title))
    LOG.info("%d pages indexed into %s", len(entries), args.output)


if __name__ == "__main__":
    main()
