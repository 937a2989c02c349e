#!/usr/bin/env python3
"""Inspection planner for the cliff cable car.

Works out when each periodic task falls due (daily grip checks, weekly
haul-rope visual inspection, monthly brake tests, annual NDT of the rope and
the six-yearly re-splice) from the task register, and writes an iCalendar
feed the engineers subscribe to.  Pops up a desktop notice when anything is
overdue.
"""

import argparse
import datetime as dt
import json
import logging
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

log = logging.getLogger("cc-maint")

INTERVALS = {
    "daily": dt.timedelta(days=1),
    "weekly": dt.timedelta(weeks=1),
    "monthly": dt.timedelta(days=30),
    "annual": dt.timedelta(days=365),
    "six_yearly": dt.timedelta(days=365 * 6),
}


class TaskRegister:
    def __init__(self, path):
        self.path = Path(path)
        with self.path.open(encoding="utf-8") as fh:
            self.tasks = json.load(fh)["tasks"]

    def due(self, horizon_days):
        today = dt.date.today()
        horizon = today + dt.timedelta(days=horizon_days)
        for task in self.tasks:
            step = INTERVALS[task["interval"]]
            last = dt.date.fromisoformat(task["last_done"])
            nxt = last + step
            while nxt <= horizon:
                yield task, nxt, nxt < today
                nxt += step


def to_ics(items):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//cliff-cable-car//maint//EN"]
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    for task, day, overdue in items:
        summary = ("OVERDUE: " if overdue else "") + task["name"]
        lines += [
            "BEGIN:VEVENT",
            f"UID:{uuid.uuid5(uuid.NAMESPACE_URL, task['id'] + day.isoformat())}",
            f"DTSTAMP:{stamp}",
            f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
            f"SUMMARY:{summary}",
            f"DESCRIPTION:{task.get('procedure', '')} (ref {task['id']})",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


class OverdueNotifier:
    """Desktop notice for the engineer on duty when tasks are overdue."""

    title = "Cable car maintenance"

    def __init__(self, items):
        self.overdue = [(t, d) for t, d, o in items if o]

    def body(self):
        shown = self.overdue[:5]
        lines = [f"{t['name']} (due {d:%d %b})" for t, d in shown]
        if len(self.overdue) > len(shown):
            lines.append(f"... and {len(self.overdue) - len(shown)} more")
        return "\n".join(lines)

    def send(self):
        if not self.overdue:
            return
        tool = shutil.which("notify-send")
        if tool is None:
            log.debug("notify-send not available")
            return
        subprocess.run([tool, "--urgency=critical", "--app-name=cc-maint",
                        self.title, self.body()], check=False, timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", help="task register JSON")
    ap.add_argument("-o", "--output", default="maintenance.ics")
    ap.add_argument("--horizon", type=int, default=60, help="days ahead to schedule")
    ap.add_argument("--no-notify", dest="notify", action="store_false")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        reg = TaskRegister(args.register)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("bad task register: %s", exc)
        return 1

    items = sorted(reg.due(args.horizon), key=lambda t: t[1])
    Path(args.output).write_text(to_ics(items), encoding="utf-8")
    overdue = sum(1 for *_, o in items if o)
    log.info("wrote %s: %d tasks, %d overdue", args.output, len(items), overdue)

    if args.notify:
        OverdueNotifier(items).send()
    return 0


if __name__ == "__main__":
    sys.exit(main())
