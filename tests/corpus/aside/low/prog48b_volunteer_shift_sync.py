#!/usr/bin/env python3
"""Push the weekly food-bank volunteer rota to the volunteer portal.

Reads the rota exported by the coordinators (CSV in the project folder),
groups shifts per volunteer and upserts them through the portal's REST API.
"""
import argparse
import csv
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

import requests

log = logging.getLogger("rota-sync")
PORTAL_BASE = "https://api.volunteerportal.example.org/v1"


@dataclass
class Volunteer:
    email: str
    name: str
    shifts: list = field(default_factory=list)

    def payload(self, site):
        return {
            "email": self.email,
            "display_name": self.name,
            "site": site,
            "shifts": [
                {"start": s.isoformat(), "role": role, "hours": hours}
                for s, role, hours in sorted(self.shifts)
            ],
        }


def load_rota(path):
    people = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            email = row["email"].strip().lower()
            vol = people.setdefault(email, Volunteer(email, row["name"].strip()))
            start = datetime.strptime(f"{row['date']} {row['start']}", "%Y-%m-%d %H:%M")
            vol.shifts.append((start, row.get("role", "packing"), float(row.get("hours", 3))))
    return people


class PortalClient:
    def __init__(self, api_key, base=PORTAL_BASE):
        self.base = base
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def upsert(self, payload):
        resp = self.http.post(f"{self.base}/volunteers/shifts", json=payload, timeout=20)
        if resp.status_code == 409:
            log.info("no change for %s", payload["email"])
            return False
        resp.raise_for_status()
        return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rota_csv")
    ap.add_argument("--site", default="northside-pantry")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("VOLPORTAL_API_KEY")
    if not api_key and not args.dry_run:
        sys.exit("VOLPORTAL_API_KEY is not set")

    people = load_rota(args.rota_csv)
    stats = defaultdict(int)
    client = None if args.dry_run else PortalClient(api_key)
    for vol in people.values():
        body = vol.payload(args.site)
        if client is None:
            log.info("would send %d shifts for %s", len(body["shifts"]), vol.email)
            stats["skipped"] += 1
            continue
        try:
            stats["updated" if client.upsert(body) else "unchanged"] += 1
        except requests.HTTPError as exc:
            log.error("portal rejected %s: %s", vol.email, exc)
            stats["failed"] += 1
    log.info("done: %s", dict(stats))
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
