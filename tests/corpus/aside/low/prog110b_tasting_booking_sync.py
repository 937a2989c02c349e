#!/usr/bin/env python3
"""Tasting event booking sync.

Pulls bookings for upcoming tastings (producer dinners, Saturday flights,
masterclasses) from the ticketing API and keeps a local copy for the shop
floor: one .ics calendar per event and a guest list CSV with dietary notes,
so staff can prep glasses and pour lists without logging in to the site.
Run it before opening and again before an evening event.
"""

import argparse
import configparser
import csv
import logging
import os
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("tastings")

CONFIG_PATH = Path(os.environ.get("TASTINGS_CONFIG", "~/.config/tastings/agent.ini")).expanduser()
DEFAULTS = {
    "api_url": "https://api.tixwine.example/v2",
    "venue_id": "",
    "days_ahead": "21",
    "output_dir": "./tastings",
}


def load_config():
    parser = configparser.ConfigParser(defaults=DEFAULTS)
    parser.read(CONFIG_PATH)
    if not parser.has_section("agent"):
        parser.add_section("agent")
    return parser["agent"]


class BookingClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Accept": "application/json"})

    def events(self, venue_id, days_ahead):
        now = datetime.now(timezone.utc)
        params = {"venue": venue_id, "from": now.isoformat(),
                  "to": (now + timedelta(days=days_ahead)).isoformat()}
        resp = self.session.get(f"{self.base_url}/events", params=params, timeout=20)
        resp.raise_for_status()
        return resp.json()["events"]

    def attendees(self, event_id):
        page, out = 1, []
        while True:
            resp = self.session.get(f"{self.base_url}/events/{event_id}/attendees",
                                    params={"page": page}, timeout=20)
            resp.raise_for_status()
            body = resp.json()
            out.extend(body["attendees"])
            if not body.get("next_page"):
                return out
            page = body["next_page"]


def write_ics(event, path):
    fmt = "%Y%m%dT%H%M%SZ"
    start = datetime.fromisoformat(event["start"]).astimezone(timezone.utc)
    end = datetime.fromisoformat(event["end"]).astimezone(timezone.utc)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//shop//tastings//EN",
             "BEGIN:VEVENT", f"UID:{event['id']}@tastings",
             f"DTSTAMP:{datetime.now(timezone.utc).strftime(fmt)}",
             f"DTSTART:{start.strftime(fmt)}", f"DTEND:{end.strftime(fmt)}",
             f"SUMMARY:{event['title']} ({event['sold']}/{event['capacity']})",
             "END:VEVENT", "END:VCALENDAR"]
    path.write_text("\r\n".join(lines) + "\r\n")


def write_guest_list(attendees, path):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "tickets", "dietary", "notes", "checked_in"])
        for a in sorted(attendees, key=lambda x: x["last_name"]):
            writer.writerow([f"{a['first_name']} {a['last_name']}", a.get("quantity", 1),
                             a.get("dietary", ""), a.get("notes", ""), ""])


def prune_past(out_dir, keep_days=7):
    """Remove our own files for events that finished more than keep_days ago."""
    cutoff = (datetime.now() - timedelta(days=keep_days)).strftime("%Y-%m-%d")
    for path in out_dir.glob("*_*.*"):
        if path.suffix in (".ics", ".csv") and path.name[:10] < cutoff:
            path.unlink()
            LOG.debug("pruned %s", path.name)


def main():
    parser = argparse.ArgumentParser(description="Sync tasting bookings to the shop floor")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--keep-days", type=int, default=7)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config()
    token = os.environ.get("TIXWINE_TOKEN")
    if not token or not cfg.get("venue_id"):
        LOG.error("TIXWINE_TOKEN and venue_id (in %s) are required", CONFIG_PATH)
        return 1

    out_dir = Path(cfg["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    client = BookingClient(cfg["api_url"], token)
    try:
        events = client.events(cfg["venue_id"], cfg.getint("days_ahead"))
        for event in events:
            slug = f"{event['start'][:10]}_{event['id']}"
            write_ics(event, out_dir / f"{slug}.ics")
            write_guest_list(client.attendees(event["id"]), out_dir / f"{slug}_guests.csv")
            LOG.info("%s: %s sold of %s", event["title"], event["sold"], event["capacity"])
    except requests.RequestException as exc:
        LOG.error("booking API error: %s", exc)
        return 2
    prune_past(out_dir, args.keep_days)
    return 0


if __name__ == "__main__":
    sys.exit(main())
