#!/usr/bin/env python3
"""Push the tour schedule to the booking service.

Reads schedule.json (a list of show dates with venue, get-in time and
show times), validates it, compares with what the booking API already
holds, and posts any new or changed dates. The API key is read from the
TOURBOOK_API_KEY environment variable and is only ever sent to the API.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import datetime

API_BASE = "https://api.example.com/v1"
LOG = logging.getLogger("schedule_push")
REQUIRED = ("date", "venue", "city", "get_in", "shows")


class ScheduleError(Exception):
    pass


class BookingClient:
    def __init__(self, base: str, api_key: str, timeout: float = 15.0):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _request(self, method: str, path: str, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.api_key}")
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = resp.read()
            return json.loads(body) if body else None

    def existing_dates(self, tour_id: str) -> dict:
        items = self._request("GET", f"/tours/{tour_id}/dates") or []
        return {item["date"]: item for item in items}

    def upsert_date(self, tour_id: str, entry: dict):
        return self._request("PUT", f"/tours/{tour_id}/dates/{entry['date']}", entry)


def load_schedule(path: str) -> list:
    with open(path, encoding="utf-8") as fh:
        entries = json.load(fh)
    if not isinstance(entries, list):
        raise ScheduleError("schedule must be a JSON list")
    for i, entry in enumerate(entries):
        missing = [k for k in REQUIRED if k not in entry]
        if missing:
            raise ScheduleError(f"entry {i} missing {', '.join(missing)}")
        datetime.strptime(entry["date"], "%Y-%m-%d")
        if not entry["shows"]:
            raise ScheduleError(f"entry {i} ({entry['date']}) has no show times")
    return entries


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Push tour dates to the booking API")
    ap.add_argument("tour_id")
    ap.add_argument("--schedule", default="schedule.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("TOURBOOK_API_KEY")
    if not api_key:
        LOG.error("TOURBOOK_API_KEY is not set")
        return 2

    try:
        entries = load_schedule(args.schedule)
    except (OSError, ValueError, ScheduleError) as exc:
        LOG.error("bad schedule: %s", exc)
        return 2

    client = BookingClient(API_BASE, api_key, timeout=args.timeout)
    try:
        remote = client.existing_dates(args.tour_id)
    except urllib.error.URLError as exc:
        LOG.error("could not reach booking API: %s", exc)
        return 1

    changed = [e for e in entries if remote.get(e["date"]) != e]
    LOG.info("%d dates in file, %d already current, %d to push",
             len(entries), len(entries) - len(changed), len(changed))
    failures = 0
    for entry in changed:
        if args.dry_run:
            LOG.info("would push %s %s", entry["date"], entry["venue"])
            continue
        try:
            client.upsert_date(args.tour_id, entry)
            LOG.info("pushed %s %s (%s)", entry["date"], entry["venue"], entry["city"])
        except urllib.error.HTTPError as exc:
            failures += 1
            LOG.error("%s rejected: HTTP %s", entry["date"], exc.code)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
