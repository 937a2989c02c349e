#!/usr/bin/env python3
"""Build a daily occupancy report from exported badge events.

The door controllers export a CSV of badge events (one row per swipe) into
the working directory each night. This tool aggregates entries per floor and
per hour so the community team can see peak usage, and writes a summary CSV
plus a short text report next to the input.

Usage:
    occupancy_report.py badge_events_2024-05-01.csv --out reports/
"""

import argparse
import csv
import logging
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("occupancy")

VALID_RESULTS = {"granted", "denied"}


@dataclass
class FloorStats:
    name: str
    entries: int = 0
    denied: int = 0
    by_hour: Counter = field(default_factory=Counter)
    members: set = field(default_factory=set)

    def peak_hour(self):
        if not self.by_hour:
            return None
        hour, _ = self.by_hour.most_common(1)[0]
        return hour


class OccupancyReport:
    def __init__(self, capacity_per_floor):
        self.capacity = capacity_per_floor
        self.floors = defaultdict(lambda: None)
        self.skipped = 0

    def _floor(self, name):
        if self.floors[name] is None:
            self.floors[name] = FloorStats(name=name)
        return self.floors[name]

    def add_event(self, row):
        try:
            ts = datetime.fromisoformat(row["timestamp"])
            result = row["result"].strip().lower()
            floor = row["door"].split("-")[0]
        except (KeyError, ValueError) as exc:
            self.skipped += 1
            log.debug("skipping malformed row %r: %s", row, exc)
            return
        if result not in VALID_RESULTS:
            self.skipped += 1
            return
        stats = self._floor(floor)
        if result == "denied":
            stats.denied += 1
            return
        stats.entries += 1
        stats.by_hour[ts.hour] += 1
        stats.members.add(row.get("member_id", "unknown"))

    def rows(self):
        for name in sorted(k for k, v in self.floors.items() if v is not None):
            s = self.floors[name]
            peak = s.peak_hour()
            peak_count = s.by_hour[peak] if peak is not None else 0
            util = round(100.0 * peak_count / self.capacity, 1) if self.capacity else 0.0
            yield {
                "floor": name,
                "entries": s.entries,
                "denied": s.denied,
                "unique_members": len(s.members),
                "peak_hour": "" if peak is None else f"{peak:02d}:00",
                "peak_utilisation_pct": util,
            }


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("events", type=Path, help="badge events CSV export")
    p.add_argument("--out", type=Path, default=Path("reports"))
    p.add_argument("--capacity", type=int, default=60, help="desks per floor")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.events.is_file():
        log.error("input %s not found", args.events)
        return 2

    report = OccupancyReport(args.capacity)
    with args.events.open(newline="") as fh:
        for row in csv.DictReader(fh):
            report.add_event(row)

    args.out.mkdir(parents=True, exist_ok=True)
    summary_path = args.out / f"{args.events.stem}_occupancy.csv"
    rows = list(report.rows())
    with summary_path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["floor"])
        writer.writeheader()
        writer.writerows(rows)

    text_path = args.out / f"{args.events.stem}_occupancy.txt"
    with text_path.open("w") as fh:
        for r in rows:
            fh.write(f"Floor {r['floor']}: {r['entries']} entries, "
                     f"{r['unique_members']} members, peak {r['peak_hour']} "
                     f"({r['peak_utilisation_pct']}% of capacity)\n")

    log.info("wrote %s and %s (%d rows skipped)", summary_path, text_path, report.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
