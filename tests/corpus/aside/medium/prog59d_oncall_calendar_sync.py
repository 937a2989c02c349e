#!/usr/bin/env python3
"""Push the on-call rota from ./rota.yaml into the team calendar as draft
events. The calendar runs on an internal host with a self-signed cert."""
import argparse
import logging
import os
import sys
from datetime import datetime, timedelta

import requests
import urllib3
import yaml

log = logging.getLogger("rota-sync")


class CalendarClient:
    def __init__(self, base_url, token, calendar_id):
        self.base = base_url.rstrip("/")
        self.calendar_id = calendar_id
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}"})
        self.session.verify = False

    def existing_uids(self, start, end):
        resp = self.session.get(
            f"{self.base}/calendars/{self.calendar_id}/events",
            params={"start": start.isoformat(), "end": end.isoformat()},
            timeout=20,
        )
        resp.raise_for_status()
        return {ev.get("uid") for ev in resp.json().get("events", [])}

    def create_draft(self, event):
        resp = self.session.post(
            f"{self.base}/calendars/{self.calendar_id}/events",
            json={**event, "status": "tentative", "draft": True},
            timeout=20,
        )
        resp.raise_for_status()
        return resp.json().get("id")


def load_rota(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def build_events(rota):
    shift_hours = int(rota.get("shift_hours", 168))
    start = datetime.fromisoformat(str(rota["start"]))
    events = []
    for idx, person in enumerate(rota["engineers"]):
        begin = start + timedelta(hours=shift_hours * idx)
        events.append({
            "uid": f"oncall-{begin:%Y%m%d}-{person['handle']}",
            "title": f"On-call: {person['name']}",
            "start": begin.isoformat(),
            "end": (begin + timedelta(hours=shift_hours)).isoformat(),
            "attendees": [person["email"]],
        })
    return events


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rota", default="rota.yaml")
    ap.add_argument("--base-url", default="https://calendar.corp.internal/api/v1")
    ap.add_argument("--calendar", default="sre-oncall")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    token = os.environ.get("CALENDAR_TOKEN")
    if not token:
        log.error("CALENDAR_TOKEN is not set")
        return 2

    events = build_events(load_rota(args.rota))
    if not events:
        log.info("rota is empty")
        return 0
    client = CalendarClient(args.base_url, token, args.calendar)
    window_start = datetime.fromisoformat(events[0]["start"])
    window_end = datetime.fromisoformat(events[-1]["end"])
    known = client.existing_uids(window_start, window_end)

    created = 0
    for ev in events:
        if ev["uid"] in known:
            continue
        if args.dry_run:
            log.info("would create %s", ev["uid"])
            continue
        client.create_draft(ev)
        created += 1
    log.info("created %d draft events", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
