#!/usr/bin/env python3
"""Load 10-minute SCADA exports with an on-disk cache of parsed frames.

Parsing a month of 10-minute CSV exports for a 60-turbine park takes minutes,
so parsed per-file results are cached in ./.scada_cache and reused while the
source file is unchanged. Prints a per-turbine availability and capacity
factor summary for the requested period.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("frame_cache")

CACHE_DIR = Path("./.scada_cache")
RATED_KW = 3600.0


class FrameCache:
    """Caches parsed export files keyed by path and modification time."""

    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)
        self.hits = 0
        self.misses = 0

    def _key(self, path):
        stat = path.stat()
        raw = f"{path.resolve()}:{stat.st_mtime_ns}:{stat.st_size}"
        return hashlib.md5(raw.encode()).hexdigest()

    def get(self, path):
        entry = self.directory / f"{self._key(path)}.pkl"
        if entry.exists():
            try:
                with entry.open("rb") as fh:
                    self.hits += 1
                    return pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("corrupt cache entry %s: %s", entry.name, exc)
        self.misses += 1
        return None

    def put(self, path, frame):
        entry = self.directory / f"{self._key(path)}.pkl"
        with entry.open("wb") as fh:
            pickle.dump(frame, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def clear(self):
        removed = 0
        for entry in self.directory.glob("*.pkl"):
            entry.unlink()
            removed += 1
        LOG.info("removed %d cache entries", removed)


def parse_export(path):
    """Return {turbine: [(power_kw, available), ...]} for one export file."""
    frame = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                power = float(row["ActivePower_kW"])
                available = row.get("State", "").strip().upper() in ("RUN", "READY", "LOWWIND")
            except (KeyError, ValueError):
                continue
            frame[row["Turbine"]].append((power, available))
    return dict(frame)


def summarise(frames):
    totals = defaultdict(lambda: [0.0, 0, 0])
    for frame in frames:
        for turbine, records in frame.items():
            for power, available in records:
                t = totals[turbine]
                t[0] += max(power, 0.0)
                t[1] += 1
                t[2] += int(available)
    for turbine in sorted(totals):
        energy, count, avail = totals[turbine]
        cf = energy / (count * RATED_KW) if count else 0.0
        av = avail / count if count else 0.0
        print(f"{turbine}\tavailability={av:6.2%}\tcapacity_factor={cf:6.2%}\trecords={count}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export_dir")
    parser.add_argument("--pattern", default="scada10m_*.csv")
    parser.add_argument("--clear-cache", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cache = FrameCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
    files = sorted(Path(args.export_dir).glob(args.pattern))
    if not files:
        LOG.error("no exports matching %s in %s", args.pattern, args.export_dir)
        return 1
    frames = []
    for path in files:
        frame = cache.get(path)
        if frame is None:
            frame = parse_export(path)
            cache.put(path, frame)
        frames.append(frame)
    LOG.info("cache hits=%d misses=%d", cache.hits, cache.misses)
    summarise(frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
