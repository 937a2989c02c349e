#!/usr/bin/env python3
"""Pull arena and round-pen bookings from the club booking portal into the
yard's local calendar file, so the yard office PC and the tack room tablet
show the same schedule.

Config lives in arena_feed.ini next to this script (or --config).
"""
import argparse
import configparser
import json
import logging
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("arena_feed")

DEFAULT_CONFIG = {
    "api": {
        "base_url": "https://bookings.equiclub-portal.co.uk/api/v3",
        "timeout": "20",
        # the portal sits behind the club's own appliance certificate
        "verify_tls": "no",
    },
    "calendar": {
        "output": "arena_calendar.json",
        "days_ahead": "14",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


class BookingClient:
    def __init__(self, base_url, token, timeout, verify):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = verify
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def bookings(self, club_id, start, end):
        url = f"{self.base_url}/clubs/{club_id}/bookings"
        params = {"from": start.isoformat(), "to": end.isoformat(), "page": 1}
        while True:
            resp = self.session.get(url, params=params, timeout=self.timeout)
            resp.raise_for_status()
            body = resp.json()
            yield from body.get("items", [])
            if not body.get("next_page"):
                break
            params["page"] = body["next_page"]


def normalise(item):
    return {
        "id": item["id"],
        "arena": item.get("resource", {}).get("name", "Main arena"),
        "rider": item.get("customer", {}).get("display_name", "?"),
        "horse": item.get("horse_name") or "",
        "start": item["start"],
        "end": item["end"],
        "lesson": bool(item.get("instructor")),
    }


def write_calendar(path, entries):
    tmp = Path(path).with_suffix(".part")
    tmp.write_text(json.dumps(sorted(entries, key=lambda e: e["start"]), indent=2))
    tmp.replace(path)
    log.info("wrote %d bookings to %s", len(entries), path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(Path(__file__).with_name("arena_feed.ini")))
    ap.add_argument("--club-id", default=os.environ.get("EQUICLUB_ID"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("EQUICLUB_TOKEN")
    if not token or not args.club_id:
        log.error("EQUICLUB_TOKEN and --club-id/EQUICLUB_ID are required")
        return 2

    client = BookingClient(cfg.get("api", "base_url"), token,
                           cfg.getint("api", "timeout"),
                           cfg.getboolean("api", "verify_tls"))
    start = datetime.now().replace(hour=0, minute=0, second=0, microsecond=0)
    end = start + timedelta(days=cfg.getint("calendar", "days_ahead"))

    try:
        entries = [normalise(b) for b in client.bookings(args.club_id, start, end)]
    except requests.RequestException as exc:
        log.error("booking fetch failed: %s", exc)
        return 1

    if args.dry_run:
        for e in entries:
            print(f"{e['start']}  {e['arena']:<14} {e['rider']:<20} {e['horse']}")
    else:
        write_calendar(cfg.get("calendar", "output"), entries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
