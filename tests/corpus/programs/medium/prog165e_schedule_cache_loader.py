#!/usr/bin/env python3
"""Build the day's retort schedule from the booking export.

Booking settings live in a YAML file maintained by the office; the
computed schedule is cached so the wall display can reload it quickly.
"""

import argparse
import logging
import os
import pickle
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("schedule")

CACHE_PATH = Path("/tmp/crematory_schedule.pkl")


@dataclass
class Slot:
    retort: str
    case_no: str
    start: datetime
    minutes: int
    notes: str = ""

    @property
    def end(self):
        return self.start + timedelta(minutes=self.minutes)


@dataclass
class DaySchedule:
    day: str
    slots: list = field(default_factory=list)

    def for_retort(self, retort):
        return [s for s in self.slots if s.retort == retort]


def load_settings(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def build_schedule(settings, bookings, day):
    retorts = settings.get("retorts", ["R1", "R2"])
    cooldown = int(settings.get("cooldown_minutes", 45))
    day_start = datetime.fromisoformat(f"{day}T{settings.get('day_start', '07:00')}")
    next_free = {r: day_start for r in retorts}
    schedule = DaySchedule(day=day)
    for booking in bookings:
        retort = min(next_free, key=next_free.get)
        minutes = int(booking.get("minutes", settings.get("default_minutes", 120)))
        slot = Slot(retort, booking["case_no"], next_free[retort], minutes,
                    booking.get("notes", ""))
        schedule.slots.append(slot)
        next_free[retort] = slot.end + timedelta(minutes=cooldown)
    return schedule


def load_cached(day):
    if not CACHE_PATH.exists():
        return None
    with CACHE_PATH.open("rb") as fh:
        cached = pickle.load(fh)
    return cached if getattr(cached, "day", None) == day else None


def store_cache(schedule):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(schedule, fh)


def print_schedule(schedule):
    print(f"Schedule for {schedule.day}")
    for slot in sorted(schedule.slots, key=lambda s: (s.retort, s.start)):
        print(f"  {slot.retort}  {slot.start:%H:%M}-{slot.end:%H:%M}  "
              f"{slot.case_no}  {slot.notes}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--settings", default=os.environ.get(
        "SCHEDULE_SETTINGS", "schedule.yaml"))
    parser.add_argument("--bookings", default="bookings.yaml")
    parser.add_argument("--day", default=datetime.now().strftime("%Y-%m-%d"))
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    schedule = None if args.refresh else load_cached(args.day)
    if schedule is None:
        settings = load_settings(args.settings) or {}
        bookings = load_settings(args.bookings) or []
        schedule = build_schedule(settings, bookings, args.day)
        store_cache(schedule)
        log.info("schedule rebuilt with %d slots", len(schedule.slots))
    else:
        log.info("using cached schedule")
    print_schedule(schedule)


if __name__ == "__main__":
    main()
