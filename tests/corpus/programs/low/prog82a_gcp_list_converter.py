#!/usr/bin/env python3
"""Convert surveyed ground control points and image marks into an
OpenDroneMap gcp_list.txt, plus a GeoJSON preview for QA in QGIS.

Inputs:
  points.csv  id,easting,northing,elevation        (from the GNSS rover export)
  marks.csv   id,image,px,py                       (from the tagging tool)
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("gcpconv")

try:
    from pyproj import Transformer
except ImportError:  # preview falls back to projected coords
    Transformer = None


def read_points(path: Path):
    points = {}
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                pid = row["id"].strip()
                points[pid] = (float(row["easting"]), float(row["northing"]), float(row["elevation"]))
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d skipped (%s)", path.name, lineno, exc)
    return points


def read_marks(path: Path):
    marks = defaultdict(list)
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            marks[row["id"].strip()].append((row["image"].strip(), float(row["px"]), float(row["py"])))
    return marks


def build_gcp_lines(points, marks, min_images):
    lines, used, skipped = [], [], []
    for pid, (e, n, z) in sorted(points.items()):
        imgs = marks.get(pid, [])
        if len(imgs) < min_images:
            skipped.append((pid, len(imgs)))
            continue
        used.append(pid)
        for image, px, py in imgs:
            lines.append(f"{e:.3f} {n:.3f} {z:.3f} {px:.1f} {py:.1f} {image} {pid}")
    return lines, used, skipped


def to_geojson(points, used, epsg):
    transform = None
    if Transformer is not None and epsg != 4326:
        transform = Transformer.from_crs(epsg, 4326, always_xy=True).transform
    feats = []
    for pid, (e, n, z) in sorted(points.items()):
        x, y = transform(e, n) if transform else (e, n)
        feats.append({
            "type": "Feature",
            "geometry": {"type": "Point", "coordinates": [x, y, z]},
            "properties": {"id": pid, "used": pid in used},
        })
    return {"type": "FeatureCollection", "features": feats}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build ODM gcp_list.txt from survey exports")
    ap.add_argument("points", type=Path)
    ap.add_argument("marks", type=Path)
    ap.add_argument("--epsg", type=int, required=True, help="CRS of the rover export, e.g. 28356")
    ap.add_argument("--min-images", type=int, default=3)
    ap.add_argument("-o", "--out", type=Path, default=Path("gcp_list.txt"))
    ap.add_argument("--preview", type=Path, default=Path("gcp_preview.geojson"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        points = read_points(args.points)
        marks = read_marks(args.marks)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 2

    lines, used, skipped = build_gcp_lines(points, marks, args.min_images)
    for pid, n in skipped:
        log.warning("GCP %s has only %d image marks, left out", pid, n)
    if len(used) < 3:
        log.error("need at least 3 usable GCPs, have %d", len(used))
        return 1

    args.out.write_text(f"EPSG:{args.epsg}\n" + "\n".join(lines) + "\n")
    args.preview.write_text(json.dumps(to_geojson(points, set(used), args.epsg), indent=1))
    if Transformer is None:
        log.info("pyproj not installed: preview is in EPSG:%d", args.epsg)
    log.info("%d GCPs, %d marks -> %s", len(used), len(lines), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
