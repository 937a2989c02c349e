#!/usr/bin/env python3
"""Summarise the fermenter sensor logs into a daily digest.

Walks the sensor_logs folder, skips files already summarised (keyed by an
MD5 of their contents), and writes min/max/mean per tank to digest.json.
"""
import argparse
import hashlib
import json
import logging
import statistics
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("digest")

LOG_DIR = Path("sensor_logs")
CACHE = Path(".digest_cache.json")
OUTPUT = Path("digest.json")


def file_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_cache():
    if CACHE.exists():
        try:
            return json.loads(CACHE.read_text())
        except json.JSONDecodeError:
            LOG.warning("cache corrupt, rebuilding")
    return {}


def parse_log(path):
    readings = defaultdict(list)
    for line in path.read_text(errors="replace").splitlines():
        parts = line.strip().split(",")
        if len(parts) < 3 or parts[0] == "timestamp":
            continue
        _, tank, value = parts[:3]
        try:
            readings[tank].append(float(value))
        except ValueError:
            continue
    return readings


def summarise(values):
    return {
        "count": len(values),
        "min": round(min(values), 2),
        "max": round(max(values), 2),
        "mean": round(statistics.fmean(values), 2),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logs", type=Path, default=LOG_DIR)
    parser.add_argument("--out", type=Path, default=OUTPUT)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.logs.is_dir():
        LOG.error("no log folder %s", args.logs)
        return 1
    cache = {} if args.rebuild else load_cache()
    combined = defaultdict(list)
    fresh = 0
    for path in sorted(args.logs.rglob("*.csv")):
        key = file_key(path)
        entry = cache.get(str(path))
        if entry and entry.get("key") == key:
            per_tank = entry["readings"]
        else:
            per_tank = parse_log(path)
            cache[str(path)] = {"key": key, "readings": per_tank}
            fresh += 1
        for tank, values in per_tank.items():
            combined[tank].extend(values)

    digest = {tank: summarise(v) for tank, v in sorted(combined.items()) if v}
    args.out.write_text(json.dumps(digest, indent=2) + "\n")
    CACHE.write_text(json.dumps(cache))
    LOG.info("%d tanks, %d new files parsed, digest in %s", len(digest), fresh, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
