#!/usr/bin/env python3
"""season_plan_cache.py - summarise the season plan for the library and scheduling staff.

Parses the artistic planning office's season CSV (one row per service:
date, type, programme, conductor, required instrumentation) into
per-programme summaries: number of rehearsals, first rehearsal date, and
the largest instrumentation needed so the library can prepare enough parts.
Parsing the full season is slow, so the parsed plan is cached next to the
CSV and reused until the CSV changes.

Usage:
    season_plan_cache.py season_2024_25.csv [--refresh] [--programme "Mahler 5"]
"""

import argparse
import csv
import logging
import os
import pickle
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("season_plan")

CACHE_DIR = Path("./.season_cache")


class Programme:
    def __init__(self, name):
        self.name = name
        self.rehearsals = []
        self.concerts = []
        self.conductors = set()
        self.max_strings = (0, 0, 0, 0, 0)

    def add_service(self, row):
        kind = row["type"].strip().lower()
        (self.concerts if kind == "concert" else self.rehearsals).append(row["date"])
        self.conductors.add(row.get("conductor", "").strip())
        spec = (row.get("strings") or "").strip()
        try:
            strings = tuple(int(x) for x in spec.split(".")) if spec else (0, 0, 0, 0, 0)
        except ValueError:
            strings = (0, 0, 0, 0, 0)
        if sum(strings) > sum(self.max_strings):
            self.max_strings = strings

    def summary(self):
        first = min(self.rehearsals) if self.rehearsals else "-"
        return (f"{self.name:<30} rehearsals {len(self.rehearsals):>2}  concerts {len(self.concerts):>2}  "
                f"first {first}  strings {'.'.join(map(str, self.max_strings))}  "
                f"cond. {', '.join(sorted(c for c in self.conductors if c))}")


def parse_season(path):
    programmes = defaultdict(lambda: None)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row.get("programme", "").strip()
            if not name:
                continue
            if programmes[name] is None:
                programmes[name] = Programme(name)
            programmes[name].add_service(row)
    return dict(programmes)


def cache_path(csv_path):
    return CACHE_DIR / (Path(csv_path).stem + ".pkl")


def load_plan(csv_path, refresh=False):
    cpath = cache_path(csv_path)
    if not refresh and cpath.exists() and cpath.stat().st_mtime >= os.path.getmtime(csv_path):
        log.info("using cached plan %s", cpath)
        with cpath.open("rb") as fh:
            return pickle.load(fh)
    log.info("parsing %s", csv_path)
    plan = parse_season(csv_path)
    CACHE_DIR.mkdir(exist_ok=True)
    with cpath.open("wb") as fh:
        pickle.dump(plan, fh)
    return plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv_path")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--programme")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        plan = load_plan(args.csv_path, args.refresh)
    except (OSError, csv.Error, pickle.UnpicklingError) as exc:
        log.error("cannot load season plan: %s", exc)
        return 2

    names = sorted(plan)
    if args.programme:
        names = [n for n in names if args.programme.lower() in n.lower()]
        if not names:
            log.error("no programme matching %r", args.programme)
            return 1
    for name in names:
        print(plan[name].summary())
    log.info("%d programme(s) in season", len(plan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
