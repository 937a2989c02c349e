#!/usr/bin/env python3
"""Compile kiln firing schedules and print a firing plan.

Schedules are kept as YAML in ./schedules (one file per program: bisque,
cone 6 glaze with slow cool, crystalline hold ...).  Each is expanded into
ramp/hold segments with timings, and the compiled result is cached under
./.schedule_cache so the studio planner can list dozens of programs quickly.

    ./firing_schedule_cache.py cone6_slow_cool --start 21:30
    ./firing_schedule_cache.py --list
"""
import argparse
import hashlib
import logging
import pickle
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("firing-plan")

SCHEDULE_DIR = Path("schedules")
CACHE_DIR = Path(".schedule_cache")
ROOM_C = 20.0


@dataclass
class Segment:
    rate_c_per_h: float      # 9999 == full power
    target_c: float
    hold_min: float = 0.0

    def duration_h(self, from_c):
        delta = abs(self.target_c - from_c)
        ramp = 0.0 if self.rate_c_per_h >= 9999 else delta / self.rate_c_per_h
        return ramp + self.hold_min / 60.0


@dataclass
class Schedule:
    name: str
    cone: str
    segments: list = field(default_factory=list)
    notes: str = ""

    def plan(self, start):
        t, temp, rows = start, ROOM_C, []
        for i, seg in enumerate(self.segments, 1):
            hours = seg.duration_h(temp)
            end = t + timedelta(hours=hours)
            rows.append((i, temp, seg.target_c, seg.rate_c_per_h, seg.hold_min, t, end))
            t, temp = end, seg.target_c
        return rows

    @property
    def peak_c(self):
        return max((s.target_c for s in self.segments), default=ROOM_C)


def parse_schedule(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    segs = [Segment(float(s["rate"]), float(s["target"]), float(s.get("hold", 0)))
            for s in doc.get("segments", [])]
    return Schedule(doc.get("name", path.stem), str(doc.get("cone", "?")), segs, doc.get("notes", ""))


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_schedule(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(path) + ".pkl")
    if cached.exists():
        try:
            with open(cached, "rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            log.debug("stale cache %s: %s", cached.name, exc)
    sched = parse_schedule(path)
    with open(cached, "wb") as fh:
        pickle.dump(sched, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return sched


def prune_cache():
    live = {cache_key(p) for p in SCHEDULE_DIR.glob("*.y*ml")}
    for f in CACHE_DIR.glob("*.pkl"):
        if f.stem not in live:
            f.unlink()
            log.debug("pruned %s", f.name)


def print_plan(sched, start):
    print("%s  (cone %s, peak %.0f C)" % (sched.name, sched.cone, sched.peak_c))
    if sched.notes:
        print("  " + sched.notes.strip())
    print("  seg  from->to C     rate C/h  hold   start  end")
    end = start
    for i, frm, to, rate, hold, t0, t1 in sched.plan(start):
        rate_s = "FULL" if rate >= 9999 else "%.0f" % rate
        print("  %3d  %5.0f->%-5.0f  %8s  %4.0fm  %s  %s" % (
            i, frm, to, rate_s, hold, t0.strftime("%a %H:%M"), t1.strftime("%a %H:%M")))
        end = t1
    print("  total %.1f h, elements off around %s" % (
        (end - start).total_seconds() / 3600, end.strftime("%a %H:%M")))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kiln firing planner")
    ap.add_argument("program", nargs="?")
    ap.add_argument("--start", help="HH:MM start time (default now)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    if not SCHEDULE_DIR.is_dir():
        log.error("no %s directory", SCHEDULE_DIR)
        return 2
    if args.list or not args.program:
        for p in sorted(SCHEDULE_DIR.glob("*.y*ml")):
            s = load_schedule(p)
            print("%-24s cone %-4s peak %5.0f C  %d segments" % (p.stem, s.cone, s.peak_c, len(s.segments)))
        prune_cache()
        return 0

    matches = list(SCHEDULE_DIR.glob(args.program + ".y*ml"))
    if not matches:
        log.error("no schedule called %s", args.program)
        return 1
    start = datetime.now()
    if args.start:
        hh, mm = map(int, args.start.split(":"))
        start = start.replace(hour=hh, minute=mm, second=0, microsecond=0)
    try:
        print_plan(load_schedule(matches[0]), start)
    except (KeyError, ValueError, yaml.YAMLError) as exc:
        log.error("bad schedule %s: %s", matches[0], exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
