#!/usr/bin/env python3
"""Build a catalog of EXIF metadata for the photos in ./photos and publish a
summary to the team gallery API."""
import argparse
import csv
import hashlib
import json
import logging
import os
from pathlib import Path

import requests
from PIL import Image
from PIL.ExifTags import TAGS

log = logging.getLogger("exif-catalog")
WANTED = ("Make", "Model", "DateTime", "LensModel", "ExposureTime", "FNumber", "ISOSpeedRatings")
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".tif", ".tiff", ".png"}


def cache_key(path):
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def read_exif(path):
    with Image.open(path) as img:
        raw = img.getexif() or {}
        named = {TAGS.get(tag, str(tag)): value for tag, value in raw.items()}
        row = {"file": path.name, "width": img.width, "height": img.height}
    for key in WANTED:
        value = named.get(key)
        row[key] = str(value) if value is not None else ""
    return row


def scan(folder, cache_file):
    cache = {}
    if cache_file.exists():
        cache = json.loads(cache_file.read_text())
    rows = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        key = cache_key(path)
        if key in cache:
            rows.append(cache[key])
            continue
        try:
            row = read_exif(path)
        except (OSError, SyntaxError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        cache[key] = row
        rows.append(row)
    cache_file.write_text(json.dumps(cache, indent=1))
    return rows


def write_csv(rows, out_path):
    fields = ["file", "width", "height", *WANTED]
    with open(out_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def publish(rows, album, endpoint):
    api_key = os.environ.get("GALLERY_API_KEY")
    if not api_key:
        log.info("GALLERY_API_KEY not set; skipping publish")
        return
    cameras = sorted({f"{r['Make']} {r['Model']}".strip() for r in rows if r["Model"]})
    body = {"album": album, "photo_count": len(rows), "cameras": cameras}
    resp = requests.post(
        f"{endpoint}/v2/albums/{album}/summary",
        json=body,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=15,
    )
    resp.raise_for_status()
    log.info("published summary for %s (%d photos)", album, len(rows))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--folder", type=Path, default=Path("photos"))
    ap.add_argument("--album", default="offsite-2024")
    ap.add_argument("--endpoint", default="https://gallery.example.com/api")
    ap.add_argument("--out", type=Path, default=Path("exif_catalog.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    rows = scan(args.folder, Path(".exif_cache.json"))
    write_csv(rows, args.out)
    log.info("wrote %d rows to %s", len(rows), args.out)
    publish(rows, args.album, args.endpoint)


if __name__ == "__main__":
    main()
