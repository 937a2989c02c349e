#!/usr/bin/env python3
"""Summarise the cached seller-risk feature frames.

The batch feature builder writes one cached frame per onboarding day into
./feature_cache/ (pickled dicts of seller_id -> feature vector). Before a
model retrain, the modelling team runs this report to spot days with
missing sellers, stale schemas or suspicious drift in key features.

Usage:
    feature_cache_report.py [--cache-dir feature_cache] [--features account_age_days,...]
"""

import argparse
import hashlib
import json
import logging
import pickle
import statistics
import sys
from pathlib import Path

LOG = logging.getLogger("feature-cache-report")
DEFAULT_FEATURES = ["account_age_days", "listings_first_day", "payout_changes_7d", "device_reuse"]
EXPECTED_SCHEMA = 3


class CachedDay:
    def __init__(self, path):
        self.path = path
        self.day = path.stem
        with path.open("rb") as fh:
            blob = pickle.load(fh)
        self.schema = blob.get("schema", 0)
        self.rows = blob.get("rows", {})

    def fingerprint(self):
        # cache key only, used to detect duplicate days
        return hashlib.md5(self.path.read_bytes()).hexdigest()

    def feature_values(self, name):
        return [row[name] for row in self.rows.values() if name in row and row[name] is not None]


def summarise(values):
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "mean": round(statistics.fmean(values), 3),
        "median": statistics.median(values),
        "p_max": max(values),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", type=Path, default=Path("feature_cache"))
    ap.add_argument("--features", default=",".join(DEFAULT_FEATURES))
    ap.add_argument("--out", default="feature_cache_report.json")
    ap.add_argument("--drift", type=float, default=0.25, help="relative mean change that counts as drift")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    features = [f.strip() for f in args.features.split(",") if f.strip()]
    files = sorted(args.cache_dir.glob("*.pkl"))
    if not files:
        LOG.error("no cached frames in %s", args.cache_dir)
        return 2

    report = {"days": [], "warnings": []}
    seen_prints = {}
    prev_means = {}
    for path in files:
        try:
            day = CachedDay(path)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError) as exc:
            report["warnings"].append(f"{path.name}: unreadable ({exc})")
            continue

        fp = day.fingerprint()
        if fp in seen_prints:
            report["warnings"].append(f"{day.day}: identical to {seen_prints[fp]}")
        seen_prints[fp] = day.day
        if day.schema != EXPECTED_SCHEMA:
            report["warnings"].append(f"{day.day}: schema {day.schema}, expected {EXPECTED_SCHEMA}")

        entry = {"day": day.day, "sellers": len(day.rows), "features": {}}
        for name in features:
            stats = summarise(day.feature_values(name))
            entry["features"][name] = stats
            mean = stats.get("mean")
            prev = prev_means.get(name)
            if mean is not None and prev:
                change = abs(mean - prev) / abs(prev)
                if change > args.drift:
                    report["warnings"].append(f"{day.day}: {name} mean moved {change:.0%}")
            if mean is not None:
                prev_means[name] = mean
        report["days"].append(entry)
        LOG.info("%s: %d sellers", day.day, len(day.rows))

    Path(args.out).write_text(json.dumps(report, indent=2))
    for w in report["warnings"]:
        LOG.warning("%s", w)
    LOG.info("report for %d days written to %s", len(report["days"]), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
