#!/usr/bin/env python3
"""Print driver route sheets at the depot dispatch desk.

Reads the planner's stop export (CSV: route,seq,tracking,name,address,postcode,
window,notes), lays out one sheet per route and sends it to the dispatch-desk
printer queue named in printer.json in the working directory:

    {"queue": "ROUTE_SHEETS"}

The queue itself is set up by IT; if it is missing the sheets are only
written to ./sheets for printing by hand.
"""
import argparse
import csv
import datetime as dt
import itertools
import json
import logging
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("route_print")

WIDTH = 72
DEFAULT_PRINTER = {"queue": "ROUTE_SHEETS"}


def load_printer(path):
    try:
        return {**DEFAULT_PRINTER, **json.loads(Path(path).read_text())}
    except FileNotFoundError:
        return dict(DEFAULT_PRINTER)


def read_stops(path):
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("route")]
    rows.sort(key=lambda r: (r["route"], int(r.get("seq") or 0)))
    return {route: list(stops) for route, stops in itertools.groupby(rows, key=lambda r: r["route"])}


def render_sheet(route, stops, day):
    yield f"ROUTE {route}".ljust(WIDTH - 12) + day.rjust(12)
    yield f"{len(stops)} stops".ljust(WIDTH)
    yield "=" * WIDTH
    for s in stops:
        yield f"{s['seq']:>3}  {s['tracking']:<22} {s.get('window', ''):>12}"
        yield f"     {s['name']}"
        for line in textwrap.wrap(f"{s['address']} {s['postcode']}", WIDTH - 5):
            yield f"     {line}"
        if s.get("notes"):
            for line in textwrap.wrap("NB: " + s["notes"], WIDTH - 5):
                yield f"     {line}"
        yield "     [ ] delivered   [ ] card left   [ ] returned"
        yield "-" * WIDTH
    yield ""
    yield "Driver signature: ______________________   Odometer out: ________"


class PrintQueue:
    def __init__(self, cfg):
        self.cfg = cfg
        self.name = cfg["queue"]

    def exists(self):
        try:
            res = subprocess.run(["lpstat", "-p", self.name], capture_output=True, text=True)
        except FileNotFoundError:
            return False
        return res.returncode == 0

    def accepting(self):
        res = subprocess.run(["lpstat", "-a", self.name], capture_output=True, text=True)
        return res.returncode == 0 and "not accepting" not in res.stdout

    def submit(self, path, title, copies=1):
        res = subprocess.run(["lp", "-d", self.name, "-n", str(copies), "-t", title, str(path)],
                             capture_output=True, text=True, check=True)
        return res.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description="print driver route sheets")
    ap.add_argument("stops_csv")
    ap.add_argument("--routes", nargs="*", help="only these routes")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--printer-config", default="printer.json")
    ap.add_argument("--out", type=Path, default=Path("sheets"))
    ap.add_argument("--no-print", action="store_true", help="only write the sheets")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    day = dt.date.today().strftime("%a %d %b %Y")
    routes = read_stops(args.stops_csv)
    if args.routes:
        routes = {r: s for r, s in routes.items() if r in set(args.routes)}
    if not routes:
        log.error("no routes to print")
        return 1

    args.out.mkdir(exist_ok=True)
    queue = PrintQueue(load_printer(args.printer_config))
    if not args.no_print and not (queue.exists() and queue.accepting()):
        log.error("queue %s missing or paused; ask IT. Sheets go to %s",
                  queue.name, args.out)
        args.no_print = True

    for route, stops in routes.items():
        sheet = args.out / f"route_{route}.txt"
        sheet.write_text("\n".join(render_sheet(route, stops, day)) + "\n\f")
        if args.no_print:
            log.info("wrote %s", sheet)
            continue
        try:
            job = queue.submit(sheet, f"Route {route}", args.copies)
            log.info("route %s: %s", route, job)
        except subprocess.CalledProcessError as exc:
            log.error("route %s: print failed: %s", route, exc.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
