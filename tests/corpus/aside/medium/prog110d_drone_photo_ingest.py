#!/usr/bin/env python3
"""Ingest drone survey photos from an SD card into the project tree.

For every JPEG on the card we read the camera position with exiftool, drop
frames taken outside the flight AOI (take-off/landing shots), copy the rest
into flights/<date>_<flight>/ and write camera_centres.geojson for a quick
coverage check in QGIS before the crew leaves site.

    drone_photo_ingest.py /media/$USER/DJI_SD --aoi site_boundary.geojson
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("ingest")
EXIF_TAGS = ["-GPSLatitude", "-GPSLongitude", "-AbsoluteAltitude", "-RelativeAltitude",
             "-DateTimeOriginal", "-Model"]


def read_positions(folder, batch=200):
    """Yield exif dicts for all JPEGs in folder, calling exiftool in batches."""
    files = sorted(p for p in Path(folder).rglob("*") if p.suffix.lower() in (".jpg", ".jpeg"))
    log.info("%d images on card", len(files))
    for i in range(0, len(files), batch):
        chunk = [str(p) for p in files[i:i + batch]]
        cmd = ["exiftool", "-j", "-n", "-q", *EXIF_TAGS, *chunk]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        except FileNotFoundError:
            raise SystemExit("exiftool not found; install libimage-exiftool-perl")
        except subprocess.CalledProcessError as exc:
            log.error("exiftool failed on batch %d: %s", i // batch, exc.stderr.strip())
            continue
        yield from json.loads(out or "[]")


def load_aoi(path):
    if not path:
        return None
    gj = json.loads(Path(path).read_text())
    geom = gj["features"][0]["geometry"] if gj.get("type") == "FeatureCollection" else gj
    return geom["coordinates"][0]


def inside(lon, lat, ring):
    hit = False
    j = len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i][:2]
        xj, yj = ring[j][:2]
        if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def ingest(card, dest_root, aoi, flight, move=False):
    features, kept, skipped = [], 0, 0
    dest = None
    for rec in read_positions(card):
        lat, lon = rec.get("GPSLatitude"), rec.get("GPSLongitude")
        if lat is None or lon is None:
            skipped += 1
            continue
        if aoi and not inside(lon, lat, aoi):
            skipped += 1
            continue
        if dest is None:
            taken = datetime.strptime(rec.get("DateTimeOriginal", "1970:01:01 00:00:00"),
                                      "%Y:%m:%d %H:%M:%S")
            dest = dest_root / f"{taken:%Y%m%d}_{flight}"
            dest.mkdir(parents=True, exist_ok=True)
        src = Path(rec["SourceFile"])
        (shutil.move if move else shutil.copy2)(src, dest / src.name)
        kept += 1
        features.append({"type": "Feature",
                         "geometry": {"type": "Point",
                                      "coordinates": [lon, lat, rec.get("AbsoluteAltitude")]},
                         "properties": {"image": src.name,
                                        "agl": rec.get("RelativeAltitude"),
                                        "camera": rec.get("Model")}})
    if dest:
        (dest / "camera_centres.geojson").write_text(
            json.dumps({"type": "FeatureCollection", "features": features}, indent=1))
    return dest, kept, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description="Drone photo ingest")
    ap.add_argument("card", help="mounted SD card or download folder")
    ap.add_argument("--aoi", help="GeoJSON polygon of the flight area")
    ap.add_argument("--flight", default="F01")
    ap.add_argument("--dest", default="flights")
    ap.add_argument("--move", action="store_true", help="move instead of copy")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.card).is_dir():
        log.error("card folder not found: %s", args.card)
        return 1
    dest, kept, skipped = ingest(Path(args.card), Path(args.dest), load_aoi(args.aoi),
                                 args.flight, args.move)
    log.info("kept %d, skipped %d -> %s", kept, skipped, dest)
    return 0 if kept else 3


if __name__ == "__main__":
    sys.exit(main())
