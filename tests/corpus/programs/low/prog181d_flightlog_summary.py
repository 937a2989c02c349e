#!/usr/bin/env python3
"""Summarise exported flight logs in the current project folder.

Reads the CSV exports (one per sortie) from ./flightlogs, computes flight
time, distance and battery use, and writes summary.json. Parsed results are
cached by file content hash so reruns are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("flightlog_summary")

CACHE = Path(".summary_cache")


@dataclass
class Sortie:
    file: str
    duration_s: float
    distance_m: float
    max_alt_m: float
    battery_used_pct: float


def haversine(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse(path):
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        return Sortie(path.name, 0, 0, 0, 0)
    dist = 0.0
    for prev, cur in zip(rows, rows[1:]):
        dist += haversine(float(prev["lat"]), float(prev["lon"]), float(cur["lat"]), float(cur["lon"]))
    return Sortie(
        file=path.name,
        duration_s=float(rows[-1]["t"]) - float(rows[0]["t"]),
        distance_m=round(dist, 1),
        max_alt_m=max(float(r["alt"]) for r in rows),
        battery_used_pct=float(rows[0]["batt"]) - float(rows[-1]["batt"]),
    )


def summarise(path):
    CACHE.mkdir(exist_ok=True)
    entry = CACHE / f"{cache_key(path)}.json"
    if entry.exists():
        return Sortie(**json.loads(entry.read_text()))
    sortie = parse(path)
    entry.write_text(json.dumps(asdict(sortie)))
    return sortie


REPORTS = {
    "json": lambda s: json.dumps([asdict(x) for x in s], indent=2),
    "text": lambda s: "\n".join(f"{x.file}: {x.duration_s/60:.1f} min, {x.distance_m/1000:.2f} km" for x in s),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default=os.environ.get("FLIGHTLOG_DIR", "flightlogs"))
    parser.add_argument("--format", choices=sorted(REPORTS), default="json")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache and CACHE.exists():
        for f in CACHE.glob("*.json"):
            f.unlink()
    sorties = [summarise(p) for p in sorted(Path(args.dir).glob("*.csv"))]
    out = Path("summary." + ("json" if args.format == "json" else "txt"))
    out.write_text(REPORTS[args.format](sorties))
    os.chmod(out, 0o600)
    log.info("%d sorties summarised into %s", len(sorties), out)


if __name__ == "__main__":
    main()
