#!/usr/bin/env python3
"""Report geotag drift between survey photos and the flight controller track.

For every JPEG in a survey folder, reads the EXIF GPS position and capture
time, interpolates the aircraft position from the flight log at that time,
applies the per-camera lever-arm correction and reports the horizontal and
vertical drift. Images over the tolerance are listed so they can be
re-tagged before they go into the photogrammetry pipeline.
"""
import argparse
import bisect
import csv
import json
import logging
import math
import sys
from datetime import datetime, timezone
from pathlib import Path

from PIL import Image
from PIL.ExifTags import GPSTAGS, TAGS

log = logging.getLogger("geotag-drift")

# Lever-arm offsets (east, north, up) in metres from the calibration bench (v3, 2024-03).
LENS_OFFSETS = {
    "FC6310": (0.0, 0.0, 0.118),
    "FC6310S": (0.0, 0.0, 0.118),
    "L1D-20c": (0.0, 0.0, 0.094),
    "ZenmuseP1": (0.021, 0.0, 0.162),
}


def load_calibration(path: Path = None):
    offsets = dict(LENS_OFFSETS)
    if path and path.is_file():
        offsets.update({k: tuple(v) for k, v in json.loads(path.read_text()).items()})

    def correct(lat, lon, alt, model):
        dx, dy, dz = offsets.get(model, (0.0, 0.0, 0.0))
        return lat + dy / 111320.0, lon + dx / 71500.0, alt - dz
    return correct


def _dms_to_deg(dms, ref):
    deg = float(dms[0]) + float(dms[1]) / 60 + float(dms[2]) / 3600
    return -deg if ref in ("S", "W") else deg


def read_exif(path: Path):
    with Image.open(path) as img:
        raw = img._getexif() or {}
    tags = {TAGS.get(k, k): v for k, v in raw.items()}
    gps = {GPSTAGS.get(k, k): v for k, v in (tags.get("GPSInfo") or {}).items()}
    if "GPSLatitude" not in gps:
        return None
    ts = datetime.strptime(tags["DateTimeOriginal"], "%Y:%m:%d %H:%M:%S").replace(tzinfo=timezone.utc)
    return {
        "time": ts,
        "lat": _dms_to_deg(gps["GPSLatitude"], gps.get("GPSLatitudeRef", "N")),
        "lon": _dms_to_deg(gps["GPSLongitude"], gps.get("GPSLongitudeRef", "E")),
        "alt": float(gps.get("GPSAltitude", 0.0)),
        "model": str(tags.get("Model", "")).strip("\x00 "),
    }


class Track:
    def __init__(self, csv_path: Path):
        self.times, self.points = [], []
        with csv_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                t = datetime.fromisoformat(row["datetime(utc)"].replace(" ", "T")).replace(tzinfo=timezone.utc)
                self.times.append(t.timestamp())
                self.points.append((float(row["latitude"]), float(row["longitude"]),
                                    float(row["altitude_above_seaLevel(meters)"])))
        if not self.times:
            raise ValueError(f"empty track: {csv_path}")

    def at(self, when: datetime):
        t = when.timestamp()
        i = bisect.bisect_left(self.times, t)
        if i <= 0:
            return self.points[0]
        if i >= len(self.times):
            return self.points[-1]
        t0, t1 = self.times[i - 1], self.times[i]
        f = (t - t0) / (t1 - t0) if t1 != t0 else 0.0
        a, b = self.points[i - 1], self.points[i]
        return tuple(a[k] + (b[k] - a[k]) * f for k in range(3))


def horiz_m(lat1, lon1, lat2, lon2):
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    y = math.radians(lat2 - lat1)
    return 6371000.0 * math.hypot(x, y)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Report EXIF geotag drift against the flight track")
    ap.add_argument("images", type=Path)
    ap.add_argument("track", type=Path)
    ap.add_argument("--tolerance-m", type=float, default=3.0)
    ap.add_argument("--offsets", type=Path, help="JSON file overriding lever-arm offsets")
    ap.add_argument("--report", type=Path, default=Path("geotag_report.json"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    correct = load_calibration(args.offsets)
    track = Track(args.track)
    results, flagged = [], 0
    for img in sorted(args.images.glob("*.[jJ][pP][gG]")):
        try:
            meta = read_exif(img)
        except (OSError, KeyError, ValueError) as exc:
            log.warning("%s: %s", img.name, exc)
            continue
        if meta is None:
            log.warning("%s: no GPS tags", img.name)
            continue
        lat, lon, alt = correct(meta["lat"], meta["lon"], meta["alt"], meta["model"])
        tlat, tlon, talt = track.at(meta["time"])
        dh, dv = horiz_m(lat, lon, tlat, tlon), alt - talt
        bad = dh > args.tolerance_m
        flagged += bad
        results.append({"image": img.name, "dh_m": round(dh, 2), "dv_m": round(dv, 2), "flag": bad})

    args.report.write_text(json.dumps(results, indent=2))
    log.info("%d images checked, %d over %.1f m -> %s", len(results), flagged, args.tolerance_m, args.report)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
