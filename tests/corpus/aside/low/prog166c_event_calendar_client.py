#!/usr/bin/env python3
"""Publish the club's fly-ins and build nights to the events calendar service.

Reads events from a local JSON file and creates or updates them through the
calendar provider's API. The API key comes from the environment.
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

API_BASE = os.environ.get("CLUBCAL_API_BASE", "https://api.clubcal.example/v2")
CALENDAR_ID = os.environ.get("CLUBCAL_CALENDAR_ID", "kingfisher-mac")

log = logging.getLogger("calendar_client")


class CalendarClient:
    def __init__(self, base: str, calendar_id: str, api_key: str, timeout: int = 15):
        self.base = base.rstrip("/")
        self.calendar_id = calendar_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "kingfisher-calendar-sync/1.3",
        })

    def _url(self, *parts) -> str:
        return "/".join([self.base, "calendars", self.calendar_id, *parts])

    def list_events(self) -> dict:
        resp = self.session.get(self._url("events"), timeout=self.timeout)
        resp.raise_for_status()
        return {e["external_id"]: e for e in resp.json().get("events", []) if "external_id" in e}

    def create(self, event: dict) -> dict:
        resp = self.session.post(self._url("events"), json=event, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def update(self, event_id: str, event: dict) -> dict:
        resp = self.session.patch(self._url("events", event_id), json=event, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_events(path: Path) -> list:
    data = json.loads(path.read_text(encoding="utf-8"))
    events = []
    for item in data:
        events.append({
            "external_id": item["id"],
            "title": item["title"],
            "start": item["start"],
            "end": item.get("end", item["start"]),
            "location": item.get("location", "Club field, Mill Road"),
            "description": item.get("description", ""),
            "public": item.get("public", True),
        })
    return events


def changed(local: dict, remote: dict) -> bool:
    keys = ("title", "start", "end", "location", "description", "public")
    return any(local.get(k) != remote.get(k) for k in keys)


def main():
    parser = argparse.ArgumentParser(description="Sync club events to the calendar")
    parser.add_argument("events_file", type=Path, nargs="?", default=Path("events.json"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CLUBCAL_API_KEY")
    if not api_key:
        log.error("CLUBCAL_API_KEY is not set")
        return 1

    client = CalendarClient(API_BASE, CALENDAR_ID, api_key)
    local_events = load_events(args.events_file)
    try:
        remote = client.list_events()
    except requests.RequestException as exc:
        log.error("cannot reach calendar: %s", exc)
        return 2

    created = updated = 0
    for event in local_events:
        existing = remote.get(event["external_id"])
        if existing is None:
            log.info("new: %s (%s)", event["title"], event["start"])
            if not args.dry_run:
                client.create(event)
            created += 1
        elif changed(event, existing):
            log.info("update: %s", event["title"])
            if not args.dry_run:
                client.update(existing["id"], event)
            updated += 1

    log.info("%d created, %d updated, %d unchanged",
             created, updated, len(local_events) - created - updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
