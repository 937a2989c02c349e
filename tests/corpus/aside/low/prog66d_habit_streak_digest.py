#!/usr/bin/env python3
"""Weekly habit digest for the habit-tracking Telegram bot.

Reads the check-in log written by the bot (habits.csv: date,habit,done),
computes current and best streaks plus this week's completion rate per
habit, and sends a short encouraging summary to the user's chat.

Environment:
    HABIT_BOT_TOKEN   Telegram bot token
    HABIT_CHAT_ID     chat to post the digest to
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("habit-digest")

TELEGRAM_API = "https://api.telegram.org"


def read_checkins(path):
    done = defaultdict(set)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                day = date.fromisoformat(row["date"].strip())
            except (KeyError, ValueError):
                log.debug("skipping malformed row %r", row)
                continue
            if row.get("done", "").strip().lower() in {"1", "yes", "true", "y"}:
                done[row["habit"].strip()].add(day)
    return done


def streaks(days, today):
    if not days:
        return 0, 0
    ordered = sorted(days)
    best = run = 1
    for prev, cur in zip(ordered, ordered[1:]):
        run = run + 1 if cur - prev == timedelta(days=1) else 1
        best = max(best, run)
    current = 0
    cursor = today if today in days else today - timedelta(days=1)
    while cursor in days:
        current += 1
        cursor -= timedelta(days=1)
    return current, best


def week_rate(days, today):
    start = today - timedelta(days=6)
    hits = sum(1 for d in days if start <= d <= today)
    return hits / 7


def build_digest(done, today):
    if not done:
        return "No check-ins this week. A fresh start is always available!"
    lines = [f"Habit digest for the week ending {today:%A %d %B}"]
    for habit in sorted(done):
        current, best = streaks(done[habit], today)
        rate = week_rate(done[habit], today)
        bar = "#" * round(rate * 7) + "." * (7 - round(rate * 7))
        note = " - new record!" if current and current == best and best > 2 else ""
        lines.append(f"{habit}: [{bar}] {rate:.0%}, streak {current} (best {best}){note}")
    return "\n".join(lines)


def send_telegram(token, chat_id, text, retries=3):
    url = f"{TELEGRAM_API}/bot{token}/sendMessage"
    body = json.dumps({"chat_id": chat_id, "text": text, "disable_notification": False}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                reply = json.load(resp)
            if reply.get("ok"):
                return True
            log.warning("telegram refused the message: %s", reply.get("description"))
            return False
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("send failed (%s), attempt %d/%d", exc, attempt, retries)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", default="habits.csv", help="check-in CSV")
    ap.add_argument("--today", type=date.fromisoformat, default=date.today())
    ap.add_argument("--print", dest="print_only", action="store_true", help="print instead of sending")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.log).exists():
        log.error("no check-in log at %s", args.log)
        return 2
    digest = build_digest(read_checkins(args.log), args.today)

    if args.print_only:
        print(digest)
        return 0

    token = os.environ.get("HABIT_BOT_TOKEN")
    chat_id = os.environ.get("HABIT_CHAT_ID")
    if not token or not chat_id:
        log.error("HABIT_BOT_TOKEN and HABIT_CHAT_ID must be set (or use --print)")
        return 1
    return 0 if send_telegram(token, chat_id, digest) else 1


if __name__ == "__main__":
    sys.exit(main())
