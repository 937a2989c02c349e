#!/usr/bin/env python3
"""Build the weekly ride rota from staff availability.

Reads staff.json (who can run which ride, which days they're free) and
rides.json (which rides open which days, how many operators each needs),
then writes rota.csv and a short text summary in the working directory.
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("rota")

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def load_json(path):
    with open(path) as fh:
        return json.load(fh)


class Rota:
    def __init__(self, staff, rides, max_shifts):
        self.staff = staff
        self.rides = rides
        self.max_shifts = max_shifts
        self.shifts = defaultdict(int)
        self.assigned = defaultdict(list)
        self.gaps = []

    def candidates(self, day, ride, taken):
        pool = [s for s in self.staff
                if day in s.get("available", [])
                and ride in s.get("rides", [])
                and s["name"] not in taken
                and self.shifts[s["name"]] < self.max_shifts]
        return sorted(pool, key=lambda s: (self.shifts[s["name"]], s["name"]))

    def build(self):
        for day in DAYS:
            taken = set()
            for ride in self.rides:
                if day not in ride.get("open_days", DAYS):
                    continue
                need = int(ride.get("operators", 1))
                picks = self.candidates(day, ride["name"], taken)[:need]
                for p in picks:
                    taken.add(p["name"])
                    self.shifts[p["name"]] += 1
                    self.assigned[(day, ride["name"])].append(p["name"])
                if len(picks) < need:
                    self.gaps.append((day, ride["name"], need - len(picks)))
        return self

    def write_csv(self, path):
        with open(path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["day", "ride", "operators"])
            for day in DAYS:
                for ride in self.rides:
                    names = self.assigned.get((day, ride["name"]))
                    if names:
                        w.writerow([day, ride["name"], "; ".join(names)])

    def summary(self):
        lines = ["Shifts per person:"]
        for name in sorted(self.shifts):
            lines.append("  %-18s %d" % (name, self.shifts[name]))
        if self.gaps:
            lines.append("Unfilled:")
            for day, ride, short in self.gaps:
                lines.append("  %s %-16s short by %d" % (day, ride, short))
        else:
            lines.append("All shifts filled.")
        return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--staff", default="staff.json")
    ap.add_argument("--rides", default="rides.json")
    ap.add_argument("--max-shifts", type=int, default=5)
    ap.add_argument("--out", default="rota.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        staff, rides = load_json(args.staff), load_json(args.rides)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read input: %s", exc)
        return 1
    rota = Rota(staff, rides, args.max_shifts).build()
    rota.write_csv(args.out)
    text = rota.summary()
    Path("rota-summary.txt").write_text(text + "\n")
    print(text)
    LOG.info("rota written to %s", args.out)
    return 1 if rota.gaps else 0


if __name__ == "__main__":
    sys.exit(main())
