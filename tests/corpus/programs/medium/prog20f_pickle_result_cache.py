#!/usr/bin/env python3
"""Cache expensive CSV aggregations on disk.

Aggregating large sales CSVs takes minutes, so results are memoised in
./.aggcache/<key>.pkl using pickle.  On the next run with the same input
file and options the pickled result is loaded instead of recomputed.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("aggcache")

CACHE_DIR = Path(".aggcache")


def cache_key(path: Path, group_by: str, value: str) -> str:
    st = path.stat()
    raw = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}|{group_by}|{value}"
    return hashlib.sha256(raw.encode()).hexdigest()[:24]


def load_cached(key: str):
    path = CACHE_DIR / f"{key}.pkl"
    if not path.exists():
        return None
    try:
        with path.open("rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, OSError) as exc:
        log.warning("discarding bad cache entry %s: %s", path, exc)
        return None


def store_cached(key: str, result: dict) -> None:
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{key}.pkl"
    with path.open("wb") as fh:
        pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
    log.info("cached result in %s", path)


def aggregate(path: Path, group_by: str, value: str) -> dict:
    totals = defaultdict(float)
    counts = defaultdict(int)
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        if group_by not in reader.fieldnames or value not in reader.fieldnames:
            raise KeyError(f"columns {group_by!r}/{value!r} not in {reader.fieldnames}")
        for row in reader:
            try:
                amount = float(row[value])
            except ValueError:
                continue
            totals[row[group_by]] += amount
            counts[row[group_by]] += 1
    return {k: {"total": totals[k], "count": counts[k],
                "mean": totals[k] / counts[k]} for k in totals}


def print_result(result: dict, top: int) -> None:
    ranked = sorted(result.items(), key=lambda kv: kv[1]["total"], reverse=True)
    print(f"{'group':24s} {'count':>8s} {'total':>14s} {'mean':>10s}")
    for name, stats in ranked[:top]:
        print(f"{name[:24]:24s} {stats['count']:8d} {stats['total']:14.2f} "
              f"{stats['mean']:10.2f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Aggregate a CSV with an on-disk cache")
    ap.add_argument("csv", type=Path)
    ap.add_argument("--group-by", default="region")
    ap.add_argument("--value", default="amount")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        key = cache_key(args.csv, args.group_by, args.value)
        result = None if args.no_cache else load_cached(key)
        if result is None:
            log.info("cache miss; aggregating %s", args.csv)
            result = aggregate(args.csv, args.group_by, args.value)
            store_cached(key, result)
        else:
            log.info("cache hit for %s", args.csv)
    except (OSError, KeyError) as exc:
        log.error("%s", exc)
        return 1
    print_result(result, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
