#!/usr/bin/env python3
"""Peak tables for exported chromatograms, with a local result cache.

Detects peaks in chromatogram CSV exports (time, signal) and caches the
computed peak tables so repeated review runs are fast.  Old cache entries
are pruned by a small shell helper written next to the cache.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("peak_cache")

CACHE_DIR = Path("./.peak_cache")

PRUNE_HELPER = """#!/bin/bash
# remove cached peak tables that were not used for PRUNE_DAYS days
find "$CACHE_DIR" -maxdepth 1 -name '*.pkl' -mtime +"$PRUNE_DAYS" -print -delete | wc -l
"""


@dataclass
class Peak:
    retention_min: float
    height: float
    area: float


class PeakCache:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(exist_ok=True)

    def key(self, csv_path, threshold):
        digest = hashlib.md5()
        digest.update(Path(csv_path).read_bytes())
        digest.update(str(threshold).encode())
        return digest.hexdigest()

    def load(self, key):
        path = self.directory / f"{key}.pkl"
        if not path.exists():
            return None
        with open(path, "rb") as fh:
            peaks = pickle.load(fh)
        os.utime(path)
        return peaks

    def store(self, key, peaks):
        with open(self.directory / f"{key}.pkl", "wb") as fh:
            pickle.dump(peaks, fh)


def read_trace(csv_path):
    times, signal = [], []
    with open(csv_path, newline="") as fh:
        for row in csv.reader(fh):
            try:
                times.append(float(row[0]))
                signal.append(float(row[1]))
            except (ValueError, IndexError):
                continue
    return times, signal


def detect_peaks(times, signal, threshold):
    peaks = []
    for i in range(1, len(signal) - 1):
        if signal[i] >= threshold and signal[i - 1] < signal[i] >= signal[i + 1]:
            left = i
            while left > 0 and signal[left - 1] < signal[left]:
                left -= 1
            right = i
            while right < len(signal) - 1 and signal[right + 1] < signal[right]:
                right += 1
            area = sum((times[j + 1] - times[j]) * (signal[j] + signal[j + 1]) / 2
                       for j in range(left, right))
            peaks.append(Peak(times[i], signal[i], area))
    return peaks


def prune_cache(days):
    helper = CACHE_DIR / "prune.sh"
    helper.write_text(PRUNE_HELPER)
    env = dict(os.environ, CACHE_DIR=str(CACHE_DIR), PRUNE_DAYS=str(days))
    out = subprocess.run(["bash", str(helper)], env=env, capture_output=True,
                         text=True, check=False)
    LOG.info("pruned %s cache entries", out.stdout.strip() or "0")


def main(argv=None):
    parser = argparse.ArgumentParser(description="chromatogram peak tables")
    parser.add_argument("files", nargs="+", help="chromatogram CSV exports")
    parser.add_argument("--threshold", type=float, default=5.0)
    parser.add_argument("--prune-days", type=int, default=30)
    parser.add_argument("-o", "--output", default="peak_table.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = PeakCache(CACHE_DIR)
    with open(args.output, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["file", "retention_min", "height", "area"])
        for name in args.files:
            try:
                key = cache.key(name, args.threshold)
                peaks = cache.load(key)
                if peaks is None:
                    peaks = detect_peaks(*read_trace(name), args.threshold)
                    cache.store(key, peaks)
                    LOG.debug("computed %s", name)
                else:
                    LOG.debug("cache hit %s", name)
            except (OSError, pickle.UnpicklingError) as exc:
                LOG.error("%s: %s", name, exc)
                continue
            for p in peaks:
                writer.writerow([name, f"{p.retention_min:.3f}",
                                 f"{p.height:.2f}", f"{p.area:.3f}"])
            LOG.info("%s: %d peaks", name, len(peaks))
    prune_cache(args.prune_days)
    return 0


if __name__ == "__main__":
    sys.exit(main())
