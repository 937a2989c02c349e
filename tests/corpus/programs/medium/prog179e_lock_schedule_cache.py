#!/usr/bin/env python3
"""Fetch and cache the waterways lock and stoppage schedule.

The authority's portal sits behind an old appliance with a self-signed
certificate, and the schedule changes at most daily, so the parsed result
is cached between runs for the booking office.
"""
import argparse
import datetime as dt
import logging
import os
import pathlib
import pickle

import requests
import urllib3

log = logging.getLogger("lock-schedule")

PORTAL = os.environ.get("STOPPAGE_PORTAL", "https://stoppages.example.org/api/v1/schedule")
CACHE_FILE = pathlib.Path("/tmp/lock_schedule.cache")
MAX_AGE = dt.timedelta(hours=int(os.environ.get("SCHEDULE_MAX_AGE_H", "12")))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class Stoppage:
    def __init__(self, lock, start, end, reason):
        self.lock = lock
        self.start = start
        self.end = end
        self.reason = reason

    def affects(self, day):
        return self.start <= day <= self.end

    def __repr__(self):
        return f"{self.lock}: {self.start}..{self.end} ({self.reason})"


def fetch(region):
    session = requests.Session()
    session.verify = False  # portal appliance uses a self-signed cert
    resp = session.get(PORTAL, params={"region": region}, timeout=20)
    resp.raise_for_status()
    items = []
    for rec in resp.json().get("stoppages", []):
        items.append(Stoppage(
            rec["lock"],
            dt.date.fromisoformat(rec["start"]),
            dt.date.fromisoformat(rec["end"]),
            rec.get("reason", "unspecified"),
        ))
    return items


def load_cache():
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        saved_at, region, items = pickle.load(fh)
    if dt.datetime.now() - saved_at > MAX_AGE:
        return None
    return region, items


def save_cache(region, items):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump((dt.datetime.now(), region, items), fh)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--region", default=os.environ.get("CANAL_REGION", "grand-union"))
    ap.add_argument("--day", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cached = None if args.refresh else load_cache()
    if cached and cached[0] == args.region:
        items = cached[1]
        log.info("using cached schedule (%d stoppages)", len(items))
    else:
        items = fetch(args.region)
        save_cache(args.region, items)
        log.info("fetched %d stoppages for %s", len(items), args.region)

    hits = [s for s in items if s.affects(args.day)]
    for s in hits:
        print(s)
    if not hits:
        print(f"no stoppages on {args.region} for {args.day}")


if __name__ == "__main__":
    main()
