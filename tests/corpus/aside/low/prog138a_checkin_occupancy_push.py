#!/usr/bin/env python3
"""Publish live gym occupancy to the booking platform.

Counts turnstile entries and exits for today from the local check-in log,
and posts the current head count to the booking platform's occupancy API so
the "how busy is it" widget on the website stays current.
The API key comes from the environment and is only ever sent to that API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import datetime

import requests

log = logging.getLogger("occupancy")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://api.example.com/v2")
CAPACITY = int(os.environ.get("GYM_CAPACITY", "180"))


class BookingAPI:
    def __init__(self, base, key, timeout=10):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "User-Agent": "gym-occupancy/1.4",
        })
        self.timeout = timeout

    def healthy(self):
        try:
            r = self.session.get(f"{self.base}/health", timeout=self.timeout)
            return r.status_code == 200
        except requests.RequestException as exc:
            log.warning("health check failed: %s", exc)
            return False

    def push(self, site, count, capacity):
        body = {
            "site": site,
            "count": count,
            "capacity": capacity,
            "observed_at": datetime.now().astimezone().isoformat(timespec="seconds"),
        }
        r = self.session.post(f"{self.base}/sites/{site}/occupancy",
                              data=json.dumps(body), timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def head_count(log_path, day=None):
    """Entries minus exits for the given day (YYYY-MM-DD, default today)."""
    day = day or time.strftime("%Y-%m-%d")
    inside = 0
    with open(log_path, newline="") as fh:
        for row in csv.DictReader(fh):
            if not row.get("ts", "").startswith(day):
                continue
            if row.get("direction") == "in":
                inside += 1
            elif row.get("direction") == "out":
                inside -= 1
    return max(inside, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log", default="turnstile_events.csv")
    ap.add_argument("--site", default=os.environ.get("GYM_SITE", "main-hall"))
    ap.add_argument("--every", type=int, default=0,
                    help="repeat every N seconds (0 = run once)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("BOOKING_API_KEY")
    if not key and not args.dry_run:
        log.error("BOOKING_API_KEY is not set")
        return 2
    api = BookingAPI(API_BASE, key or "")

    while True:
        try:
            count = head_count(args.log)
        except FileNotFoundError:
            log.error("check-in log %s not found", args.log)
            return 1
        log.info("%s: %d inside (%.0f%% of capacity)", args.site, count,
                 100.0 * count / CAPACITY)
        if not args.dry_run:
            if api.healthy():
                try:
                    resp = api.push(args.site, count, CAPACITY)
                    log.info("platform acknowledged: %s", resp.get("status", "ok"))
                except requests.RequestException as exc:
                    log.error("push failed: %s", exc)
            else:
                log.warning("platform unhealthy, skipping this round")
        if args.every <= 0:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
