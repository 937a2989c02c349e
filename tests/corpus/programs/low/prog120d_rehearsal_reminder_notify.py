#!/usr/bin/env python3
"""Post rehearsal reminders for the choir to the members' chat channel.

Reads rehearsals.json, e.g.

    [{"date": "2024-03-12", "start": "19:30", "venue": "St Mary's Hall",
      "section": "full", "pieces": ["Zadok the Priest", "Locus iste"]}]

and posts a reminder to the chat webhook in REMINDER_WEBHOOK_URL for every
rehearsal starting within the lead time. Reminders already sent are tracked in
.reminders_sent.json so running it from the secretary's laptop twice is harmless.
"""

import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("rehearsal-remind")

STATE = Path(".reminders_sent.json")
SECTION_LABEL = {"full": "Full choir", "sop": "Sopranos", "alto": "Altos",
                 "ten": "Tenors", "bass": "Basses"}


def load_rehearsals(path):
    items = json.loads(Path(path).read_text(encoding="utf-8"))
    for item in items:
        item["when"] = datetime.strptime(f"{item['date']} {item['start']}", "%Y-%m-%d %H:%M")
    return sorted(items, key=lambda r: r["when"])


def load_state():
    try:
        return set(json.loads(STATE.read_text()))
    except (FileNotFoundError, json.JSONDecodeError):
        return set()


def save_state(sent):
    STATE.write_text(json.dumps(sorted(sent)))


def due(rehearsals, lead, now=None):
    now = now or datetime.now()
    for r in rehearsals:
        if now <= r["when"] <= now + lead:
            yield r


def format_message(r):
    who = SECTION_LABEL.get(r.get("section", "full"), r.get("section", ""))
    pieces = ", ".join(r.get("pieces", [])) or "see the folder"
    return (f"Reminder: {who} rehearsal {r['when']:%A %d %B} at {r['when']:%H:%M}, "
            f"{r['venue']}. Please bring: {pieces}.")


def post(webhook, text, retries=3):
    data = json.dumps({"text": text}).encode("utf-8")
    req = urllib.request.Request(webhook, data=data, headers={"Content-Type": "application/json"})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.status
        except urllib.error.URLError as exc:
            log.warning("post failed (%s), retrying", exc)
            time.sleep(5 * (attempt + 1))
    raise RuntimeError("could not reach chat webhook")


def run_once(args, webhook):
    try:
        rehearsals = load_rehearsals(args.schedule)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read schedule %s: %s", args.schedule, exc)
        return 2
    sent = load_state()
    for r in due(rehearsals, timedelta(hours=args.lead_hours)):
        key = f"{r['date']}T{r['start']}/{r.get('section', 'full')}"
        if key in sent:
            continue
        msg = format_message(r)
        if args.dry_run:
            print(msg)
            continue
        post(webhook, msg)
        log.info("sent reminder for %s", key)
        sent.add(key)
    save_state(sent)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send choir rehearsal reminders")
    ap.add_argument("--schedule", default="rehearsals.json")
    ap.add_argument("--lead-hours", type=float, default=26)
    ap.add_argument("--loop", action="store_true", help="keep running, checking every --interval")
    ap.add_argument("--interval", type=int, default=1800)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    webhook = os.environ.get("REMINDER_WEBHOOK_URL")
    if not webhook and not args.dry_run:
        log.error("REMINDER_WEBHOOK_URL is not set")
        return 2

    if not args.loop:
        return run_once(args, webhook)
    while True:
        try:
            run_once(args, webhook)
        except RuntimeError as exc:
            log.error("%s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
