#!/usr/bin/env python3
"""Build the weekly volunteer schedule from the coordinators' YAML config.

Each distribution site keeps a shifts.yaml describing its recurring shifts
(day, start, end, roles and head counts). Coordinators email updated copies
around and drop them into ./sites/. This tool loads every site file,
checks the shifts for overlaps and under-staffing, and writes
weekly_schedule.csv for the sign-up sheet.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("shift_config")

DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


@dataclass
class Shift:
    site: str
    day: str
    start: str
    end: str
    roles: dict = field(default_factory=dict)

    @property
    def headcount(self):
        return sum(int(v) for v in self.roles.values())


def load_site(path: Path):
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise ValueError("top level must be a mapping")
    site = data.get("site", path.stem)
    shifts = []
    for raw in data.get("shifts", []):
        day = str(raw.get("day", "")).lower()[:3]
        if day not in DAYS:
            log.warning("%s: bad day %r", path.name, raw.get("day"))
            continue
        shifts.append(Shift(site, day, str(raw["start"]), str(raw["end"]),
                            dict(raw.get("roles", {}))))
    return site, shifts, int(data.get("min_headcount", 2))


def check_shifts(shifts, min_headcount):
    problems = []
    by_day = {}
    for s in shifts:
        by_day.setdefault(s.day, []).append(s)
        if s.headcount < min_headcount:
            problems.append(f"{s.site} {s.day} {s.start}: only {s.headcount} volunteers")
    for day, items in by_day.items():
        items.sort(key=lambda s: s.start)
        for a, b in zip(items, items[1:]):
            if b.start < a.end:
                problems.append(f"{a.site} {day}: {a.start}-{a.end} overlaps {b.start}-{b.end}")
    return problems


def main():
    p = argparse.ArgumentParser(description="Weekly volunteer schedule builder")
    p.add_argument("--sites", default="sites")
    p.add_argument("--out", default="weekly_schedule.csv")
    args = p.parse_args()

    logging.basicConfig(filename="shift_config.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    all_shifts, problems = [], []
    for path in sorted(Path(args.sites).glob("*.yaml")):
        try:
            site, shifts, min_hc = load_site(path)
        except (OSError, yaml.YAMLError, ValueError, KeyError) as exc:
            log.error("cannot load %s: %s", path, exc)
            continue
        log.info("%s: %d shifts", site, len(shifts))
        all_shifts.extend(shifts)
        problems.extend(check_shifts(shifts, min_hc))

    all_shifts.sort(key=lambda s: (DAYS.index(s.day), s.start, s.site))
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["day", "start", "end", "site", "role", "needed"])
        for s in all_shifts:
            for role, count in s.roles.items():
                writer.writerow([s.day, s.start, s.end, s.site, role, count])

    for msg in problems:
        log.warning(msg)
        print("WARNING:", msg)
    print(f"{len(all_shifts)} shifts written to {args.out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
