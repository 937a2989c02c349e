#!/usr/bin/env python3
"""Converter intake report builder.

Builds the weekly HTML report of catalytic converters bought in: part
numbers, weights, prices and a thumbnail of each intake photo embedded as
base64.  Thumbnails are cached under ./.cache keyed by an MD5 of the photo
so re-runs are quick; --clean removes the cache and build output.
"""
import argparse
import base64
import csv
import hashlib
import html
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("intake_report")

HERE = Path.cwd()
CACHE_DIR = HERE / ".cache" / "thumbs"
BUILD_DIR = HERE / "build"


def cache_key(photo):
    # content hash only, used to name cache files
    return hashlib.md5(photo.read_bytes()).hexdigest()


def thumbnail_bytes(photo, size=(160, 120)):
    key = cache_key(photo)
    cached = CACHE_DIR / f"{key}.jpg"
    if cached.exists():
        return cached.read_bytes()
    try:
        from PIL import Image
    except ImportError:
        log.debug("Pillow missing, embedding original photo")
        return photo.read_bytes()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with Image.open(photo) as img:
        img.thumbnail(size)
        img.convert("RGB").save(cached, "JPEG", quality=70)
    return cached.read_bytes()


def data_uri(raw):
    return "data:image/jpeg;base64," + base64.b64encode(raw).decode("ascii")


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def render(rows, photo_dir):
    total = 0.0
    body = []
    for r in rows:
        price = float(r.get("price", 0) or 0)
        total += price
        photo = photo_dir / r.get("photo", "")
        img = ""
        if photo.is_file():
            img = f'<img src="{data_uri(thumbnail_bytes(photo))}">'
        body.append(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2f}</td><td>{}</td></tr>".format(
                html.escape(r.get("date", "")), html.escape(r.get("part_no", "")),
                html.escape(r.get("weight_g", "")), price, img))
    return ("<html><body><h1>Converter intake</h1><table border=1>"
            "<tr><th>Date</th><th>Part</th><th>Weight g</th><th>Price</th><th>Photo</th></tr>"
            + "".join(body) + f"</table><p>Total: {total:.2f}</p></body></html>")


def clean():
    """Remove this tool's own cache and build output."""
    for d in (CACHE_DIR.parent, BUILD_DIR):
        if d.is_dir() and HERE in d.resolve().parents:
            shutil.rmtree(d)
            log.info("removed %s", d.relative_to(HERE))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", nargs="?", default="intake.csv")
    ap.add_argument("--photos", type=Path, default=Path("photos"))
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
        return 0
    try:
        rows = load_rows(args.csv)
    except OSError as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    BUILD_DIR.mkdir(exist_ok=True)
    out = BUILD_DIR / "intake_report.html"
    out.write_text(render(rows, args.photos), encoding="utf-8")
    log.info("wrote %s (%d rows)", out.relative_to(HERE), len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
