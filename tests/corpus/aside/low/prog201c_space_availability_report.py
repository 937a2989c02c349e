#!/usr/bin/env python3
"""Daily space availability report.

Reads the bay sensor event log (one row per arrival or departure) and works
out peak occupancy, average dwell time and the hours each level was full.
Writes a short Markdown report for the estates team.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("availability")

CAPACITY = {"L0": 120, "L1": 180, "L2": 180, "L3": 140, "BLUE": 24}


class LevelStats:
    def __init__(self, capacity):
        self.capacity = capacity
        self.current = 0
        self.peak = 0
        self.full_hours = set()
        self.arrivals = {}
        self.dwell = []

    def arrive(self, bay, when):
        self.current += 1
        self.peak = max(self.peak, self.current)
        self.arrivals[bay] = when
        if self.current >= self.capacity:
            self.full_hours.add(when.hour)

    def depart(self, bay, when):
        self.current = max(self.current - 1, 0)
        start = self.arrivals.pop(bay, None)
        if start:
            self.dwell.append((when - start).total_seconds() / 60)

    def avg_dwell(self):
        return sum(self.dwell) / len(self.dwell) if self.dwell else 0.0


def read_events(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (row["level"], row["bay"], row["event"],
                       dt.datetime.fromisoformat(row["ts"]))
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping row: %s", exc)


def build(path):
    stats = defaultdict(lambda: LevelStats(100))
    for level, cap in CAPACITY.items():
        stats[level] = LevelStats(cap)
    events = sorted(read_events(path), key=lambda e: e[3])
    handlers = {"in": LevelStats.arrive, "out": LevelStats.depart}
    for level, bay, event, when in events:
        handler = handlers.get(event)
        if handler:
            handler(stats[level], bay, when)
    return stats


def render(stats, day):
    lines = [f"# Space availability - {day}", "",
             "| Level | Capacity | Peak | Peak % | Avg dwell (min) | Full hours |",
             "|---|---|---|---|---|---|"]
    for level in sorted(stats):
        s = stats[level]
        pct = 100 * s.peak / s.capacity if s.capacity else 0
        hours = ", ".join(f"{h:02d}:00" for h in sorted(s.full_hours)) or "-"
        lines.append(f"| {level} | {s.capacity} | {s.peak} | {pct:.0f}% | {s.avg_dwell():.0f} | {hours} |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("events", help="bay sensor events CSV")
    p.add_argument("--day", default=dt.date.today().isoformat())
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        stats = build(args.events)
    except FileNotFoundError:
        LOG.error("no such file: %s", args.events)
        return 1
    out = Path(args.out or f"availability_{args.day}.md")
    out.write_text(render(stats, args.day))
    LOG.info("report written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
