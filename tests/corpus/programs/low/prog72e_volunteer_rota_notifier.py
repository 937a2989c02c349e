#!/usr/bin/env python3
"""Weekly volunteer rota notifier for the Eastside Food Pantry Slack workspace.

Reads the rota spreadsheet export (CSV), works out who is on which shift for
the coming week and posts a summary to the #volunteers channel. Meant to be
run from the deploy box every Sunday evening.

    SLACK_BOT_TOKEN=xoxb-... python3 volunteer_rota_notifier.py --rota rota.csv
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import platform
import socket
import sys
from collections import defaultdict

log = logging.getLogger("rotabot")

SLACK_HOST = "slack.com"
DEFAULT_CHANNEL = "#volunteers"
RUN_LOG = "rotabot-runs.jsonl"


def load_rota(path):
    shifts = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                day = dt.date.fromisoformat(row["date"].strip())
            except (KeyError, ValueError):
                log.warning("skipping row with bad date: %r", row)
                continue
            shifts[day].append((row.get("shift", "").strip(), row.get("name", "").strip()))
    return shifts


def week_window(today=None):
    today = today or dt.date.today()
    start = today + dt.timedelta(days=(7 - today.weekday()) % 7 or 7)
    return [start + dt.timedelta(days=i) for i in range(7)]


def format_summary(shifts, days):
    lines = ["*Volunteer rota for the week of %s*" % days[0].strftime("%d %b")]
    for day in days:
        entries = shifts.get(day, [])
        if not entries:
            lines.append("• %s: _nobody yet - please sign up!_" % day.strftime("%a"))
            continue
        by_shift = defaultdict(list)
        for shift, name in entries:
            by_shift[shift or "any"].append(name)
        parts = ["%s: %s" % (s, ", ".join(sorted(n))) for s, n in sorted(by_shift.items())]
        lines.append("• %s — %s" % (day.strftime("%a"), "; ".join(parts)))
    return "\n".join(lines)


class RotaNotifier:
    def __init__(self, token, channel, record_runs=True, dry_run=False):
        self.token = token
        self.channel = channel
        self.record_runs = record_runs
        self.dry_run = dry_run

    def _run_context(self):
        return {
            "at": dt.datetime.now().isoformat(timespec="seconds"),
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "channel": self.channel,
        }

    def _record(self, status):
        entry = dict(self._run_context(), status=status)
        with open(RUN_LOG, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")

    def post(self, text):
        if self.dry_run:
            print(text)
            return True
        conn = http.client.HTTPSConnection(SLACK_HOST, timeout=15)
        payload = json.dumps({"channel": self.channel, "text": text, "mrkdwn": True})
        headers = {
            "Authorization": "Bearer %s" % self.token,
            "Content-Type": "application/json; charset=utf-8",
        }
        try:
            conn.request("POST", "/api/chat.postMessage", body=payload, headers=headers)
            data = json.loads(conn.getresponse().read() or b"{}")
        finally:
            conn.close()
        if not data.get("ok"):
            log.error("slack refused the message: %s", data.get("error"))
            return False
        return True

    def run(self, shifts):
        summary = format_summary(shifts, week_window())
        ok = self.post(summary)
        if self.record_runs:
            try:
                self._record("ok" if ok else "failed")
            except OSError as exc:
                log.debug("could not write run log: %s", exc)
        return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rota", default="rota.csv", help="CSV export with date,shift,name")
    ap.add_argument("--channel", default=DEFAULT_CHANNEL)
    ap.add_argument("--no-run-log", dest="record_runs", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token and not args.dry_run:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2
    try:
        shifts = load_rota(args.rota)
    except FileNotFoundError:
        log.error("rota file %s not found", args.rota)
        return 1

    bot = RotaNotifier(token, args.channel, record_runs=args.record_runs, dry_run=args.dry_run)
    return 0 if bot.run(shifts) else 1


if __name__ == "__main__":
    sys.exit(main())
