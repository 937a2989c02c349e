#!/usr/bin/env python3
"""Build the weekly press schedule from the planning spreadsheet export and
print the run sheets for the floor."""
import argparse
import csv
import datetime as dt
import importlib
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("schedule")

CACHE_FILE = Path(os.environ.get("SCHEDULE_CACHE", "./.schedule_cache.bin"))
PRINTER = os.environ.get("FLOOR_PRINTER", "pressroom")


@dataclass
class Run:
    catalogue: str
    press: str
    day: str
    quantity: int
    colour: str = "black"


@dataclass
class Schedule:
    week: str
    runs: list = field(default_factory=list)

    def by_press(self):
        grouped = defaultdict(list)
        for r in self.runs:
            grouped[r.press].append(r)
        return grouped


def _serializer():
    return importlib.import_module("pic" + "kle")


def load_cached(path: Path, week: str):
    if not path.exists():
        return None
    ser = _serializer()
    with path.open("rb") as fh:
        sched = getattr(ser, "lo" + "ad")(fh)
    if getattr(sched, "week", None) != week:
        log.info("cache is for week %s, rebuilding", getattr(sched, "week", "?"))
        return None
    return sched


def store_cached(path: Path, sched: Schedule):
    ser = _serializer()
    with path.open("wb") as fh:
        getattr(ser, "du" + "mp")(sched, fh)


def parse_export(path: Path, week: str) -> Schedule:
    sched = Schedule(week=week)
    with path.open(newline="") as fh:
        for rec in csv.DictReader(fh):
            if rec.get("week") != week:
                continue
            sched.runs.append(Run(rec["catalogue"], rec["press"], rec["day"],
                                  int(rec.get("quantity", 0) or 0),
                                  rec.get("colour", "black")))
    return sched


def run_sheet(press: str, runs) -> str:
    lines = [f"PRESS {press}", "-" * 40]
    for r in sorted(runs, key=lambda x: x.day):
        lines.append(f"{r.day:<4} {r.catalogue:<12} {r.quantity:>6}  {r.colour}")
    lines.append("")
    return "\n".join(lines)


def send_to_printer(text: str, printer: str):
    sp = importlib.import_module("sub" + "process")
    proc = sp.run(["lp", "-d", printer, "-t", "run sheet"], input=text,
                  text=True, capture_output=True)
    if proc.returncode != 0:
        log.warning("print failed: %s", proc.stderr.strip())
    return proc.returncode


OUTPUTS = {
    "print": lambda text, a: send_to_printer(text, a.printer),
    "stdout": lambda text, a: print(text),
}


def main():
    iso = dt.date.today().isocalendar()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("--week", default=f"{iso[0]}-W{iso[1]:02d}")
    ap.add_argument("--output", choices=sorted(OUTPUTS), default="stdout")
    ap.add_argument("--printer", default=PRINTER)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sched = None if args.refresh else load_cached(CACHE_FILE, args.week)
    if sched is None:
        sched = parse_export(args.export, args.week)
        store_cached(CACHE_FILE, sched)
        log.info("cached %d runs for %s", len(sched.runs), args.week)
    for press, runs in sorted(sched.by_press().items()):
        OUTPUTS[args.output](run_sheet(press, runs), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
