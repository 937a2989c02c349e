#!/usr/bin/env python3
"""Build a GeoJSON index of drone survey photos.

Walks a flight folder, reads the GPS position and altitude from each JPEG's
EXIF, estimates the ground footprint from the camera's field of view, and
writes flight_index.geojson plus small thumbnails for the field viewer.
"""
import argparse
import json
import logging
import math
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ExifTags

LOG = logging.getLogger("footprints")

GPS_TAG = next(k for k, v in ExifTags.TAGS.items() if v == "GPSInfo")
THUMB_DIR = Path(".thumbs")
HFOV_DEG = 73.7
VFOV_DEG = 53.1


def cpu_count():
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n)
    except OSError:
        return os.cpu_count() or 2


def _dms(values, ref):
    d, m, s = (float(v) for v in values)
    deg = d + m / 60 + s / 3600
    return -deg if ref in ("S", "W") else deg


def read_position(path):
    with Image.open(path) as im:
        gps = im.getexif().get_ifd(GPS_TAG)
    if not gps or 2 not in gps or 4 not in gps:
        return None
    lat = _dms(gps[2], gps.get(1, "N"))
    lon = _dms(gps[4], gps.get(3, "E"))
    alt = float(gps.get(6, 0.0))
    return lat, lon, alt


def footprint(lat, lon, agl):
    half_w = agl * math.tan(math.radians(HFOV_DEG / 2))
    half_h = agl * math.tan(math.radians(VFOV_DEG / 2))
    dlat = half_h / 111_320
    dlon = half_w / (111_320 * math.cos(math.radians(lat)))
    return [[lon - dlon, lat - dlat], [lon + dlon, lat - dlat],
            [lon + dlon, lat + dlat], [lon - dlon, lat + dlat],
            [lon - dlon, lat - dlat]]


def make_thumb(path):
    dest = THUMB_DIR / (path.stem + ".jpg")
    if dest.exists():
        return dest
    with Image.open(path) as im:
        im.thumbnail((320, 240))
        im.save(dest, quality=80)
    return dest


def process(path, ground_alt):
    try:
        pos = read_position(path)
    except (OSError, ValueError) as exc:
        LOG.warning("%s: %s", path.name, exc)
        return None
    if pos is None:
        LOG.debug("%s has no GPS", path.name)
        return None
    lat, lon, alt = pos
    agl = max(alt - ground_alt, 1.0)
    thumb = make_thumb(path)
    return {
        "type": "Feature",
        "geometry": {"type": "Polygon", "coordinates": [footprint(lat, lon, agl)]},
        "properties": {"photo": path.name, "agl_m": round(agl, 1), "thumb": str(thumb)},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("flight_dir", type=Path)
    ap.add_argument("--ground-alt", type=float, default=0.0,
                    help="takeoff point altitude (m AMSL)")
    ap.add_argument("--clean", action="store_true", help="rebuild thumbnails")
    ap.add_argument("-o", "--output", default="flight_index.geojson")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and THUMB_DIR.exists():
        shutil.rmtree(THUMB_DIR)
    THUMB_DIR.mkdir(exist_ok=True)

    photos = sorted(p for p in args.flight_dir.iterdir()
                    if p.suffix.lower() in (".jpg", ".jpeg"))
    if not photos:
        LOG.error("no JPEGs in %s", args.flight_dir)
        return 1

    workers = cpu_count()
    LOG.info("indexing %d photos with %d workers", len(photos), workers)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        features = [f for f in pool.map(lambda p: process(p, args.ground_alt), photos) if f]

    with open(args.output, "w") as fh:
        json.dump({"type": "FeatureCollection", "features": features}, fh)
    LOG.info("wrote %d footprints to %s (%d without GPS)", len(features), args.output,
             len(photos) - len(features))
    return 0


if __name__ == "__main__":
    sys.exit(main())
