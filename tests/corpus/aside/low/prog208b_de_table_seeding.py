#!/usr/bin/env python3
"""Rank fencers after the pool round and seed the direct-elimination table."""
import argparse
import csv
import importlib
import json
import logging
import math
import sys
from dataclasses import dataclass, asdict

log = logging.getLogger("de_seeding")


@dataclass
class PoolResult:
    name: str
    club: str
    victories: int
    bouts: int
    scored: int
    received: int

    @property
    def ratio(self):
        return self.victories / self.bouts if self.bouts else 0.0

    @property
    def indicator(self):
        return self.scored - self.received

    def sort_key(self):
        return (-self.ratio, -self.indicator, -self.scored, self.name)


def read_results(path):
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                out.append(PoolResult(row["name"], row.get("club", ""), int(row["v"]),
                                      int(row["bouts"]), int(row["ts"]), int(row["tr"])))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
    return out


def seed_order(size):
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def build_table(ranked):
    size = 2 ** math.ceil(math.log2(max(2, len(ranked))))
    positions = seed_order(size)
    bouts = []
    for i in range(0, size, 2):
        a, b = positions[i], positions[i + 1]
        left = ranked[a - 1] if a <= len(ranked) else None
        right = ranked[b - 1] if b <= len(ranked) else None
        bouts.append((a, left, b, right))
    return size, bouts


def emit_text(size, bouts, stream):
    stream.write(f"Table of {size}\n")
    for a, left, b, right in bouts:
        ln = left.name if left else "-- bye --"
        rn = right.name if right else "-- bye --"
        stream.write(f"  ({a:>2}) {ln:<26} v ({b:>2}) {rn}\n")


def emit_json(size, bouts, stream):
    rows = [{"seed_a": a, "a": asdict(l) if l else None,
             "seed_b": b, "b": asdict(r) if r else None} for a, l, b, r in bouts]
    json.dump({"size": size, "bouts": rows}, stream, indent=2)
    stream.write("\n")


FORMATS = {"text": emit_text, "json": emit_json}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", help="pool results CSV: name,club,v,bouts,ts,tr")
    ap.add_argument("--format", choices=sorted(FORMATS), default="text")
    ap.add_argument("--output", help="write to file instead of stdout")
    ap.add_argument("--cut", type=float, default=0.0, help="fraction eliminated after pools")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        results = read_results(args.results)
    except OSError as exc:
        log.error("cannot read results: %s", exc)
        return 1
    ranked = sorted(results, key=PoolResult.sort_key)
    keep = len(ranked) - int(len(ranked) * args.cut)
    ranked = ranked[:keep]
    log.info("%d fencers promoted to the table", len(ranked))

    size, bouts = build_table(ranked)
    writer = FORMATS[args.format]
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            writer(size, bouts, fh)
        log.info("table written to %s", args.output)
    else:
        writer(size, bouts, getattr(importlib.import_module("sys"), "stdout"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
