#!/usr/bin/env python3
"""Daily hive weight summary with a local cache.

Parses the scale CSV exports (one file per hive), caches the parsed series in
a pickle so repeat runs are fast, and uses a small shell pipeline to produce
the sorted "biggest gain" table for the newsletter.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("weight-cache")

RANK_SCRIPT = """
sort -t, -k3 -g -r <<'ROWS' | head -n "$TOP_N" | awk -F, '{ printf "%-12s %8.2f kg  %+6.2f kg\\n", $1, $2, $3 }'
%ROWS%
ROWS
"""


class WeightSeries:
    def __init__(self):
        self.points = defaultdict(list)   # hive -> [(timestamp, kg)]
        self.sources = {}                 # file -> mtime

    def add_file(self, path):
        hive = path.stem
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    ts = datetime.fromisoformat(row["timestamp"])
                    kg = float(row["weight_kg"])
                except (KeyError, ValueError):
                    continue
                self.points[hive].append((ts, kg))
        self.points[hive].sort()
        self.sources[str(path)] = path.stat().st_mtime

    def is_fresh(self, files):
        return all(self.sources.get(str(f)) == f.stat().st_mtime for f in files) \
            and len(files) == len(self.sources)

    def daily_gain(self):
        result = {}
        for hive, pts in self.points.items():
            if len(pts) < 2:
                continue
            last_day = pts[-1][0].date()
            today = [kg for ts, kg in pts if ts.date() == last_day]
            result[hive] = (today[-1], today[-1] - today[0])
        return result


def load_cache(path):
    try:
        with open(path, "rb") as fh:
            series = pickle.load(fh)
        LOG.debug("loaded cache %s", path)
        return series
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.info("no usable cache (%s)", exc)
        return None


def save_cache(path, series):
    with open(path, "wb") as fh:
        pickle.dump(series, fh, protocol=pickle.HIGHEST_PROTOCOL)


def rank(gains, top_n):
    rows = "\n".join(f"{hive},{kg:.2f},{gain:.2f}" for hive, (kg, gain) in gains.items())
    script = RANK_SCRIPT.replace("%ROWS%", rows)
    env = dict(os.environ, TOP_N=str(top_n))
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Hive weight daily summary")
    ap.add_argument("--exports", default="./scale-exports")
    ap.add_argument("--cache", default="./.weight_cache.pkl")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    files = sorted(Path(args.exports).glob("*.csv"))
    if not files:
        LOG.error("no CSV exports in %s", args.exports)
        return 1

    series = None if args.rebuild else load_cache(args.cache)
    if series is None or not series.is_fresh(files):
        series = WeightSeries()
        for f in files:
            try:
                series.add_file(f)
            except OSError as exc:
                LOG.warning("skipping %s: %s", f, exc)
        save_cache(args.cache, series)
        LOG.info("parsed %d exports", len(files))

    gains = series.daily_gain()
    if not gains:
        LOG.info("not enough data for a summary")
        return 0
    try:
        print(rank(gains, args.top), end="")
    except RuntimeError as exc:
        LOG.error("ranking failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
