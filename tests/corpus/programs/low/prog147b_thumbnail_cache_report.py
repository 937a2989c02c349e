#!/usr/bin/env python3
"""Build an HTML contact sheet of recent restoration photos.

Thumbnails are embedded as base64 data URIs so the sheet is a single
file that can be emailed to the client. A small on-disk cache keyed by
the MD5 of each source file avoids re-encoding unchanged photos.
"""
import argparse
import base64
import hashlib
import html
import logging
import os
import shutil
import tempfile
from io import BytesIO
from pathlib import Path

from PIL import Image

log = logging.getLogger("contact-sheet")

CACHE_DIR = Path(".sheet_cache")
SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def thumbnail_b64(path, size):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}_{size}.b64"
    if cached.exists():
        return cached.read_text()
    with Image.open(path) as img:
        img.thumbnail((size, size))
        buf = BytesIO()
        img.convert("RGB").save(buf, "JPEG", quality=80)
    encoded = base64.b64encode(buf.getvalue()).decode("ascii")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(encoded)
    return encoded


def render_sheet(title, items):
    parts = [f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>figure{display:inline-block;margin:8px}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    for name, data in items:
        parts.append(
            f"<figure><img src='data:image/jpeg;base64,{data}'>"
            f"<figcaption>{html.escape(name)}</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_atomically(target, text):
    """Write to a temp file in the same folder, then move into place."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="folder with the job's photos")
    parser.add_argument("--title", default="Restoration progress")
    parser.add_argument("--size", type=int, default=360)
    parser.add_argument("--out", default="contact_sheet.html")
    parser.add_argument("--clear-cache", action="store_true",
                        help="drop the thumbnail cache before building")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    items = []
    for path in sorted(Path(args.folder).iterdir()):
        if path.suffix.lower() not in SUFFIXES:
            continue
        try:
            items.append((path.name, thumbnail_b64(path, args.size)))
        except OSError as exc:
            log.warning("skipping %s: %s", path.name, exc)

    if not items:
        log.error("no photos found in %s", args.folder)
        return
    out = Path(args.out).resolve()
    write_atomically(out, render_sheet(args.title, items))
    log.info("contact sheet with %d photos written to %s", len(items), out)


if __name__ == "__main__":
    main()
