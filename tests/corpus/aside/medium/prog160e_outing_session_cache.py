#!/usr/bin/env python3
"""Caches outing plans between runs of the crew-selection tool.

Coaches build outing plans (crews, boats, times) interactively; the
plan is kept in a cache file so the next run can pick up where the
last one stopped.
"""
import argparse
import logging
import pickle
import sys
from dataclasses import dataclass, field
from datetime import date, datetime

log = logging.getLogger("outings")

CACHE_PATH = "/tmp/rowclub_outings.pkl"


@dataclass
class Outing:
    boat: str
    crew: list
    start: datetime
    coach: str = ""

    def describe(self):
        names = ", ".join(self.crew)
        return f"{self.start:%a %H:%M} {self.boat:<14} {names} ({self.coach or 'no coach'})"


@dataclass
class Plan:
    day: date
    outings: list = field(default_factory=list)

    def add(self, outing):
        clash = [o for o in self.outings if o.boat == outing.boat and o.start == outing.start]
        if clash:
            raise ValueError(f"{outing.boat} already booked at {outing.start:%H:%M}")
        self.outings.append(outing)

    def rowers_busy(self, when):
        busy = set()
        for o in self.outings:
            if o.start == when:
                busy.update(o.crew)
        return busy


def load_plan(path, day):
    try:
        with open(path, "rb") as fh:
            plan = pickle.load(fh)
        if plan.day == day:
            log.info("resumed plan for %s with %d outings", day, len(plan.outings))
            return plan
    except FileNotFoundError:
        pass
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        log.warning("cache unreadable, starting fresh: %s", exc)
    return Plan(day=day)


def save_plan(path, plan):
    with open(path, "wb") as fh:
        pickle.dump(plan, fh)
    log.info("plan cached in %s", path)


def parse_args():
    p = argparse.ArgumentParser(description="Build the day's outing plan")
    p.add_argument("--day", type=date.fromisoformat, default=date.today())
    p.add_argument("--cache", default=CACHE_PATH)
    sub = p.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("boat")
    add.add_argument("time", help="HH:MM")
    add.add_argument("crew", nargs="+")
    add.add_argument("--coach", default="")
    sub.add_parser("show")
    sub.add_parser("clear")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    plan = load_plan(args.cache, args.day)

    if args.cmd == "add":
        hh, mm = (int(x) for x in args.time.split(":"))
        start = datetime.combine(args.day, datetime.min.time()).replace(hour=hh, minute=mm)
        overlap = plan.rowers_busy(start) & set(args.crew)
        if overlap:
            log.error("already rowing at %s: %s", args.time, ", ".join(sorted(overlap)))
            return 1
        try:
            plan.add(Outing(args.boat, args.crew, start, args.coach))
        except ValueError as exc:
            log.error("%s", exc)
            return 1
        save_plan(args.cache, plan)
    elif args.cmd == "show":
        for outing in sorted(plan.outings, key=lambda o: o.start):
            print(outing.describe())
    elif args.cmd == "clear":
        save_plan(args.cache, Plan(day=args.day))
    return 0


if __name__ == "__main__":
    sys.exit(main())
