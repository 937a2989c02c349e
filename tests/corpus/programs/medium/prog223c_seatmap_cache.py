#!/usr/bin/env python3
"""Seat-map cache for the box office availability screens.

Building the seat map from the ticketing export takes a while, so the parsed
map for each performance is pickled into ./seatmap_cache/. The screens ask
for a performance, get the cached map (or a freshly built one) and the tool
renders a plain-text availability board, optionally piped through the
house's `column` formatter.
"""

import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import time

LOG = logging.getLogger("seatmap")
CACHE_DIR = "seatmap_cache"
MAX_AGE = 15 * 60


class SeatMap:
    def __init__(self, performance):
        self.performance = performance
        self.rows = {}
        self.built = time.time()

    def add(self, section, row, seat, status):
        self.rows.setdefault((section, row), {})[int(seat)] = status

    def availability(self):
        free = sum(1 for seats in self.rows.values() for s in seats.values() if s == "free")
        total = sum(len(seats) for seats in self.rows.values())
        return free, total

    def board_lines(self):
        for (section, row), seats in sorted(self.rows.items()):
            marks = "".join("." if seats[n] == "free" else "x" for n in sorted(seats))
            yield f"{section}\t{row}\t{marks}"


def build_from_export(export_csv, performance):
    sm = SeatMap(performance)
    with open(export_csv, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            if rec.get("performance_id") != performance:
                continue
            sm.add(rec["section"], rec["row"], rec["seat"], rec["status"])
    return sm


def cache_path(performance):
    return os.path.join(CACHE_DIR, f"{performance}.pickle")


def load_cached(performance):
    path = cache_path(performance)
    if not os.path.exists(path):
        return None
    if time.time() - os.path.getmtime(path) > MAX_AGE:
        LOG.info("cache for %s is stale", performance)
        return None
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save_cached(sm):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cache_path(sm.performance), "wb") as fh:
        pickle.dump(sm, fh)


def render(sm, use_column=True):
    text = "\n".join(sm.board_lines()) + "\n"
    if not use_column:
        return text
    try:
        proc = subprocess.run(
            ["bash", "-c", 'column -t -s "$(printf "\\t")"'],
            input=text, capture_output=True, text=True, timeout=10,
        )
        if proc.returncode == 0:
            return proc.stdout
        LOG.warning("column failed: %s", proc.stderr.strip())
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.warning("column unavailable: %s", exc)
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("performance")
    ap.add_argument("--export", default="ticket_export.csv")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--raw", action="store_true", help="skip column formatting")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sm = None if args.refresh else load_cached(args.performance)
    if sm is None:
        try:
            sm = build_from_export(args.export, args.performance)
        except (OSError, KeyError) as exc:
            LOG.error("cannot build seat map: %s", exc)
            return 1
        save_cached(sm)
        LOG.info("seat map rebuilt and cached")
    else:
        LOG.info("using cached seat map")

    free, total = sm.availability()
    sys.stdout.write(render(sm, not args.raw))
    print(f"\n{args.performance}: {free} of {total} seats free")
    return 0


if __name__ == "__main__":
    sys.exit(main())
