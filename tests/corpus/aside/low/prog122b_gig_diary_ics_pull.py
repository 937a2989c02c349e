#!/usr/bin/env python3
"""gigdiary-pull: keep a local CSV gig diary in step with the GigBook calendar.

Pulls the musician's published ICS feed, normalises each VEVENT into a diary
row (date, call time, venue, client, fee note) and rewrites gig_diary.csv in
the current directory.  Runs once or keeps watching the feed.

Config lives in ~/.config/gigdiary/config.json and is merged over DEFAULTS.
"""
import argparse
import csv
import json
import logging
import os
import re
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("gigdiary")

CONFIG_PATH = Path.home() / ".config" / "gigdiary" / "config.json"
DEFAULTS = {
    "calendar_url": "https://calendar.gigbook.app/feeds/{user}.ics",
    "user": os.environ.get("GIGBOOK_USER", "harp"),
    "diary_file": "gig_diary.csv",
    "interval": 900,
    "timeout": 20,
}
FIELDS = ["date", "call_time", "venue", "client", "summary", "notes"]


def load_config(path=CONFIG_PATH):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path.exists():
        try:
            user_cfg = json.loads(path.read_text())
        except ValueError as exc:
            log.warning("ignoring unreadable config %s: %s", path, exc)
            return cfg
        for key, value in user_cfg.items():
            if key in cfg:
                cfg[key] = value
            else:
                log.debug("unknown config key %s", key)
    return cfg


def unfold(text):
    """RFC 5545 line unfolding."""
    return re.sub(r"\r?\n[ \t]", "", text)


def parse_events(ics_text):
    events, current = [], None
    for line in unfold(ics_text).splitlines():
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT" and current is not None:
            events.append(current)
            current = None
        elif current is not None and ":" in line:
            key, _, value = line.partition(":")
            current[key.split(";")[0]] = value.replace("\\,", ",").replace("\\n", " ")
    return events


def to_row(event):
    start = event.get("DTSTART", "")
    try:
        dt = datetime.strptime(start[:15], "%Y%m%dT%H%M%S")
        date, call = dt.strftime("%Y-%m-%d"), dt.strftime("%H:%M")
    except ValueError:
        date, call = start[:8], ""
    location = event.get("LOCATION", "")
    venue, _, client = location.partition(" / ")
    return {
        "date": date,
        "call_time": call,
        "venue": venue.strip(),
        "client": client.strip(),
        "summary": event.get("SUMMARY", ""),
        "notes": event.get("DESCRIPTION", "")[:200],
    }


class DiarySync:
    def __init__(self, config):
        self.config = config
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "gigdiary-pull/2.3"

    def feed_url(self):
        return self.config["calendar_url"].format(user=self.config["user"])

    def fetch(self):
        resp = self.session.get(self.feed_url(), timeout=self.config["timeout"])
        resp.raise_for_status()
        return resp.text

    def write_diary(self, rows):
        target = Path(self.config["diary_file"])
        tmp = target.with_suffix(".partial")
        with tmp.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(sorted(rows, key=lambda r: (r["date"], r["call_time"])))
        tmp.replace(target)
        os.chmod(target, 0o600)
        log.info("wrote %d gigs to %s", len(rows), target)

    def sync_once(self):
        rows = [to_row(e) for e in parse_events(self.fetch())]
        self.write_diary(rows)
        return len(rows)

    def run(self, watch):
        while True:
            try:
                self.sync_once()
            except requests.RequestException as exc:
                log.error("feed fetch failed: %s", exc)
            if not watch:
                break
            time.sleep(self.config["interval"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--once", action="store_true", help="sync once and exit")
    ap.add_argument("--user", help="GigBook username (overrides config)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    config = load_config()
    if args.user:
        config["user"] = args.user
    try:
        DiarySync(config).run(watch=not args.once)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
