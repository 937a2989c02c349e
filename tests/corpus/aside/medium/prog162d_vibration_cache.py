#!/usr/bin/env python3
"""Compute drivetrain vibration band levels from CMS exports, with a cache.

FFT band levels take a while on the older laptops, so results are cached
between runs and shared between users of the analysis workstation.
"""
import argparse
import csv
import logging
import math
import os
import pickle
import sys
from pathlib import Path

LOG = logging.getLogger("vibration_cache")

CACHE_FILE = Path("/tmp/windops_vibration_cache.pkl")

BANDS = {
    "main_bearing": (0.5, 10.0),
    "gearbox_lss": (10.0, 200.0),
    "gearbox_hss": (200.0, 2000.0),
    "generator": (2000.0, 10000.0),
}


def load_cache():
    if CACHE_FILE.exists():
        try:
            with open(CACHE_FILE, "rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable, starting fresh: %s", exc)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)
    os.chmod(CACHE_FILE, 0o666)


def read_spectrum(path):
    freqs, amps = [], []
    with open(path, newline="") as fh:
        for row in csv.reader(fh):
            try:
                freqs.append(float(row[0]))
                amps.append(float(row[1]))
            except (ValueError, IndexError):
                continue
    return freqs, amps


def band_levels(freqs, amps):
    levels = {}
    for name, (low, high) in BANDS.items():
        energy = sum(a * a for f, a in zip(freqs, amps) if low <= f < high)
        levels[name] = math.sqrt(energy) if energy else 0.0
    return levels


def cache_key(path):
    st = path.stat()
    return "{}:{}:{}".format(path.resolve(), st.st_size, int(st.st_mtime))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("exports", nargs="+", type=Path)
    parser.add_argument("--alarm", type=float, default=4.5, help="mm/s RMS alarm level")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = {} if args.no_cache else load_cache()
    hits = 0
    for path in args.exports:
        key = cache_key(path)
        if key in cache:
            levels = cache[key]
            hits += 1
        else:
            levels = band_levels(*read_spectrum(path))
            cache[key] = levels
        flagged = [b for b, v in levels.items() if v >= args.alarm]
        status = "ALARM " + ",".join(flagged) if flagged else "ok"
        print("{:<40} {}".format(path.name, status))
    LOG.info("%d/%d from cache", hits, len(args.exports))
    if not args.no_cache:
        save_cache(cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
