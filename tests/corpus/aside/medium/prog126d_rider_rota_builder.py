#!/usr/bin/env python3
"""Build next week's bike courier rota from the rider roster and demand forecast.

Inputs:
  riders.csv   callsign,name,phone,home_postcode,max_hours,cargo_bike,days_off
  demand.csv   day,slot,zone,riders_needed

Output: rota.csv with one row per (day, slot, zone, callsign) and a short
coverage summary on stdout.  Parsed inputs are cached between runs so the
planner can be re-run quickly while the ops lead tweaks demand.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("rota_builder")
SLOT_HOURS = {"early": 5, "lunch": 4, "late": 5, "night": 6}
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
CACHE_DIR = Path(".rota_cache")


def read_riders(path):
    riders = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            row["max_hours"] = float(row.get("max_hours") or 40)
            row["cargo_bike"] = row.get("cargo_bike", "").lower() in ("y", "yes", "1")
            row["days_off"] = {d.strip().lower() for d in row.get("days_off", "").split(";") if d.strip()}
            riders.append(row)
    return riders


def read_demand(path):
    with open(path, newline="") as fh:
        return [dict(r, riders_needed=int(r["riders_needed"])) for r in csv.DictReader(fh)]


class InputCache:
    """Caches parsed CSVs keyed on file content."""

    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _key(self, path):
        digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
        return self.root / f"{Path(path).stem}-{digest}.pkl"

    def load(self, path, parser):
        entry = self._key(path)
        if entry.exists():
            with entry.open("rb") as fh:
                LOG.debug("cache hit for %s", path)
                return pickle.load(fh)
        data = parser(path)
        with entry.open("wb") as fh:
            pickle.dump(data, fh)
        return data


def plan(riders, demand):
    hours = defaultdict(float)
    booked = defaultdict(set)  # day -> callsigns
    shifts, gaps = [], []
    for need in sorted(demand, key=lambda d: (DAYS.index(d["day"].lower()), d["slot"])):
        day, slot = need["day"].lower(), need["slot"].lower()
        length = SLOT_HOURS.get(slot, 4)
        candidates = [
            r for r in riders
            if day not in r["days_off"]
            and r["callsign"] not in booked[day]
            and hours[r["callsign"]] + length <= r["max_hours"]
            and (not need.get("cargo") or r["cargo_bike"])
        ]
        candidates.sort(key=lambda r: (hours[r["callsign"]],
                                       hashlib.md5(f"{day}{r['callsign']}".encode()).hexdigest()))
        chosen = candidates[:need["riders_needed"]]
        for r in chosen:
            hours[r["callsign"]] += length
            booked[day].add(r["callsign"])
            shifts.append({"day": day, "slot": slot, "zone": need["zone"], "callsign": r["callsign"]})
        if len(chosen) < need["riders_needed"]:
            gaps.append((day, slot, need["zone"], need["riders_needed"] - len(chosen)))
    return shifts, gaps, hours


def write_shifts(shifts, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["day", "slot", "zone", "callsign"])
        w.writeheader()
        w.writerows(shifts)


def main():
    ap = argparse.ArgumentParser(description="Build the courier rota for the week")
    ap.add_argument("--riders", default="riders.csv")
    ap.add_argument("--demand", default="demand.csv")
    ap.add_argument("--out", default="rota.csv")
    ap.add_argument("--no-cache", dest="cache", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    for p in (args.riders, args.demand):
        if not Path(p).exists():
            LOG.error("missing input %s", p)
            return 1

    if args.cache:
        cache = InputCache()
        riders = cache.load(args.riders, read_riders)
        demand = cache.load(args.demand, read_demand)
    else:
        riders, demand = read_riders(args.riders), read_demand(args.demand)

    shifts, gaps, hours = plan(riders, demand)
    write_shifts(shifts, args.out)

    LOG.info("%d shifts written to %s", len(shifts), args.out)
    for day, slot, zone, short in gaps:
        print(f"UNDERSTAFFED {day} {slot} {zone}: short by {short}")
    busiest = sorted(hours.items(), key=lambda kv: -kv[1])[:5]
    for cs, h in busiest:
        print(f"{cs:8s} {h:5.1f}h")
    return 0


if __name__ == "__main__":
    sys.exit(main())
