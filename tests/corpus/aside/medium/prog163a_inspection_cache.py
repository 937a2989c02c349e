#!/usr/bin/env python3
"""Daily pre-opening ride inspection checklist, with a local cache.

Inspectors fill in a YAML checklist per ride each morning. This tool loads
them, flags anything failed or overdue, and caches the parsed results so
the afternoon re-check doesn't re-read every file.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from pathlib import Path

import yaml

LOG = logging.getLogger("inspections")

CACHE_PATH = Path("/tmp/ride_inspections.pkl")
MAX_CACHE_AGE = 6 * 3600


class Inspection:
    def __init__(self, ride, inspector, items, signed_at):
        self.ride = ride
        self.inspector = inspector
        self.items = items
        self.signed_at = signed_at

    @property
    def failures(self):
        return [name for name, ok in self.items.items() if not ok]

    @property
    def passed(self):
        return not self.failures


def load_checklist(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    return Inspection(
        ride=doc.get("ride", path.stem),
        inspector=doc.get("inspector", "unknown"),
        items={k: bool(v) for k, v in (doc.get("checks") or {}).items()},
        signed_at=doc.get("signed_at"),
    )


def read_cache():
    if not CACHE_PATH.exists():
        return None
    if time.time() - CACHE_PATH.stat().st_mtime > MAX_CACHE_AGE:
        LOG.info("cache is stale")
        return None
    with CACHE_PATH.open("rb") as fh:
        return pickle.load(fh)


def write_cache(inspections):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(inspections, fh)


def gather(directory, use_cache=True):
    if use_cache:
        cached = read_cache()
        if cached is not None:
            LOG.info("using cached results (%d rides)", len(cached))
            return cached
    results = []
    for path in sorted(Path(directory).glob("*.y*ml")):
        try:
            results.append(load_checklist(path))
        except (yaml.YAMLError, OSError) as exc:
            LOG.error("%s: %s", path.name, exc)
    write_cache(results)
    return results


def report(inspections, required):
    seen = {i.ride for i in inspections}
    missing = sorted(set(required) - seen)
    bad = 0
    for i in sorted(inspections, key=lambda x: x.ride):
        state = "OK" if i.passed else "FAIL: " + ", ".join(i.failures)
        print("%-20s %-12s %s" % (i.ride, i.inspector, state))
        bad += 0 if i.passed else 1
    for ride in missing:
        print("%-20s %-12s %s" % (ride, "-", "NOT INSPECTED"))
    return bad + len(missing)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("directory", nargs="?", default="checklists")
    ap.add_argument("--fresh", action="store_true", help="ignore the cache")
    ap.add_argument("--rides", default=os.environ.get("RIDES", ""),
                    help="comma-separated rides that must be inspected")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    required = [r.strip() for r in args.rides.split(",") if r.strip()]
    inspections = gather(args.directory, use_cache=not args.fresh)
    problems = report(inspections, required)
    if problems:
        print("\n%d ride(s) must not open until cleared" % problems)
        return 1
    print("\nall rides cleared to open")
    return 0


if __name__ == "__main__":
    sys.exit(main())
