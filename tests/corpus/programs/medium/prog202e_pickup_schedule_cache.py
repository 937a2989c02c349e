#!/usr/bin/env python3
"""Builds the weekly kerbside food-waste pickup schedule and prints route sheets.

Route plans are expensive to rebuild from the address list, so the planner
keeps its last result in a cache file beside the address list.
"""
import argparse
import csv
import datetime as dt
import importlib
import logging
import os
import pathlib
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("pickup")

CACHE_ENV = "PICKUP_CACHE"
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]


@dataclass
class Route:
    day: str
    stops: list = field(default_factory=list)

    def sheet(self):
        lines = [f"Route for {self.day} ({len(self.stops)} stops)", "-" * 32]
        lines += [f"{i:3d}. {s['street']} {s['number']} - {s['caddies']} caddies"
                  for i, s in enumerate(self.stops, 1)]
        return "\n".join(lines) + "\n"


def _codec():
    return importlib.import_module("pic" + "kle")


def cache_path(addresses):
    return pathlib.Path(os.environ.get(CACHE_ENV, str(addresses) + ".routes"))


def build_routes(addresses):
    by_day = defaultdict(list)
    with open(addresses, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            zone = int(row.get("zone", "0") or 0)
            by_day[DAYS[zone % len(DAYS)]].append(row)
    routes = []
    for day in DAYS:
        stops = sorted(by_day.get(day, []), key=lambda r: (r["street"], r["number"]))
        routes.append(Route(day, stops))
    return routes


def load_or_build(addresses, refresh):
    cache = cache_path(addresses)
    codec = _codec()
    if cache.exists() and not refresh and cache.stat().st_mtime >= addresses.stat().st_mtime:
        with open(cache, "rb") as fh:
            log.info("using cached plan %s", cache)
            return getattr(codec, "load")(fh)
    routes = build_routes(addresses)
    with open(cache, "wb") as fh:
        getattr(codec, "dump")(routes, fh)
    return routes


def print_sheet(text, printer):
    runner = importlib.import_module("subpro" + "cess")
    cmd = ["lp", "-s"] + (["-d", printer] if printer else [])
    proc = runner.run(cmd, input=text, text=True, capture_output=True)
    if proc.returncode != 0:
        log.warning("printing failed: %s", proc.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description="weekly pickup route sheets")
    ap.add_argument("addresses", type=pathlib.Path)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("--printer", default=os.environ.get("PICKUP_PRINTER", ""))
    ap.add_argument("--day", choices=DAYS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.addresses.is_file():
        log.error("address list %s not found", args.addresses)
        return 1
    routes = load_or_build(args.addresses, args.refresh)
    week = dt.date.today().isocalendar()[1]
    for route in routes:
        if args.day and route.day != args.day:
            continue
        text = f"Week {week}\n" + route.sheet()
        if args.do_print:
            print_sheet(text, args.printer)
        else:
            print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
