#!/usr/bin/env python3
"""Per-species wing length and mass summaries for the season report.

Flags measurements outside mean +/- k*sd so they can be re-checked
against the paper field sheets before submission.
"""
import argparse
import csv
import logging
import statistics
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("wing-stats")

MEASURES = {
    "wing": "wing_mm",
    "mass": "mass_g",
    "tarsus": "tarsus_mm",
}


class SpeciesStats:
    def __init__(self, species):
        self.species = species
        self.values = defaultdict(list)
        self.rows = defaultdict(list)

    def add(self, measure, value, ring):
        self.values[measure].append(value)
        self.rows[measure].append((ring, value))

    def summary(self, measure):
        vals = self.values.get(measure, [])
        if len(vals) < 2:
            return None
        return {
            "n": len(vals),
            "mean": statistics.fmean(vals),
            "sd": statistics.stdev(vals),
            "min": min(vals),
            "max": max(vals),
        }

    def outliers(self, measure, k):
        s = self.summary(measure)
        if not s or s["sd"] == 0:
            return []
        lo, hi = s["mean"] - k * s["sd"], s["mean"] + k * s["sd"]
        return [(r, v) for r, v in self.rows[measure] if v < lo or v > hi]


def parse_float(text):
    try:
        return float(str(text).replace(",", "."))
    except (TypeError, ValueError):
        return None


def load(paths, measures):
    table = {}
    for path in paths:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                sp = (row.get("species") or "").strip()
                if not sp:
                    continue
                stats = table.setdefault(sp, SpeciesStats(sp))
                for m in measures:
                    v = parse_float(row.get(MEASURES[m]))
                    if v is not None and v > 0:
                        stats.add(m, v, row.get("ring_no", "?"))
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", nargs="+", type=Path)
    ap.add_argument("--measure", action="append", choices=sorted(MEASURES))
    ap.add_argument("-k", type=float, default=3.0, help="outlier threshold in sd")
    ap.add_argument("--min-n", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    measures = args.measure or ["wing", "mass"]
    missing = [p for p in args.csv if not p.exists()]
    if missing:
        log.error("missing input: %s", ", ".join(map(str, missing)))
        return 1

    table = load(args.csv, measures)
    for sp in sorted(table):
        st = table[sp]
        for m in measures:
            s = st.summary(m)
            if not s or s["n"] < args.min_n:
                continue
            print("%-8s %-6s n=%-4d mean=%6.1f sd=%5.2f range=%.1f-%.1f" % (
                sp, m, s["n"], s["mean"], s["sd"], s["min"], s["max"]))
            for ring, v in st.outliers(m, args.k):
                print("    check %s: %s=%.1f" % (ring, m, v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
