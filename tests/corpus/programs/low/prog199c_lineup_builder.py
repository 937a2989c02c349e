#!/usr/bin/env python3
"""Lineup builder for bench coaches.

Reads the bout roster (CSV in the working directory) and produces a jam-by-
jam lineup plan that rotates jammers and pivots and keeps blocker track time
even, then writes it as JSON for the bench tablet.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
from collections import defaultdict, deque
from dataclasses import dataclass, field, asdict
from itertools import cycle

log = logging.getLogger("lineup")


@dataclass
class Skater:
    number: str
    name: str
    positions: set = field(default_factory=set)
    jams: int = 0


def load_roster(path):
    skaters = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            pos = {p.strip().lower() for p in row.get("positions", "").split("/") if p.strip()}
            skaters.append(Skater(row["number"], row["name"], pos or {"blocker"}))
    if len(skaters) < 5:
        raise ValueError("need at least five skaters for a lineup")
    return skaters


def by_role(skaters):
    pools = defaultdict(list)
    for s in skaters:
        for p in s.positions:
            pools[p].append(s)
    return pools


def strategy_rotate(skaters, jams):
    pools = by_role(skaters)
    jammers = cycle(pools.get("jammer") or skaters)
    pivots = cycle(pools.get("pivot") or pools.get("blocker") or skaters)
    blockers = deque(pools.get("blocker") or skaters)
    plan = []
    for jam in range(1, jams + 1):
        j, p = next(jammers), next(pivots)
        while p is j:
            p = next(pivots)
        chosen = []
        blockers = deque(sorted(blockers, key=lambda s: s.jams))
        for s in list(blockers):
            if s not in (j, p) and s not in chosen:
                chosen.append(s)
            if len(chosen) == 3:
                break
        for s in (j, p, *chosen):
            s.jams += 1
        plan.append({"jam": jam, "jammer": j.number, "pivot": p.number,
                     "blockers": [s.number for s in chosen]})
    return plan


def strategy_fresh_legs(skaters, jams):
    for s in skaters:
        s.jams = 0
    return strategy_rotate(sorted(skaters, key=lambda s: s.number), jams)


STRATEGIES = {"rotate": strategy_rotate, "fresh": strategy_fresh_legs}


def write_atomic(path, payload):
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as fh:
        json.dump(payload, fh, indent=2)
        staged = fh.name
    os.replace(staged, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roster", default="bout_roster.csv")
    ap.add_argument("--jams", type=int, default=30)
    ap.add_argument("--strategy", choices=sorted(STRATEGIES), default="rotate")
    ap.add_argument("--out", default="lineup_plan.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        skaters = load_roster(args.roster)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read roster: %s", exc)
        return 1
    plan = STRATEGIES[args.strategy](skaters, args.jams)
    summary = {s.number: asdict(s) | {"positions": sorted(s.positions)} for s in skaters}
    write_atomic(args.out, {"plan": plan, "skaters": summary})
    log.info("wrote %d jams to %s", len(plan), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
