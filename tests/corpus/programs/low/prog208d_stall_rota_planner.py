#!/usr/bin/env python3
"""Stall rota planner.

Reads staff availability from a CSV (name, days available, max shifts, role)
and fills the market-day shifts for each stall, fairly spreading the load.
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("rota")

DAYS = ("thu", "fri", "sat", "sun")
SHIFTS = {"setup": 1, "lunch": 2, "evening": 2, "packdown": 1}


@dataclass
class Person:
    name: str
    days: set
    max_shifts: int
    role: str
    assigned: list = field(default_factory=list)

    def can_take(self, day, shift):
        if day not in self.days or len(self.assigned) >= self.max_shifts:
            return False
        return all(d != day or s == shift for d, s in self.assigned) and (day, shift) not in self.assigned


def load_people(path):
    people = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            days = {d.strip().lower() for d in row["days"].split(";") if d.strip()}
            people.append(Person(row["name"], days, int(row.get("max_shifts") or 3), row.get("role", "crew")))
    log.info("loaded %d people", len(people))
    return people


def plan(people):
    rota = defaultdict(list)
    gaps = []
    for day in DAYS:
        for shift, needed in SHIFTS.items():
            for _ in range(needed):
                pool = sorted((p for p in people if p.can_take(day, shift)),
                              key=lambda p: (len(p.assigned), p.name))
                if not pool:
                    gaps.append((day, shift))
                    continue
                chosen = pool[0]
                chosen.assigned.append((day, shift))
                rota[(day, shift)].append(chosen.name)
    return rota, gaps


def render_text(rota, gaps, out):
    for day in DAYS:
        out.write(f"== {day.upper()} ==\n")
        for shift in SHIFTS:
            names = ", ".join(rota.get((day, shift), [])) or "-"
            out.write(f"  {shift:<9} {names}\n")
    if gaps:
        out.write("\nUnfilled: " + ", ".join(f"{d}/{s}" for d, s in gaps) + "\n")


def render_json(rota, gaps, out):
    data = {f"{d}/{s}": names for (d, s), names in rota.items()}
    json.dump({"rota": data, "gaps": [f"{d}/{s}" for d, s in gaps]}, out, indent=2)
    out.write("\n")


RENDERERS = {"text": render_text, "json": render_json}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Plan market-day shifts")
    parser.add_argument("staff_csv")
    parser.add_argument("--format", choices=sorted(RENDERERS), default="text")
    parser.add_argument("--output", help="write to this file instead of stdout")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        people = load_people(args.staff_csv)
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not read staff sheet: %s", exc)
        return 1

    rota, gaps = plan(people)
    render = getattr(sys.modules[__name__], "render_" + args.format)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            render(rota, gaps, fh)
    else:
        render(rota, gaps, sys.stdout)
    if gaps:
        log.warning("%d shifts left unfilled", len(gaps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
