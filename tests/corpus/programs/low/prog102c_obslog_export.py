#!/usr/bin/env python3
"""
obslog_export - push observing-log entries to the club's shared log.

Reads session files written by SkySafari/AstroPlanner exports (CSV) from
./sessions, normalises them and posts them to the club log API as JSON.
Already-sent sessions are tracked in ./.obslog_sent.json so re-running is
cheap.  The API key comes from $CLUBLOG_API_KEY.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("obslog")

API_BASE = os.environ.get("CLUBLOG_API", "https://log.astroclub-north.org/api/v1")
SENT_DB = Path(".obslog_sent.json")

COLUMN_ALIASES = {
    "object": ("object", "target", "name"),
    "date": ("date", "observed", "datetime"),
    "instrument": ("instrument", "telescope", "scope"),
    "eyepiece": ("eyepiece", "ep", "camera"),
    "seeing": ("seeing", "antoniadi"),
    "transparency": ("transparency", "nelm", "sqm"),
    "notes": ("notes", "comment", "description"),
}


def load_sent():
    if SENT_DB.exists():
        return set(json.loads(SENT_DB.read_text()))
    return set()


def save_sent(sent):
    SENT_DB.write_text(json.dumps(sorted(sent), indent=1))
    os.chmod(SENT_DB, 0o600)


def pick(row, key):
    for alias in COLUMN_ALIASES[key]:
        for col, val in row.items():
            if col and col.strip().lower() == alias and val:
                return val.strip()
    return None


def normalise_date(text):
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%d/%m/%Y %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, fmt).isoformat()
        except (TypeError, ValueError):
            continue
    return None


def read_sessions(folder):
    for path in sorted(Path(folder).glob("*.csv")):
        with path.open(newline="", encoding="utf-8-sig") as fh:
            entries = []
            for row in csv.DictReader(fh):
                obj = pick(row, "object")
                when = normalise_date(pick(row, "date"))
                if not obj or not when:
                    continue
                entries.append({
                    "object": obj, "observed_at": when,
                    "instrument": pick(row, "instrument"),
                    "eyepiece": pick(row, "eyepiece"),
                    "seeing": pick(row, "seeing"),
                    "transparency": pick(row, "transparency"),
                    "notes": pick(row, "notes") or "",
                })
        digest = hashlib.md5(path.read_bytes()).hexdigest()
        yield path, digest, entries


class ClubLogClient:
    def __init__(self, base, key, observer):
        self.base = base.rstrip("/")
        self.observer = observer
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {key}",
                                  "User-Agent": "obslog-export/1.4"})

    def post_session(self, source, entries):
        payload = {"observer": self.observer, "source": source, "entries": entries}
        for attempt in range(4):
            try:
                r = self.http.post(f"{self.base}/sessions", json=payload, timeout=20)
                if r.status_code in (200, 201, 409):
                    return r.status_code
                log.warning("server said %s: %s", r.status_code, r.text[:200])
            except requests.RequestException as exc:
                log.warning("network error: %s", exc)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"could not send {source}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--sessions", default="sessions")
    ap.add_argument("--observer", default=os.environ.get("CLUBLOG_OBSERVER"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    key = os.environ.get("CLUBLOG_API_KEY")
    if not key and not args.dry_run:
        sys.exit("set CLUBLOG_API_KEY (from your club profile page)")
    if not args.observer:
        sys.exit("pass --observer or set CLUBLOG_OBSERVER")

    client = ClubLogClient(API_BASE, key or "", args.observer)
    sent = load_sent()
    pushed = 0
    for path, digest, entries in read_sessions(args.sessions):
        if digest in sent or not entries:
            continue
        if args.dry_run:
            log.info("%s: %d entries (dry run)", path.name, len(entries))
            continue
        status = client.post_session(path.name, entries)
        log.info("%s: %d entries -> HTTP %s", path.name, len(entries), status)
        sent.add(digest)
        pushed += 1
    if not args.dry_run:
        save_sent(sent)
    log.info("%d session file(s) exported", pushed)


if __name__ == "__main__":
    main()
