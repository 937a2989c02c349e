#!/usr/bin/env python3
"""Publish visitor berth availability to the regional cruising portal.

Reads tonight's free visitor berths from the office export, checks the
tide window for the harbour entrance, and posts an availability update to
the portal's partner API. The partner key is read from the environment and
sent only to the portal.
"""

import argparse
import csv
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("availability")

PORTAL_BASE = os.environ.get("PORTAL_BASE", "https://api.cruisingportal.example/partner/v2")
TIDE_URL = "https://tides.coastalfeeds.example/api/v1/stations/{station}/predictions"


class PortalClient:
    def __init__(self, base, key, marina_id, timeout=15):
        self.base = base.rstrip("/")
        self.marina_id = marina_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "User-Agent": "marina-availability/1.4",
        })

    def publish(self, body):
        url = f"{self.base}/marinas/{self.marina_id}/availability"
        r = self.session.post(url, json=body, timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def current(self):
        url = f"{self.base}/marinas/{self.marina_id}/availability"
        r = self.session.get(url, timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def free_berths(export_path, day):
    free = []
    with open(export_path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("type") != "visitor":
                continue
            if row.get("occupied_on") == day.isoformat():
                continue
            free.append({"berth": row["berth"], "max_loa_m": float(row["max_loa_m"]),
                         "max_draft_m": float(row.get("max_draft_m") or 0)})
    return free


def tide_window(station, day):
    r = requests.get(TIDE_URL.format(station=station),
                     params={"date": day.isoformat()}, timeout=10)
    if r.status_code != 200:
        log.warning("tide feed returned %s", r.status_code)
        return None
    highs = [p["time"] for p in r.json().get("predictions", []) if p.get("type") == "high"]
    return highs or None


def build_update(day, berths, highs):
    return {
        "date": day.isoformat(),
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "visitor_berths_free": len(berths),
        "largest_loa_m": max((b["max_loa_m"] for b in berths), default=0),
        "berths": berths,
        "entrance_high_water": highs,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--export", default="visitor_berths.csv", type=Path)
    ap.add_argument("--station", default=os.environ.get("TIDE_STATION", "HBR-0412"))
    ap.add_argument("--marina", default=os.environ.get("PORTAL_MARINA_ID", "eastquay"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("PORTAL_API_KEY")
    if not key and not args.dry_run:
        log.error("PORTAL_API_KEY is not set")
        sys.exit(2)

    today = dt.date.today()
    berths = free_berths(args.export, today)
    highs = tide_window(args.station, today)
    update = build_update(today, berths, highs)

    if args.dry_run:
        print(update)
        return
    client = PortalClient(PORTAL_BASE, key, args.marina)
    try:
        result = client.publish(update)
        log.info("published %d free berths (portal ref %s)",
                 len(berths), result.get("ref"))
    except requests.RequestException as exc:
        log.error("portal update failed: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
