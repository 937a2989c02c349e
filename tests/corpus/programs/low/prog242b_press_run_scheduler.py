#!/usr/bin/env python3
"""Build the night's press run schedule.

Reads the edition plan (editions.csv in the working directory: edition,
pages, copies, colour_pages, deadline) and the press line capacity from
press_config.json, then assigns each edition to a press line and a start
time so that all runs finish before the trucks leave.  Writes the plan to
run_schedule.json and prints a table for the press hall whiteboard.
"""
import argparse
import csv
import json
import logging
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("run-scheduler")
DEFAULT_CONFIG = {
    "lines": {"Line A": {"copies_per_hour": 40000, "max_pages": 64},
              "Line B": {"copies_per_hour": 30000, "max_pages": 48}},
    "makeready_minutes": 25,
    "start": "22:30",
}


@dataclass
class Edition:
    name: str
    pages: int
    copies: int
    colour_pages: int
    deadline: str


@dataclass
class PressLine:
    name: str
    copies_per_hour: int
    max_pages: int
    free_at: datetime = None
    runs: list = field(default_factory=list)


def load_editions(path):
    editions = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                editions.append(Edition(row["edition"], int(row["pages"]), int(row["copies"]),
                                        int(row.get("colour_pages") or 0), row["deadline"]))
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping row %r: %s", row, exc)
    return editions


def load_config(path):
    if path.exists():
        return json.loads(path.read_text())
    LOG.info("%s not found, using default press configuration", path)
    return DEFAULT_CONFIG


def schedule(editions, config, night):
    start = datetime.combine(night, datetime.strptime(config["start"], "%H:%M").time())
    makeready = timedelta(minutes=config["makeready_minutes"])
    lines = [PressLine(n, c["copies_per_hour"], c["max_pages"], start)
             for n, c in config["lines"].items()]
    plan = []
    for ed in sorted(editions, key=lambda e: e.deadline):
        fits = [ln for ln in lines if ln.max_pages >= ed.pages]
        if not fits:
            LOG.error("%s has %d pages, no line can print it", ed.name, ed.pages)
            continue
        line = min(fits, key=lambda ln: ln.free_at)
        run_start = line.free_at + makeready
        run_end = run_start + timedelta(hours=ed.copies / line.copies_per_hour)
        deadline = datetime.combine(night + timedelta(days=1),
                                    datetime.strptime(ed.deadline, "%H:%M").time())
        late = run_end > deadline
        if late:
            LOG.warning("%s finishes %s, after deadline %s", ed.name, run_end, deadline)
        line.free_at = run_end
        line.runs.append(ed.name)
        plan.append({"edition": ed.name, "line": line.name, "start": run_start.isoformat(),
                     "end": run_end.isoformat(), "late": late})
    return plan


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--editions", type=Path, default=Path("editions.csv"))
    ap.add_argument("--config", type=Path, default=Path("press_config.json"))
    ap.add_argument("--out", type=Path, default=Path("run_schedule.json"))
    ap.add_argument("--night", default=datetime.now().date().isoformat())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        editions = load_editions(args.editions)
        config = load_config(args.config)
        night = datetime.strptime(args.night, "%Y-%m-%d").date()
    except (OSError, ValueError) as exc:
        LOG.error("cannot prepare schedule: %s", exc)
        return 1

    plan = schedule(editions, config, night)
    args.out.write_text(json.dumps(plan, indent=2))
    for run in plan:
        mark = "  LATE" if run["late"] else ""
        print(f"{run['edition']:<20} {run['line']:<8} {run['start'][11:16]}-{run['end'][11:16]}{mark}")
    LOG.info("schedule with %d runs written to %s", len(plan), args.out)
    return 0 if not any(r["late"] for r in plan) else 2


if __name__ == "__main__":
    sys.exit(main())
