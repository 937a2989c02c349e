#!/usr/bin/env python3
"""Choir rota reminders for the parish Matrix room.

Reads the term's rota (rota.csv: date, service, section, singer, role)
and posts a reminder to the choir room the evening before each service,
listing who is singing, who reads, and who is on robes. Runs from the
church office PC every hour; a state file stops duplicate posts.

Environment:
    MATRIX_HOMESERVER   e.g. https://matrix.stbarnabas-music.org.uk
    MATRIX_TOKEN        access token of the rota bot account
    MATRIX_ROOM         room id, e.g. !abcdef:stbarnabas-music.org.uk
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("rota-notifier")

STATE_FILE = Path(".rota_state.json")


def load_rota(path):
    services = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = (row["date"], row["service"])
            services[key].append(row)
    return services


def format_reminder(day, service, rows):
    by_section = defaultdict(list)
    duties = []
    for r in rows:
        if r.get("role") and r["role"].lower() != "sing":
            duties.append(f"{r['singer']} ({r['role']})")
        else:
            by_section[r["section"]].append(r["singer"])
    lines = [f"Reminder: {service} on {day:%A %d %B}"]
    for section in ("Soprano", "Alto", "Tenor", "Bass"):
        if by_section.get(section):
            lines.append(f"  {section}: {', '.join(by_section[section])}")
    if duties:
        lines.append("  Duties: " + "; ".join(duties))
    lines.append("Please reply here if you can no longer make it.")
    return "\n".join(lines)


class Matrix:
    def __init__(self, homeserver, token, room):
        self.base = homeserver.rstrip("/")
        self.token = token
        self.room = room

    def send(self, text, attempts=3):
        txn = f"rota{int(time.time() * 1000)}"
        path = "/_matrix/client/v3/rooms/{}/send/m.room.message/{}".format(
            urllib.parse.quote(self.room, safe=""), txn)
        body = json.dumps({"msgtype": "m.text", "body": text}).encode()
        for n in range(1, attempts + 1):
            req = urllib.request.Request(self.base + path, data=body, method="PUT")
            req.add_header("Authorization", f"Bearer {self.token}")
            req.add_header("Content-Type", "application/json")
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    return json.load(resp).get("event_id")
            except urllib.error.HTTPError as exc:
                if exc.code != 429 or n == attempts:
                    raise
                retry_ms = json.load(exc).get("retry_after_ms", 2000)
                time.sleep(retry_ms / 1000)


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(sent):
    STATE_FILE.write_text(json.dumps(sorted(sent)))


def main():
    ap = argparse.ArgumentParser(description="Post choir rota reminders")
    ap.add_argument("--rota", default="rota.csv")
    ap.add_argument("--lead-hours", type=int, default=24)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        matrix = Matrix(os.environ["MATRIX_HOMESERVER"], os.environ["MATRIX_TOKEN"],
                        os.environ["MATRIX_ROOM"])
    except KeyError as exc:
        log.error("missing environment variable %s", exc)
        return 2

    services = load_rota(args.rota)
    sent = load_state()
    now = datetime.now()
    for (day_s, service), rows in sorted(services.items()):
        day = date.fromisoformat(day_s)
        key = f"{day_s}|{service}"
        starts = datetime.combine(day, datetime.min.time())
        if key in sent or not (now <= starts <= now + timedelta(hours=args.lead_hours)):
            continue
        text = format_reminder(day, service, rows)
        if args.dry_run:
            print(text, end="\n\n")
            continue
        try:
            event = matrix.send(text)
            log.info("posted %s (%s)", key, event)
            sent.add(key)
        except OSError as exc:
            log.warning("could not post %s: %s", key, exc)
    save_state(sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
