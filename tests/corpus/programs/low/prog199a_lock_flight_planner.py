#!/usr/bin/env python3
"""Plan boat passages through a flight of locks.

Reads the day's booked passages for a lock flight, works out when each boat
enters and leaves the flight, and flags bookings that would meet head-on
in a single-width pound.
"""
import argparse
import csv
import json
import logging
import sys
from dataclasses import dataclass, asdict
from datetime import datetime, timedelta

log = logging.getLogger("flight-planner")

MINUTES_PER_LOCK = {"up": 14, "down": 11}


@dataclass
class Passage:
    boat: str
    direction: str
    arrival: datetime
    enter: datetime = None
    leave: datetime = None

    def as_row(self):
        row = asdict(self)
        for key in ("arrival", "enter", "leave"):
            row[key] = row[key].strftime("%H:%M") if row[key] else None
        return row


def read_bookings(path, day):
    passages = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            direction = row.get("direction", "").strip().lower()
            if direction not in MINUTES_PER_LOCK:
                log.warning("unknown direction for %s", row.get("boat"))
                continue
            t = datetime.strptime(f"{day} {row['arrival'].strip()}", "%Y-%m-%d %H:%M")
            passages.append(Passage(row["boat"].strip(), direction, t))
    return sorted(passages, key=lambda p: p.arrival)


def schedule(passages, locks, turnround):
    free_at = None
    last_dir = None
    for p in passages:
        start = p.arrival
        if free_at and start < free_at:
            start = free_at
        if last_dir and last_dir != p.direction:
            start += timedelta(minutes=turnround)
        p.enter = start
        p.leave = start + timedelta(minutes=MINUTES_PER_LOCK[p.direction] * locks)
        free_at = p.enter + timedelta(minutes=MINUTES_PER_LOCK[p.direction])
        last_dir = p.direction
    return passages


def conflicts(passages):
    issues = []
    for a, b in zip(passages, passages[1:]):
        if a.direction != b.direction and b.enter < a.leave:
            issues.append(f"{a.boat} ({a.direction}) meets {b.boat} ({b.direction})")
    return issues


def main(argv=None):
    p = argparse.ArgumentParser(description="lock flight passage planner")
    p.add_argument("bookings", help="CSV with boat,direction,arrival (HH:MM)")
    p.add_argument("--day", default=datetime.now().strftime("%Y-%m-%d"))
    p.add_argument("--locks", type=int, default=7)
    p.add_argument("--turnround", type=int, default=10)
    p.add_argument("--json", dest="json_out", help="also write plan to this file")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        passages = read_bookings(args.bookings, args.day)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read bookings: %s", exc)
        return 1
    plan = schedule(passages, args.locks, args.turnround)
    for item in plan:
        r = item.as_row()
        print(f"{r['boat']:<22} {r['direction']:<5} arrive {r['arrival']}  "
              f"enter {r['enter']}  clear {r['leave']}")
    for issue in conflicts(plan):
        print("CHECK:", issue)
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump([i.as_row() for i in plan], fh, indent=2)
        log.info("plan written to %s", args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
