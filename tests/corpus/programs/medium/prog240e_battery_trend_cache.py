#!/usr/bin/env python3
"""Daily battery trend report for a hut's solar bank.

Parses the monitor's raw log (read through a small shell pipeline that
picks out the reading lines), keeps the parsed readings in a pickle cache so
that repeated runs are fast, and prints daily min/max state of charge.
"""

import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from collections import defaultdict

LOG = logging.getLogger("battery-trend")

CACHE_PATH = "/tmp/hut_battery_trend.pkl"
PIPELINE = 'grep -h "READING" "$BMS_LOG" | tail -n "$MAX_LINES"'


class TrendCache:
    """Parsed readings keyed by the source log's mtime."""

    def __init__(self, path):
        self.path = path

    def load(self, source_mtime):
        try:
            with open(self.path, "rb") as handle:
                cached = pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError):
            return None
        if cached.get("mtime") != source_mtime:
            LOG.debug("cache is stale")
            return None
        LOG.debug("using cache with %d readings", len(cached["readings"]))
        return cached["readings"]

    def store(self, source_mtime, readings):
        try:
            with open(self.path, "wb") as handle:
                pickle.dump({"mtime": source_mtime, "readings": readings}, handle)
        except OSError as exc:
            LOG.warning("could not write cache: %s", exc)


def read_lines(log_path, max_lines):
    env = dict(os.environ, BMS_LOG=log_path, MAX_LINES=str(max_lines))
    result = subprocess.run(["bash", "-c", PIPELINE], env=env,
                            capture_output=True, text=True, timeout=60)
    if result.returncode not in (0, 1):
        raise RuntimeError(result.stderr.strip())
    return result.stdout.splitlines()


def parse(lines):
    """Lines look like: 2024-07-01T12:00:00 READING v=52.1 i=-3.2 soc=81"""
    readings = []
    for line in lines:
        parts = line.split()
        if len(parts) < 3:
            continue
        stamp = parts[0]
        fields = dict(p.split("=", 1) for p in parts[2:] if "=" in p)
        try:
            readings.append((stamp, float(fields["v"]), float(fields["soc"])))
        except (KeyError, ValueError):
            continue
    return readings


def daily_summary(readings):
    days = defaultdict(list)
    for stamp, volt, soc in readings:
        days[stamp[:10]].append((volt, soc))
    summary = []
    for day in sorted(days):
        values = days[day]
        socs = [s for _, s in values]
        volts = [v for v, _ in values]
        summary.append((day, min(socs), max(socs), min(volts), len(values)))
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("log", nargs="?", default=os.environ.get("BMS_LOG", "./bms.log"))
    parser.add_argument("--max-lines", type=int, default=50000)
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        mtime = os.path.getmtime(args.log)
    except OSError as exc:
        LOG.error("cannot stat %s: %s", args.log, exc)
        return 1
    cache = TrendCache(CACHE_PATH)
    readings = None if args.no_cache else cache.load(mtime)
    if readings is None:
        started = time.monotonic()
        try:
            readings = parse(read_lines(args.log, args.max_lines))
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("reading log failed: %s", exc)
            return 1
        LOG.info("parsed %d readings in %.1fs", len(readings), time.monotonic() - started)
        cache.store(mtime, readings)
    print(f"{'day':<12}{'min soc':>9}{'max soc':>9}{'min V':>8}{'n':>6}")
    for day, smin, smax, vmin, n in daily_summary(readings):
        flag = "  LOW" if smin < 30 else ""
        print(f"{day:<12}{smin:>9.0f}{smax:>9.0f}{vmin:>8.2f}{n:>6}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
