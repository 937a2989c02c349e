#!/usr/bin/env python3
"""Daily car park overstay report.

Reads the ANPR entry/exit export for the day, works out which vehicles
stayed longer than the free period, and submits the overstay list to the
parking enforcement partner's API. A local copy is kept for the manager.
"""

import argparse
import csv
import json
import logging
import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("overstay")

FREE_PERIOD = timedelta(hours=2)
API_URL = "https://enforcement.example.net/api/v1/overstays"
TIME_FMT = "%Y-%m-%d %H:%M:%S"


def load_events(path):
    """Return {plate: [(direction, time), ...]} from the ANPR CSV."""
    events = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            plate = row["plate"].replace(" ", "").upper()
            try:
                when = datetime.strptime(row["time"], TIME_FMT)
            except (KeyError, ValueError):
                log.debug("bad row skipped: %r", row)
                continue
            events.setdefault(plate, []).append((row.get("direction", "in"), when))
    return events


def overstays(events, free_period):
    found = []
    for plate, evs in events.items():
        evs.sort(key=lambda e: e[1])
        entry = None
        for direction, when in evs:
            if direction == "in":
                entry = when
            elif direction == "out" and entry is not None:
                stay = when - entry
                if stay > free_period:
                    found.append({
                        "plate": plate,
                        "entry": entry.strftime(TIME_FMT),
                        "exit": when.strftime(TIME_FMT),
                        "minutes": int(stay.total_seconds() // 60),
                    })
                entry = None
    return found


def write_local_copy(records, dest):
    # write atomically so the manager never opens a half-written file
    dest = Path(dest)
    fd, tmp = tempfile.mkstemp(prefix=".overstay_", dir=dest.parent or ".")
    with os.fdopen(fd, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["plate", "entry", "exit", "minutes"])
        w.writeheader()
        w.writerows(records)
    os.replace(tmp, dest)


class EnforcementClient:
    def __init__(self, api_key, site):
        self.api_key = api_key
        self.site = site

    def submit(self, records):
        payload = {"site": self.site, "date": datetime.now().date().isoformat(),
                   "overstays": records}
        resp = requests.post(API_URL, json=payload, timeout=15,
                             headers={"X-Api-Key": self.api_key})
        resp.raise_for_status()
        return resp.json().get("batch_id")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("anpr_csv")
    parser.add_argument("--site", default="MSA042")
    parser.add_argument("--local", default="overstays.csv")
    parser.add_argument("--no-submit", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        records = overstays(load_events(args.anpr_csv), FREE_PERIOD)
    except FileNotFoundError:
        log.error("cannot read %s", args.anpr_csv)
        return 1
    log.info("%d overstays found", len(records))
    write_local_copy(records, args.local)

    if args.no_submit or not records:
        return 0
    key = os.environ.get("ENFORCEMENT_API_KEY")
    if not key:
        log.error("ENFORCEMENT_API_KEY not set; local copy only")
        return 1
    try:
        batch = EnforcementClient(key, args.site).submit(records)
        log.info("submitted batch %s", batch)
    except requests.RequestException as exc:
        log.error("submit failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
