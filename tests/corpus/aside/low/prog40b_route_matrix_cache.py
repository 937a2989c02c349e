#!/usr/bin/env python3
"""Cache distance matrices for the delivery route planner.

Computing a haversine matrix for a few thousand stops is slow, so results
are stored under ./.matrix_cache keyed by an MD5 of the stop list.  The
matrix is serialised as base64-encoded packed floats inside a JSON file so
it can be diffed and shipped with planning fixtures.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import math
import os
import struct
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

LOG = logging.getLogger("matrix_cache")
CACHE_DIR = Path(".matrix_cache")
EARTH_KM = 6371.0088


def cpu_count_from_proc() -> int:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return os.cpu_count() or 1


def haversine(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + \
        math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def _row(args):
    origin, stops = args
    return [haversine(origin, s) for s in stops]


class MatrixCache:
    def __init__(self, root: Path = CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    @staticmethod
    def key_for(stops) -> str:
        digest = hashlib.md5(usedforsecurity=False)
        for lat, lon in stops:
            digest.update(f"{lat:.6f},{lon:.6f};".encode())
        return digest.hexdigest()

    def get(self, stops):
        path = self.root / f"{self.key_for(stops)}.json"
        if not path.exists():
            return None
        doc = json.loads(path.read_text())
        raw = base64.b64decode(doc["matrix_b64"])
        n = doc["n"]
        flat = struct.unpack(f"<{n * n}d", raw)
        return [list(flat[i * n:(i + 1) * n]) for i in range(n)]

    def put(self, stops, matrix) -> Path:
        n = len(stops)
        packed = struct.pack(f"<{n * n}d", *(v for row in matrix for v in row))
        path = self.root / f"{self.key_for(stops)}.json"
        path.write_text(json.dumps({"n": n, "matrix_b64": base64.b64encode(packed).decode()}))
        return path


def load_stops(csv_path: Path):
    with csv_path.open(newline="") as fh:
        return [(float(r["lat"]), float(r["lon"])) for r in csv.DictReader(fh)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("stops_csv", type=Path)
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--clear", action="store_true", help="drop cached matrices first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = MatrixCache()
    if args.clear:
        for old in cache.root.glob("*.json"):
            old.unlink()
        LOG.info("cache cleared")

    stops = load_stops(args.stops_csv)
    matrix = cache.get(stops)
    if matrix is None:
        workers = args.workers or cpu_count_from_proc()
        LOG.info("computing %dx%d matrix on %d workers", len(stops), len(stops), workers)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            matrix = list(pool.map(_row, ((s, stops) for s in stops), chunksize=16))
        LOG.info("cached at %s", cache.put(stops, matrix))
    else:
        LOG.info("cache hit for %d stops", len(stops))
    far = max((v, i, j) for i, row in enumerate(matrix) for j, v in enumerate(row))
    print(f"longest leg: stop {far[1]} -> stop {far[2]} = {far[0]:.1f} km")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
