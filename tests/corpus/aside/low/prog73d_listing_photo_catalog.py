#!/usr/bin/env python3
"""Build the photo catalog the listing importer attaches to each listing.

Walks ./photos/<mls_number>/ (filled by the photo share sync), reads image
dimensions straight from the file headers, flags photos below the portal
minimum resolution, looks up the listing's headline and status from the
listings API and writes catalog.json.
"""
import argparse
import json
import logging
import os
import shutil
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("photo-catalog")

MIN_W, MIN_H = 1280, 853
EXTS = {".jpg", ".jpeg", ".png"}


def png_size(fh):
    head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def jpeg_size(fh):
    if fh.read(2) != b"\xff\xd8":
        return None
    while True:
        marker = fh.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        if marker[1] in (0xD8, 0x01) or 0xD0 <= marker[1] <= 0xD7:
            continue
        (length,) = struct.unpack(">H", fh.read(2))
        if 0xC0 <= marker[1] <= 0xCF and marker[1] not in (0xC4, 0xC8, 0xCC):
            fh.read(1)
            h, w = struct.unpack(">HH", fh.read(4))
            return w, h
        fh.seek(length - 2, os.SEEK_CUR)


def image_size(path):
    with path.open("rb") as fh:
        if path.suffix.lower() == ".png":
            return png_size(fh)
        return jpeg_size(fh)


def listing_details(session, api, mls, timeout):
    try:
        resp = session.get(f"{api}/listings/{mls}", timeout=timeout)
        if resp.status_code == 404:
            return {"status": "unknown"}
        resp.raise_for_status()
        data = resp.json()
        return {"status": data.get("status"), "headline": data.get("headline"),
                "address": data.get("address", {}).get("line1")}
    except requests.RequestException as exc:
        log.warning("%s: listing lookup failed: %s", mls, exc)
        return {"status": "lookup-failed"}


def catalog_folder(folder):
    photos = []
    for p in sorted(folder.iterdir()):
        if p.suffix.lower() not in EXTS or not p.is_file():
            continue
        try:
            size = image_size(p)
        except (OSError, struct.error):
            size = None
        w, h = size if size else (None, None)
        photos.append({
            "file": p.name,
            "bytes": p.stat().st_size,
            "width": w,
            "height": h,
            "below_minimum": bool(w and h and (w < MIN_W or h < MIN_H)),
        })
    return photos


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=Path, default=Path("photos"))
    ap.add_argument("--out", type=Path, default=Path("catalog.json"))
    ap.add_argument("--api", default=os.environ.get("LISTINGS_API", "https://api.listings.example/v2"))
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--clean", action="store_true", help="drop the local .catalog_cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = Path(".catalog_cache")
    if args.clean and cache.exists():
        shutil.rmtree(cache)
    cache.mkdir(exist_ok=True)

    if not args.photos.is_dir():
        log.error("no photos directory at %s", args.photos)
        return 2

    folders = [d for d in sorted(args.photos.iterdir()) if d.is_dir()]
    session = requests.Session()
    session.headers["Accept"] = "application/json"

    with ThreadPoolExecutor(max_workers=6) as pool:
        details = dict(zip(
            [d.name for d in folders],
            pool.map(lambda d: listing_details(session, args.api, d.name, args.timeout), folders),
        ))

    catalog, flagged = {}, 0
    for folder in folders:
        photos = catalog_folder(folder)
        flagged += sum(p["below_minimum"] for p in photos)
        catalog[folder.name] = {**details[folder.name], "photo_count": len(photos), "photos": photos}
        (cache / f"{folder.name}.json").write_text(json.dumps(catalog[folder.name]))

    args.out.write_text(json.dumps(catalog, indent=2))
    log.info("catalogued %d listings, %d photos below %dx%d",
             len(catalog), flagged, MIN_W, MIN_H)
    return 0


if __name__ == "__main__":
    sys.exit(main())
