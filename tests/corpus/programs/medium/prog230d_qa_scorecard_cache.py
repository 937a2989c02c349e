#!/usr/bin/env python3
"""QA scorecard aggregator with a local cache.

Reads evaluator scorecards (CSV exports from the QA form tool), computes
per-agent averages per category, and keeps parsed results in a cache so
re-runs during calibration sessions are instant.  Evaluators can share a
cache file from the team drive with --cache.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import statistics
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("scorecards")

CATEGORIES = ("greeting", "verification", "resolution", "compliance", "closing")
CACHE_NAME = ".scorecards.cache"


class ScorecardCache:
    """Parsed scorecards keyed by file digest."""

    def __init__(self, path):
        self.path = Path(path)
        self.entries = {}
        self.dirty = False

    def load(self):
        if not self.path.is_file():
            return
        try:
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
            LOG.debug("cache loaded: %d files", len(self.entries))
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable, rebuilding: %s", exc)
            self.entries = {}

    def save(self):
        if not self.dirty:
            return
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)
        LOG.debug("cache saved")

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value
        self.dirty = True


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def parse_scorecard(path):
    rows = []
    with path.open(newline="") as fh:
        for rec in csv.DictReader(fh):
            try:
                scores = {c: float(rec[c]) for c in CATEGORIES if rec.get(c)}
            except ValueError:
                LOG.warning("bad score in %s for %s", path.name, rec.get("agent"))
                continue
            rows.append((rec.get("agent", "unknown"), scores))
    return rows


def aggregate(all_rows):
    per_agent = defaultdict(lambda: defaultdict(list))
    for agent, scores in all_rows:
        for cat, value in scores.items():
            per_agent[agent][cat].append(value)
    result = {}
    for agent, cats in per_agent.items():
        result[agent] = {c: round(statistics.mean(v), 2) for c, v in cats.items()}
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description="Aggregate QA scorecards")
    ap.add_argument("folder", nargs="?", default="scorecards")
    ap.add_argument("--cache", default=CACHE_NAME)
    ap.add_argument("-o", "--out", default="agent_scores.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    folder = Path(args.folder)
    if not folder.is_dir():
        LOG.error("no scorecard folder %s", folder)
        return 1
    cache = ScorecardCache(args.cache)
    cache.load()

    rows = []
    for path in sorted(folder.glob("*.csv")):
        key = digest(path)
        parsed = cache.get(key)
        if parsed is None:
            parsed = parse_scorecard(path)
            cache.put(key, parsed)
        rows.extend(parsed)
    cache.save()

    result = aggregate(rows)
    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(("agent",) + CATEGORIES)
        for agent in sorted(result):
            writer.writerow([agent] + [result[agent].get(c, "") for c in CATEGORIES])
    LOG.info("%d agents from %d scorecards -> %s", len(result), len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
