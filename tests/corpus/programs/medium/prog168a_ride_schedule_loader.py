#!/usr/bin/env python3
"""Builds the daily ride operator rota from the season schedule file.

The schedule is a YAML file maintained by the duty manager. The rota is
printed on the office printer and a copy is left in ./rota for the board.
"""
import argparse
import functools
import importlib
import logging
import os
import subprocess
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("ride-rota")


@dataclass
class Shift:
    ride: str
    operator: str
    start: str
    end: str
    notes: list = field(default_factory=list)


def loader_for(kind):
    yaml = importlib.import_module("yaml")
    loaders = {
        "full": getattr(yaml, "Loader"),
        "fast": getattr(yaml, "CLoader", getattr(yaml, "Loader")),
    }
    return functools.partial(yaml.load, Loader=loaders[kind])


def load_schedule(path, kind):
    parse = loader_for(kind)
    with open(path, encoding="utf-8") as fh:
        return parse(fh)


def shifts_for(schedule, day):
    weekday = day.strftime("%a").lower()
    overrides = schedule.get("overrides", {}).get(day.isoformat(), {})
    for ride, plan in schedule.get("rides", {}).items():
        if plan.get("closed_on") and weekday in plan["closed_on"]:
            continue
        slot = overrides.get(ride, plan.get("default", {}))
        for op in slot.get("operators", []):
            yield Shift(ride=ride, operator=op,
                        start=slot.get("start", "10:00"), end=slot.get("end", "18:00"),
                        notes=list(plan.get("notes", [])))


def render(shifts, day):
    lines = [f"Ride rota for {day:%A %d %B %Y}", "=" * 40]
    current = None
    for s in sorted(shifts, key=lambda s: (s.ride, s.start)):
        if s.ride != current:
            lines.append("")
            lines.append(s.ride.upper())
            current = s.ride
        lines.append(f"  {s.start}-{s.end}  {s.operator}")
        for note in s.notes:
            lines.append(f"      * {note}")
    lines.append("")
    lines.append(f"generated {datetime.now():%H:%M}")
    return "\n".join(lines) + "\n"


def send_to_printer(path, printer):
    cmd = ["lp", "-s", "-o", "cpi=12"]
    if printer:
        cmd += ["-d", printer]
    cmd.append(str(path))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode:
        log.warning("print failed: %s", result.stderr.strip())
    return result.returncode == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("schedule", nargs="?", default=os.environ.get(
        "RIDE_SCHEDULE", "season_schedule.yaml"))
    parser.add_argument("--day", type=date.fromisoformat, default=date.today())
    parser.add_argument("--loader", choices=("full", "fast"), default="full")
    parser.add_argument("--printer", default=os.environ.get("OFFICE_PRINTER"))
    parser.add_argument("--no-print", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    schedule = load_schedule(args.schedule, args.loader) or {}
    shifts = list(shifts_for(schedule, args.day))
    if not shifts:
        log.warning("no shifts scheduled for %s", args.day)
        return
    out_dir = Path("rota")
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"rota-{args.day.isoformat()}.txt"
    target.write_text(render(shifts, args.day))
    log.info("rota written to %s (%d shifts)", target, len(shifts))
    if not args.no_print:
        send_to_printer(target, args.printer)


if __name__ == "__main__":
    main()
