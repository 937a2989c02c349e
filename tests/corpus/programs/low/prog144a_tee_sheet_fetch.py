#!/usr/bin/env python3
"""Fetch the day's tee sheet and push starter notes back to the booking API.

The starter's hut tablet runs this every few minutes. Responses are cached in
./.teesheet_cache keyed by an MD5 of the request so the tablet still shows
something when the clubhouse Wi-Fi drops.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("tee_sheet")

API_BASE = os.environ.get("TEESHEET_API", "https://booking.example.com/api/v1")
CACHE_DIR = Path(".teesheet_cache")
TIMEOUT = (5, 20)


class TeeSheetClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        # key goes only to the booking API host
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def get_sheet(self, course, day):
        url = f"{self.base}/courses/{course}/teesheet"
        r = self.session.get(url, params={"date": day}, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json()

    def post_note(self, course, slot_id, note):
        url = f"{self.base}/courses/{course}/slots/{slot_id}/notes"
        r = self.session.post(url, json={"note": note, "source": "starter"}, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json()


def cache_path(course, day):
    key = hashlib.md5(f"{course}|{day}".encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def write_cache(course, day, data):
    CACHE_DIR.mkdir(exist_ok=True)
    p = cache_path(course, day)
    p.write_text(json.dumps(data))
    os.chmod(p, 0o600)


def read_cache(course, day):
    p = cache_path(course, day)
    if p.exists():
        try:
            return json.loads(p.read_text())
        except ValueError:
            log.warning("corrupt cache entry %s", p.name)
    return None


def print_sheet(sheet):
    for slot in sheet.get("slots", []):
        names = ", ".join(p.get("name", "?") for p in slot.get("players", []))
        flag = " *" if slot.get("buggy") else ""
        print(f"{slot.get('time', '--:--')}  {names or '(open)'}{flag}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--course", default="championship")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--note", nargs=2, metavar=("SLOT_ID", "TEXT"),
                    help="attach a starter note to a slot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("TEESHEET_API_KEY")
    if not api_key:
        log.error("TEESHEET_API_KEY is not set")
        return 2
    client = TeeSheetClient(API_BASE, api_key)

    if args.note:
        try:
            client.post_note(args.course, args.note[0], args.note[1])
            log.info("note saved on slot %s", args.note[0])
        except requests.RequestException as exc:
            log.error("could not save note: %s", exc)
            return 1

    try:
        sheet = client.get_sheet(args.course, args.date)
        write_cache(args.course, args.date, sheet)
    except requests.RequestException as exc:
        log.warning("live fetch failed (%s), using cache", exc)
        sheet = read_cache(args.course, args.date)
        if sheet is None:
            log.error("no cached tee sheet for %s", args.date)
            return 1
    print_sheet(sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
