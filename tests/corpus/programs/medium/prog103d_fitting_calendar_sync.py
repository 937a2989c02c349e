#!/usr/bin/env python3
"""Sync bridal fitting appointments from the booking portal into the shop's
local calendar file.

Bookings are pulled from the portal every few minutes, compared against a
local cache so unchanged appointments are not rewritten, and exported as an
ICS file the front-desk calendar app subscribes to.
"""

import argparse
import json
import logging
import os
import pickle
import time
from datetime import datetime, timedelta
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

log = logging.getLogger("fitting-sync")

DEFAULTS = {
    "portal_url": "https://bookings.ivorylacebridal.com/api/v2/fittings",
    "calendar_path": "fittings.ics",
    "cache_path": ".fitting_cache.pkl",
    "poll_seconds": 300,
    "shop_id": "ILB-0042",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class BookingCache:
    def __init__(self, path):
        self.path = Path(path)
        self.entries = {}
        if self.path.exists():
            try:
                with open(self.path, "rb") as fh:
                    self.entries = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def changed(self, booking):
        key = booking["id"]
        stamp = booking.get("updated_at")
        if self.entries.get(key) == stamp:
            return False
        self.entries[key] = stamp
        return True

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh)


def fetch_bookings(url, token, days_ahead=21):
    since = datetime.utcnow().date().isoformat()
    until = (datetime.utcnow() + timedelta(days=days_ahead)).date().isoformat()
    req = Request(f"{url}?from={since}&to={until}",
                  headers={"Authorization": f"Bearer {token}",
                           "Accept": "application/json"})
    for attempt in range(3):
        try:
            with urlopen(req, timeout=20) as resp:
                return json.load(resp)["appointments"]
        except (HTTPError, URLError) as exc:
            log.warning("portal fetch failed (%s), attempt %d", exc, attempt + 1)
            time.sleep(5 * (attempt + 1))
    return []


def to_vevent(b):
    start = datetime.fromisoformat(b["start"])
    end = start + timedelta(minutes=b.get("duration_min", 60))
    fmt = "%Y%m%dT%H%M%S"
    summary = f"{b.get('kind', 'Fitting')}: {b['bride_name']}"
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{b['id']}@ivorylace",
        f"DTSTART:{start.strftime(fmt)}",
        f"DTEND:{end.strftime(fmt)}",
        f"SUMMARY:{summary}",
        f"DESCRIPTION:Gown {b.get('gown_ref', '-')} / stylist {b.get('stylist', '-')}",
        "END:VEVENT",
    ])


def write_calendar(path, bookings):
    body = "\r\n".join(to_vevent(b) for b in bookings)
    text = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//IvoryLace//Fittings//EN\r\n{body}\r\nEND:VCALENDAR\r\n"
    Path(path).write_text(text, encoding="utf-8")


def sync_once(cfg, cache, token):
    bookings = fetch_bookings(cfg["portal_url"], token)
    changed = [b for b in bookings if cache.changed(b)]
    if changed or not Path(cfg["calendar_path"]).exists():
        write_calendar(cfg["calendar_path"], bookings)
        log.info("calendar updated: %d bookings, %d changed", len(bookings), len(changed))
    cache.save()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="fitting_sync.json")
    ap.add_argument("--once", action="store_true", help="sync once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("IVORYLACE_PORTAL_TOKEN")
    if not token:
        raise SystemExit("IVORYLACE_PORTAL_TOKEN is not set")

    cache = BookingCache(cfg["cache_path"])
    while True:
        sync_once(cfg, cache, token)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
