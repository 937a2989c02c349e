#!/usr/bin/env python3
"""Plan farrier visits for the yard: reads horses.toml (last shoeing/trim
date, cycle length in weeks, shod/barefoot), groups horses due within the
farrier's visiting window and pops up a desktop reminder the day before.

    shoeing_reminder_planner.py plan         # print the next visits
    shoeing_reminder_planner.py remind       # desktop notification if due
    shoeing_reminder_planner.py watch        # keep running, remind daily
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("shoeing")

CONFIG = Path(os.environ.get("SHOEING_CONFIG", "horses.toml")).resolve()
STATE = CONFIG.with_name(".shoeing_state")


@dataclass
class Horse:
    name: str
    last_done: date
    cycle_weeks: int
    work: str  # "full set", "fronts", "trim"

    @property
    def due(self):
        return self.last_done + timedelta(weeks=self.cycle_weeks)


def load_horses(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    window = int(data.get("farrier", {}).get("window_days", 5))
    horses = [Horse(h["name"], date.fromisoformat(h["last_done"]),
                    int(h.get("cycle_weeks", 6)), h.get("work", "full set"))
              for h in data.get("horse", [])]
    return horses, window, data.get("farrier", {}).get("name", "farrier")


def plan_visits(horses, window):
    """Greedy grouping: each visit covers everything due within `window` days."""
    pending = sorted(horses, key=lambda h: h.due)
    visits = []
    while pending:
        anchor = pending[0].due
        group = [h for h in pending if h.due <= anchor + timedelta(days=window)]
        visits.append((max(anchor - timedelta(days=2), date.today()), group))
        pending = [h for h in pending if h not in group]
    return visits


def notify(title, body):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "-a", "Shoeing planner", "-i", "appointment-soon",
                        title, body], check=False)
    else:
        print(f"{title}\n{body}")


def remind(horses, window, farrier):
    tomorrow = date.today() + timedelta(days=1)
    for visit_day, group in plan_visits(horses, window):
        if visit_day == tomorrow:
            if STATE.exists() and STATE.read_text().strip() == tomorrow.isoformat():
                return
            names = ", ".join(f"{h.name} ({h.work})" for h in group)
            notify(f"{farrier} due tomorrow", names)
            STATE.write_text(tomorrow.isoformat())
            return


def export_ics(horses, window, farrier, path):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//yard//shoeing planner//EN"]
    for visit_day, group in plan_visits(horses, window):
        lines += ["BEGIN:VEVENT",
                  f"UID:shoeing-{visit_day:%Y%m%d}@yard",
                  f"DTSTART;VALUE=DATE:{visit_day:%Y%m%d}",
                  f"SUMMARY:{farrier}: {len(group)} horses",
                  "DESCRIPTION:" + "\\n".join(f"{h.name} - {h.work}" for h in group),
                  "END:VEVENT"]
    lines.append("END:VCALENDAR")
    Path(path).write_text("\r\n".join(lines) + "\r\n")
    log.info("calendar written to %s", path)


def watch(horses, window, farrier, interval):
    while True:
        try:
            remind(horses, window, farrier)
        except Exception as exc:  # keep the watcher alive on bad data
            log.warning("reminder failed: %s", exc)
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Farrier visit planner")
    ap.add_argument("command", choices=["plan", "remind", "watch"], nargs="?", default="plan")
    ap.add_argument("--interval", type=int, default=3600)
    ap.add_argument("--ics", help="also write the plan as an .ics calendar file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        horses, window, farrier = load_horses(CONFIG)
    except (OSError, tomllib.TOMLDecodeError, KeyError, ValueError) as exc:
        log.error("cannot read %s: %s", CONFIG, exc)
        return 1

    if args.ics:
        export_ics(horses, window, farrier, args.ics)

    if args.command == "plan":
        for visit_day, group in plan_visits(horses, window):
            print(visit_day.strftime("%a %d %b"))
            for h in group:
                print(f"    {h.name:<20} {h.work:<9} due {h.due:%d %b}")
    elif args.command == "remind":
        remind(horses, window, farrier)
    else:
        watch(horses, window, farrier, args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
