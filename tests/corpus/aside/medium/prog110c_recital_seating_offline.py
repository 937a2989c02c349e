#!/usr/bin/env python3
"""Allocate recital seats to ticket bookings without a network connection.

Each venue the academy hires has its own layout (restricted view rows,
wheelchair bays, front rows held for the examiner panel). The ticket desk
keeps the last layout it saw in a local cache file so seats can still be
allocated in the church hall where there is no signal.
"""

import argparse
import csv
import json
import logging
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("seating")

CACHE_DIR = Path("venue_cache")
VENUES = ("corn-exchange", "st-marys-hall")


@dataclass
class Booking:
    ref: str
    family: str
    seats: int
    access: bool = False


@dataclass
class VenueLayout:
    name: str
    cache_file: Path
    layout: dict = field(default_factory=dict)

    def refresh(self):
        with self.cache_file.open("rb") as fh:
            self.layout = pickle.load(fh)
        log.info("loaded layout for %s (%d rows)", self.name,
                 len(self.layout.get("rows", [])))

    def assign(self, bookings):
        held = set(self.layout.get("held", []))
        bays = list(self.layout.get("access_bays", []))
        free = [f"{row}{n}" for row, count in self.layout.get("rows", [])
                for n in range(1, count + 1) if f"{row}{n}" not in held]
        plan = {}
        for b in bookings:
            pool = bays if b.access and len(bays) >= b.seats else free
            if len(pool) < b.seats:
                continue
            plan[b.ref] = [pool.pop(0) for _ in range(b.seats)]
        return plan


def read_bookings(path):
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                out.append(Booking(ref=row["ref"].strip(),
                                   family=row["family"].strip(),
                                   seats=int(row["seats"]),
                                   access=row.get("access", "").lower() in ("y", "yes", "1")))
            except (KeyError, ValueError) as exc:
                log.warning("skipping booking row %r: %s", row, exc)
    out.sort(key=lambda b: (not b.access, -b.seats))
    return out


def write_plan(plan, out_path):
    out_path = Path(out_path)
    out_path.write_text(json.dumps(plan, indent=2), encoding="utf-8")
    with out_path.with_suffix(".csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["ref", "seat"])
        for ref, seats in plan.items():
            for seat in seats:
                w.writerow([ref, seat])
    log.info("wrote %s and %s", out_path, out_path.with_suffix(".csv"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Allocate recital seats offline")
    ap.add_argument("bookings", help="bookings CSV exported from the ticket desk")
    ap.add_argument("--venue", choices=VENUES, default="corn-exchange")
    ap.add_argument("--cache", type=Path, help="override the cached layout file")
    ap.add_argument("-o", "--out", default="seating_plan.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    venue = VenueLayout(args.venue, args.cache or CACHE_DIR / f"{args.venue}.pkl")
    try:
        venue.refresh()
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.error("could not load layout for %s: %s", args.venue, exc)
        return 2

    bookings = read_bookings(args.bookings)
    if not bookings:
        log.error("no usable bookings in %s", args.bookings)
        return 1
    plan = venue.assign(bookings)
    unseated = [b.ref for b in bookings if b.ref not in plan]
    if unseated:
        log.warning("%d bookings could not be seated: %s", len(unseated), ", ".join(unseated))
    write_plan(plan, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
