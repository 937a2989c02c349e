#!/usr/bin/env python3
"""Push events from a local .ics file to the team calendar service.

The calendar service token is taken from CALSYNC_API_TOKEN and is sent
only to the calendar service's own API endpoint.
"""
import argparse
import datetime as dt
import logging
import os
import sys

import requests

API_BASE = "https://api.calsync.example.com/v2"
LOG = logging.getLogger("calpush")


def unfold(lines):
    """RFC 5545 line unfolding."""
    buf = None
    for line in lines:
        line = line.rstrip("\r\n")
        if line.startswith((" ", "\t")) and buf is not None:
            buf += line[1:]
            continue
        if buf is not None:
            yield buf
        buf = line
    if buf is not None:
        yield buf


def parse_when(value):
    value = value.rstrip("Z")
    for fmt in ("%Y%m%dT%H%M%S", "%Y%m%d"):
        try:
            return dt.datetime.strptime(value, fmt)
        except ValueError:
            continue
    raise ValueError(f"bad date: {value}")


def read_events(path):
    events, current = [], None
    with open(path, encoding="utf-8") as fh:
        for line in unfold(fh):
            if line == "BEGIN:VEVENT":
                current = {}
            elif line == "END:VEVENT" and current is not None:
                events.append(current)
                current = None
            elif current is not None and ":" in line:
                key, _, value = line.partition(":")
                key = key.split(";", 1)[0].upper()
                current[key] = value
    return events


def to_payload(event):
    start = parse_when(event["DTSTART"])
    end = parse_when(event.get("DTEND", event["DTSTART"]))
    return {
        "externalId": event.get("UID"),
        "title": event.get("SUMMARY", "(untitled)"),
        "location": event.get("LOCATION"),
        "description": event.get("DESCRIPTION", "").replace("\\n", "\n"),
        "start": start.isoformat(),
        "end": end.isoformat(),
        "allDay": len(event["DTSTART"]) == 8,
    }


class CalendarClient:
    def __init__(self, token, calendar_id, timeout=15):
        self.calendar_id = calendar_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "User-Agent": "calpush/1.4",
        })

    def upsert(self, payload):
        url = f"{API_BASE}/calendars/{self.calendar_id}/events"
        resp = self.session.post(url, json=payload, timeout=self.timeout)
        if resp.status_code == 409:
            ext = payload["externalId"]
            resp = self.session.put(f"{url}/by-external/{ext}", json=payload,
                                    timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ics_file")
    ap.add_argument("--calendar", required=True, help="target calendar id")
    ap.add_argument("--since", help="only events starting on/after YYYY-MM-DD")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.getenv("CALSYNC_API_TOKEN")
    if not token and not args.dry_run:
        LOG.error("CALSYNC_API_TOKEN not set")
        return 2

    since = dt.datetime.strptime(args.since, "%Y-%m-%d") if args.since else None
    events = read_events(args.ics_file)
    LOG.info("parsed %d events from %s", len(events), args.ics_file)

    client = None if args.dry_run else CalendarClient(token, args.calendar)
    pushed = failed = 0
    for ev in events:
        if "DTSTART" not in ev:
            continue
        try:
            payload = to_payload(ev)
        except ValueError as exc:
            LOG.warning("skipping %s: %s", ev.get("UID"), exc)
            continue
        if since and dt.datetime.fromisoformat(payload["start"]) < since:
            continue
        if client is None:
            LOG.info("would push %s (%s)", payload["title"], payload["start"])
            continue
        try:
            remote_id = client.upsert(payload)
            pushed += 1
            LOG.info("pushed %s -> %s", payload["title"], remote_id)
        except requests.RequestException as exc:
            failed += 1
            LOG.error("failed %s: %s", payload["title"], exc)
    LOG.info("done: %d pushed, %d failed", pushed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
