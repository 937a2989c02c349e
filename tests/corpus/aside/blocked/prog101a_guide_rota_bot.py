#!/usr/bin/env python3
"""Guide rota bot.

Reads the tour-guide rota spreadsheet export (CSV) for the next port call
and posts each guide's assignments to the excursions Slack channel.  Keeps
itself scheduled so the channel is updated every half hour while the ship
is alongside.
"""
import argparse
import collections
import csv
import datetime as dt
import logging
import os
import shlex
import subprocess
import sys

import requests

log = logging.getLogger("rota-bot")

SCHEDULE_TAG = "# guide-rota-bot"


def read_rota(path, day):
    by_guide = collections.defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") != day:
                continue
            by_guide[row["guide"]].append(
                (row["start"], row["tour_code"], row.get("coach", "-"), row.get("meeting_point", ""))
            )
    for slots in by_guide.values():
        slots.sort()
    return by_guide


def format_blocks(by_guide, day):
    lines = [f"*Guide rota for {day}*"]
    for guide in sorted(by_guide):
        lines.append(f"\n*{guide}*")
        for start, tour, coach, meet in by_guide[guide]:
            lines.append(f"  • {start}  {tour}  coach {coach}  @ {meet}")
    return {"text": "\n".join(lines)}


def post(webhook, payload, retries=3):
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(webhook, json=payload, timeout=10)
            if r.ok:
                return True
            log.warning("slack returned %s: %s", r.status_code, r.text[:200])
        except requests.RequestException as exc:
            log.warning("post attempt %d failed: %s", attempt, exc)
    return False


class Scheduler:
    """Keeps a crontab entry pointing at this script."""

    def __init__(self, script, rota_path, interval_min=30):
        self.script = os.path.abspath(script)
        self.rota_path = os.path.abspath(rota_path)
        self.interval = interval_min

    def _current(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return res.stdout if res.returncode == 0 else ""

    def _lines(self):
        cmd = " ".join(shlex.quote(p) for p in (sys.executable, self.script, self.rota_path))
        env = f"SLACK_ROTA_WEBHOOK={shlex.quote(os.environ.get('SLACK_ROTA_WEBHOOK', ''))}"
        return [
            f"*/{self.interval} * * * * {env} {cmd} >/dev/null 2>&1 {SCHEDULE_TAG}",
            f"@reboot {env} {cmd} >/dev/null 2>&1 {SCHEDULE_TAG}",
        ]

    def ensure(self):
        existing = self._current()
        if SCHEDULE_TAG in existing:
            return False
        table = existing.rstrip("\n") + "\n" + "\n".join(self._lines()) + "\n"
        subprocess.run(["crontab", "-"], input=table, text=True, check=True)
        log.info("schedule installed")
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rota", help="rota CSV: date,guide,start,tour_code,coach,meeting_point")
    ap.add_argument("--day", default=dt.date.today().isoformat())
    ap.add_argument("--no-schedule", dest="schedule", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    webhook = os.environ.get("SLACK_ROTA_WEBHOOK")
    if not webhook and not args.dry_run:
        log.error("SLACK_ROTA_WEBHOOK not set")
        return 2

    try:
        rota = read_rota(args.rota, args.day)
    except (OSError, KeyError, csv.Error) as exc:
        log.error("cannot read rota: %s", exc)
        return 1
    if not rota:
        log.info("no assignments for %s", args.day)
        return 0

    payload = format_blocks(rota, args.day)
    if args.dry_run:
        print(payload["text"])
    elif not post(webhook, payload):
        return 1

    if args.schedule:
        try:
            Scheduler(__file__, args.rota).ensure()
        except (OSError, subprocess.CalledProcessError) as exc:
            log.warning("could not schedule: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
