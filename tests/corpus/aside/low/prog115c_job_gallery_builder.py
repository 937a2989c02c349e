#!/usr/bin/env python3
"""Build a static before/after gallery for a finished job so the customer
(and the review sites) can see the work.

    python job_gallery_builder.py J24-0187 --photos ~/Pictures/jobs/J24-0187

Thumbnails and the index page go under ./public/<job>/ in the working
directory. Thumbnails are cached by content hash so re-running after adding
a couple more shots only processes the new ones.
"""
import argparse
import hashlib
import html
import json
import logging
import shutil
import sys
from datetime import datetime
from pathlib import Path
from string import Template

from PIL import Image, ImageOps

log = logging.getLogger("gallery")

THUMB_SIZE = (480, 360)
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}

PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>
 body{font-family:system-ui,sans-serif;margin:2rem;background:#faf8f5}
 .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:12px}
 figure{margin:0;background:#fff;padding:6px;box-shadow:0 1px 3px #0002}
 figcaption{font-size:.85rem;color:#555}
 img{width:100%;height:auto}
</style></head><body>
<h1>$title</h1><p>$subtitle</p>
<div class="grid">
$figures
</div></body></html>
""")


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
    """Copy full-size images and build thumbnails; returns gallery entries."""
    full_dir = out_dir / "full"
    thumb_dir = out_dir / "thumbs"
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
        stage_label = "Before" if "before" in src.stem.lower() else (
            "After" if "after" in src.stem.lower() else "")
        entries.append({"thumb": f"thumbs/{thumb.name}", "full": f"full/{full.name}",
                        "caption": stage_label or src.stem.replace("_", " ")})
    return entries


def render(job, entries, out_dir, customer_area):
    figures = "\n".join(
        f'<figure><a href="{html.escape(e["full"])}"><img src="{html.escape(e["thumb"])}" '
        f'alt="{html.escape(e["caption"])}" loading="lazy"></a>'
        f'<figcaption>{html.escape(e["caption"])}</figcaption></figure>'
        for e in entries)
    page = PAGE.substitute(
        title=html.escape(f"Job {job}"),
        subtitle=html.escape(f"{customer_area} - fitted {datetime.now():%B %Y}"),
        figures=figures)
    (out_dir / "index.html").write_text(page, encoding="utf-8")
    (out_dir / "gallery.json").write_text(json.dumps(entries, indent=1))


def main():
    ap = argparse.ArgumentParser(description="Static before/after gallery for a job")
    ap.add_argument("job")
    ap.add_argument("--photos", type=Path, required=True)
    ap.add_argument("--area", default="Oxfordshire", help="town shown under the title")
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--clean", action="store_true", help="rebuild from scratch")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.photos.is_dir():
        log.error("photo folder %s not found", args.photos)
        return 1
    out_dir = args.out / args.job
    if args.clean and out_dir.exists():
        shutil.rmtree(out_dir)
    entries = stage(args.photos, out_dir)
    if not entries:
        log.error("no usable photos in %s", args.photos)
        return 1
    render(args.job, entries, out_dir, args.area)
    log.info("gallery with %d photos at %s", len(entries), out_dir / "index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
