#!/usr/bin/env python3
"""Weekly lesson schedule builder with an on-disk cache.

Builds the instructors' weekly rota from the exported bookings CSV and
caches the computed schedule objects so the printable rota and the
simulator-lab allocation can be regenerated quickly.
"""

import argparse
import collections
import csv
import datetime as dt
import hashlib
import logging
import os
import pickle
import sys

LOG = logging.getLogger("schedule-cache")

CACHE_DIR = os.environ.get("ROTA_CACHE", "./.rota-cache")

Lesson = collections.namedtuple("Lesson", "start minutes instructor learner kind")


class WeekSchedule:
    def __init__(self, week_start):
        self.week_start = week_start
        self.by_instructor = collections.defaultdict(list)
        self.sim_slots = []

    def add(self, lesson):
        if lesson.kind == "simulator":
            self.sim_slots.append(lesson)
        else:
            self.by_instructor[lesson.instructor].append(lesson)

    def rota_lines(self):
        for name in sorted(self.by_instructor):
            lessons = sorted(self.by_instructor[name], key=lambda l: l.start)
            hours = sum(l.minutes for l in lessons) / 60.0
            yield "%-20s %2d lessons  %5.1f h" % (name, len(lessons), hours)
        yield "simulator lab: %d slot(s)" % len(self.sim_slots)


def cache_key(path):
    st = os.stat(path)
    raw = "%s:%d:%d" % (os.path.abspath(path), st.st_size, int(st.st_mtime))
    return hashlib.md5(raw.encode()).hexdigest()


def cache_path(key):
    return os.path.join(CACHE_DIR, key + ".pkl")


def load_cached(key):
    p = cache_path(key)
    if not os.path.exists(p):
        return None
    try:
        with open(p, "rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        LOG.warning("ignoring broken cache %s: %s", p, exc)
        return None


def store_cached(key, obj):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cache_path(key), "wb") as fh:
        pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)


def parse_bookings(path, week_start):
    week_end = week_start + dt.timedelta(days=7)
    sched = WeekSchedule(week_start)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                start = dt.datetime.fromisoformat(row["starts_at"])
            except (KeyError, ValueError):
                continue
            if not (week_start <= start.date() < week_end):
                continue
            sched.add(Lesson(start, int(row.get("minutes", 60)), row.get("instructor", "?"),
                             row.get("learner", "?"), row.get("kind", "road")))
    return sched


def monday_of(day):
    return day - dt.timedelta(days=day.weekday())


def main():
    ap = argparse.ArgumentParser(description="Weekly rota from bookings export")
    ap.add_argument("bookings_csv")
    ap.add_argument("--week", help="any date in the week, default this week")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    day = dt.date.fromisoformat(args.week) if args.week else dt.date.today()
    week = monday_of(day)
    key = cache_key(args.bookings_csv) + "-" + week.isoformat()

    sched = None if args.no_cache else load_cached(key)
    if sched is None:
        try:
            sched = parse_bookings(args.bookings_csv, week)
        except OSError as exc:
            LOG.error("cannot read bookings: %s", exc)
            return 1
        store_cached(key, sched)
        LOG.info("schedule computed and cached")
    else:
        LOG.info("schedule loaded from cache")

    print("Rota for week of %s" % week)
    for line in sched.rota_lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
