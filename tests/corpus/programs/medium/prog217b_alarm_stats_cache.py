#!/usr/bin/env python3
"""Alarm statistics for the turbine fleet, with a local cache.

Parses the controllers' rotated alarm logs (alarm_*.log.gz in the working
directory), counts alarm codes per turbine and keeps the parsed result in a
pickle cache so that repeated reports during a shift are instant. The
decompression is done by a small shell pipeline that the tool writes and runs.
"""
import argparse
import collections
import logging
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("alarm_stats")

CACHE = Path("./.alarm_cache.pkl")
EXTRACT_SCRIPT = Path("./.alarm_extract.sh")
EXTRACT_BODY = """#!/bin/bash
# emit "turbine code" pairs from rotated alarm logs
for f in "$@"; do
    zcat -- "$f" 2>/dev/null
done | awk -F';' '$3 ~ /^A[0-9]+$/ {print $2, $3}'
"""


class AlarmStats:
    def __init__(self):
        self.by_turbine = collections.defaultdict(collections.Counter)
        self.sources = {}
        self.built = 0.0

    def add(self, turbine: str, code: str) -> None:
        self.by_turbine[turbine][code] += 1

    def top(self, n: int):
        total = collections.Counter()
        for counter in self.by_turbine.values():
            total.update(counter)
        return total.most_common(n)


def source_signature(paths):
    return {str(p): p.stat().st_mtime for p in paths}


def load_cache(paths):
    if not CACHE.exists():
        return None
    try:
        with CACHE.open("rb") as fh:
            stats = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("cache unreadable, rebuilding: %s", exc)
        return None
    if stats.sources != source_signature(paths):
        LOG.info("alarm logs changed since cache was built")
        return None
    return stats


def rebuild(paths) -> AlarmStats:
    EXTRACT_SCRIPT.write_text(EXTRACT_BODY)
    EXTRACT_SCRIPT.chmod(0o700)
    stats = AlarmStats()
    proc = subprocess.Popen(["bash", str(EXTRACT_SCRIPT)] + [str(p) for p in paths],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        parts = line.split()
        if len(parts) == 2:
            stats.add(*parts)
    if proc.wait():
        LOG.warning("extract pipeline exited with %d", proc.returncode)
    stats.sources = source_signature(paths)
    stats.built = time.time()
    with CACHE.open("wb") as fh:
        pickle.dump(stats, fh)
    os.chmod(CACHE, 0o600)
    return stats


def report(stats: AlarmStats, turbine: str, n: int) -> None:
    if turbine:
        counter = stats.by_turbine.get(turbine)
        if not counter:
            print(f"no alarms recorded for {turbine}")
            return
        rows = counter.most_common(n)
        print(f"top alarms for {turbine}:")
    else:
        rows = stats.top(n)
        print(f"top alarms across {len(stats.by_turbine)} turbines:")
    for code, count in rows:
        print(f"  {code:<8} {count:>6}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turbine")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    paths = sorted(Path(".").glob("alarm_*.log.gz"))
    if not paths:
        LOG.error("no alarm_*.log.gz files in working directory")
        return 2
    stats = None if args.refresh else load_cache(paths)
    if stats is None:
        try:
            stats = rebuild(paths)
        except OSError as exc:
            LOG.error("could not rebuild statistics: %s", exc)
            return 1
        LOG.info("parsed %d log file(s)", len(paths))
    else:
        LOG.info("using cache from %s", time.ctime(stats.built))
    report(stats, args.turbine, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
