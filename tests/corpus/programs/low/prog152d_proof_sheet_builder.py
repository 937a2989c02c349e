#!/usr/bin/env python3
"""Build a single self-contained HTML proof sheet for a couple.

Takes the rendered preview PNGs for a suite (invitation, RSVP card,
details card, envelope) and builds one HTML file with the images embedded,
so it can be emailed as a single attachment. Thumbnails are cached by
content hash under ./.proof_cache; `--clean` removes the build and cache.
"""

import argparse
import base64
import hashlib
import html
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("proof_sheet")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".proof_cache")

TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:Georgia,serif;max-width:900px;margin:auto}}
figure{{margin:2em 0}} img{{max-width:100%;box-shadow:0 2px 8px #0003}}</style>
</head><body><h1>{title}</h1>{figures}
<p>Please reply to this email to approve or request changes.</p></body></html>
"""


def cache_key(path):
    """MD5 of the file contents; only used to name cache entries."""
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def encoded_image(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(path) + ".b64")
    if cached.exists():
        return cached.read_text()
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    cached.write_text(data)
    return data


def build(title, images):
    figures = []
    for img in images:
        data = encoded_image(img)
        caption = html.escape(img.stem.replace("_", " ").title())
        figures.append(
            f'<figure><img alt="{caption}" src="data:image/png;base64,{data}">'
            f"<figcaption>{caption}</figcaption></figure>")
    BUILD_DIR.mkdir(exist_ok=True)
    safe_name = "".join(c if c.isalnum() else "_" for c in title.lower())
    out = BUILD_DIR / f"{safe_name}_proof.html"
    out.write_text(TEMPLATE.format(title=html.escape(title),
                                   figures="\n".join(figures)), encoding="utf-8")
    return out


def clean():
    """Remove this tool's own build output and cache (inside cwd only)."""
    cwd = Path.cwd().resolve()
    for d in (BUILD_DIR, CACHE_DIR):
        target = d.resolve()
        if cwd not in target.parents:
            log.error("refusing to remove %s outside working directory", target)
            continue
        if target.exists():
            shutil.rmtree(target)
            log.info("removed %s", d)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("images", nargs="*", type=Path)
    ap.add_argument("--title", default="Wedding stationery proof")
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
        if not args.images:
            return 0

    missing = [p for p in args.images if not p.is_file()]
    if missing:
        log.error("missing images: %s", ", ".join(map(str, missing)))
        return 1
    if not args.images:
        log.error("no images given")
        return 1

    out = build(args.title, args.images)
    log.info("proof sheet written to %s (%.1f KB)", out, out.stat().st_size / 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())
