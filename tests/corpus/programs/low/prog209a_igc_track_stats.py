#!/usr/bin/env python3
"""Summarise students' IGC flight tracks for the training logbook.

Reads every .igc file in the tracks folder, computes duration, max altitude
and track length, and writes a CSV the instructors import into the logbook.
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

log = logging.getLogger("igcstats")

CACHE_DIR = Path(".igc_cache")


@dataclass
class Stats:
    file: str
    pilot: str
    duration_min: float
    max_alt_m: int
    distance_km: float


def parse_coord(raw: str, deg_len: int) -> float:
    deg = int(raw[:deg_len])
    minutes = int(raw[deg_len:deg_len + 5]) / 1000.0
    value = deg + minutes / 60.0
    return -value if raw[-1] in "SW" else value


def haversine(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


HEADER_FIELDS = {"HFPLTPILOT": "pilot"}


def analyse(path: Path) -> Stats:
    fixes, header = [], {}
    for line in path.read_text(errors="replace").splitlines():
        kind = line[:1]
        if kind == "B" and len(line) >= 35:
            secs = int(line[1:3]) * 3600 + int(line[3:5]) * 60 + int(line[5:7])
            pos = (parse_coord(line[7:15], 2), parse_coord(line[15:24], 3))
            fixes.append((secs, pos, int(line[30:35])))
        elif kind == "H":
            for prefix, key in HEADER_FIELDS.items():
                if line.startswith(prefix):
                    header[key] = line.split(":", 1)[-1].strip()
    if len(fixes) < 2:
        raise ValueError("too few fixes")
    dist = sum(haversine(a[1], b[1]) for a, b in zip(fixes, fixes[1:]))
    return Stats(path.name, header.get("pilot", "unknown"),
                 round((fixes[-1][0] - fixes[0][0]) / 60.0, 1),
                 max(f[2] for f in fixes), round(dist, 2))


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def cached(path: Path) -> Stats:
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.json"
    if entry.exists():
        return Stats(**json.loads(entry.read_text()))
    stats = analyse(path)
    entry.write_text(json.dumps(asdict(stats)))
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("tracks"))
    ap.add_argument("--out", type=Path, default=Path("track_stats.csv"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    rows = []
    for path in sorted(args.folder.rglob("*.igc")):
        try:
            rows.append(cached(path))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(Stats.__dataclass_fields__))
        writer.writeheader()
        writer.writerows(asdict(r) for r in rows)
    os.chmod(args.out, 0o600)
    log.info("%d track(s) summarised into %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
