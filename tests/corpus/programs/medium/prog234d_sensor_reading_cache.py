#!/usr/bin/env python3
"""Cache and summarise ride sensor readings between dashboard refreshes.

The ops dashboard polls the gateway every 30 seconds, but parsing the full
day's CSV exports from every ride each time is slow on the gateway's ARM
board.  This tool parses new exports, keeps the parsed readings in a local
cache file, and prints per-sensor min/max/mean for the dashboard tile.
"""

import argparse
import csv
import glob
import logging
import os
import pickle
import statistics
import sys
from dataclasses import dataclass, field

LOG = logging.getLogger("reading_cache")

CACHE_FILE = "sensor_readings.cache.pkl"


@dataclass
class SensorSeries:
    sensor_id: str
    ride: str
    values: list = field(default_factory=list)

    def summary(self):
        if not self.values:
            return None
        return {
            "min": min(self.values),
            "max": max(self.values),
            "mean": round(statistics.fmean(self.values), 3),
            "n": len(self.values),
        }


class ReadingCache:
    def __init__(self, path):
        self.path = path
        self.series = {}
        self.seen_files = {}

    def load(self):
        if not os.path.exists(self.path):
            LOG.info("no cache yet at %s", self.path)
            return
        with open(self.path, "rb") as fh:
            state = pickle.load(fh)
        self.series = state.get("series", {})
        self.seen_files = state.get("seen_files", {})
        LOG.info("loaded cache: %d sensors, %d files", len(self.series), len(self.seen_files))

    def save(self):
        state = {"series": self.series, "seen_files": self.seen_files}
        with open(self.path, "wb") as fh:
            pickle.dump(state, fh)

    def ingest(self, csv_path):
        mtime = os.path.getmtime(csv_path)
        if self.seen_files.get(csv_path) == mtime:
            return 0
        added = 0
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    value = float(row["value"])
                except (KeyError, ValueError):
                    continue
                sid = row.get("sensor_id", "unknown")
                series = self.series.setdefault(
                    sid, SensorSeries(sid, row.get("ride", "?")))
                series.values.append(value)
                added += 1
        self.seen_files[csv_path] = mtime
        return added


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("export_dir", help="directory with ride CSV exports")
    parser.add_argument("--cache", default=CACHE_FILE)
    parser.add_argument("--reset", action="store_true", help="ignore existing cache")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cache = ReadingCache(args.cache)
    if not args.reset:
        try:
            cache.load()
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable, starting fresh: %s", exc)

    total = 0
    for path in sorted(glob.glob(os.path.join(args.export_dir, "*.csv"))):
        try:
            total += cache.ingest(path)
        except (OSError, csv.Error) as exc:
            LOG.warning("skipping %s: %s", path, exc)
    LOG.info("ingested %d new readings", total)

    for sid in sorted(cache.series):
        s = cache.series[sid]
        summ = s.summary()
        if summ:
            print(f"{s.ride:<16} {sid:<12} min={summ['min']:.2f} "
                  f"max={summ['max']:.2f} mean={summ['mean']:.2f} n={summ['n']}")

    cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
