#!/usr/bin/env python3
"""Convert raw NMEA logs from a handheld GPS into GeoJSON LineStrings.

Reads *.nmea files from a directory inside the project, keeps only fixes with
a valid checksum and quality > 0, and writes one GeoJSON file per log into
./out/tracks together with a small distance summary.
"""
import argparse
import json
import logging
import math
from functools import reduce
from operator import xor
from pathlib import Path

log = logging.getLogger("nmea2geojson")
EARTH_RADIUS_M = 6371008.8


def checksum_ok(sentence: str) -> bool:
    if "*" not in sentence or not sentence.startswith("$"):
        return False
    body, _, given = sentence[1:].partition("*")
    calc = reduce(xor, (ord(c) for c in body), 0)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


def dm_to_deg(value: str, hemi: str) -> float:
    if not value:
        raise ValueError("empty coordinate")
    dot = value.index(".")
    deg = float(value[: dot - 2])
    minutes = float(value[dot - 2:])
    out = deg + minutes / 60.0
    return -out if hemi in ("S", "W") else out


def haversine(a, b) -> float:
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))


def parse_log(path: Path):
    coords, times = [], []
    with path.open("r", encoding="ascii", errors="replace") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.strip()
            if not line.startswith(("$GPGGA", "$GNGGA")) or not checksum_ok(line):
                continue
            fields = line.split("*")[0].split(",")
            try:
                if int(fields[6] or 0) == 0:
                    continue
                lat = dm_to_deg(fields[2], fields[3])
                lon = dm_to_deg(fields[4], fields[5])
                alt = float(fields[9]) if fields[9] else None
            except (ValueError, IndexError) as exc:
                log.debug("%s:%d skipped (%s)", path.name, lineno, exc)
                continue
            coords.append([round(lon, 7), round(lat, 7)] + ([alt] if alt is not None else []))
            times.append(fields[1])
    return coords, times


def build_feature(name, coords, times):
    length = sum(haversine(coords[i], coords[i + 1]) for i in range(len(coords) - 1))
    return {
        "type": "Feature",
        "properties": {"name": name, "points": len(coords), "length_m": round(length, 1),
                       "start_utc": times[0] if times else None, "end_utc": times[-1] if times else None},
        "geometry": {"type": "LineString", "coordinates": coords},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default="logs", help="directory with .nmea files")
    ap.add_argument("--out", default="out/tracks")
    ap.add_argument("--min-points", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src, out = Path(args.src), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    summary = []
    for path in sorted(src.glob("*.nmea")):
        coords, times = parse_log(path)
        if len(coords) < args.min_points:
            log.warning("%s: only %d fixes, skipping", path.name, len(coords))
            continue
        feature = build_feature(path.stem, coords, times)
        target = out / f"{path.stem}.geojson"
        target.write_text(json.dumps({"type": "FeatureCollection", "features": [feature]}))
        summary.append(feature["properties"])
        log.info("%s -> %s (%.1f km)", path.name, target, feature["properties"]["length_m"] / 1000)

    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return 0 if summary else 1


if __name__ == "__main__":
    raise SystemExit(main())
