#!/usr/bin/env python3
"""Upload the day's intake weigh-ins to the regional food bank network.

Reads the scale station CSVs in ./weighins, aggregates by category and
posts a daily summary to the network's reporting API. The API key comes
from the environment; a small state file remembers which days have been
sent so re-runs don't double count.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("uploader")

API_BASE = os.environ.get("FBN_API_BASE", "https://api.example.com/v1")
STATE_FILE = Path("upload_state.json")


def load_state():
    if STATE_FILE.exists():
        with open(STATE_FILE) as fh:
            return json.load(fh)
    return {"sent": []}


def save_state(state):
    # write atomically next to the real file, then lock it down to this user
    fd, tmp = tempfile.mkstemp(prefix=".upload_state.", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(state, fh, indent=2)
    os.chmod(tmp, 0o600)
    os.replace(tmp, STATE_FILE)


def aggregate(folder, day):
    totals = defaultdict(float)
    count = 0
    for path in sorted(Path(folder).glob("station*_%s.csv" % day)):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    totals[row["category"].strip().lower()] += float(row["weight_kg"])
                    count += 1
                except (KeyError, ValueError):
                    log.warning("skipping bad row in %s: %s", path.name, row)
    return {k: round(v, 2) for k, v in totals.items()}, count


class ReportingClient:
    def __init__(self, base, key, site):
        self.base = base.rstrip("/")
        self.site = site
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer " + key,
                                     "User-Agent": "fb-intake-uploader/1.3"})

    def send_day(self, day, totals, count):
        payload = {"site": self.site, "date": day, "weighins": count,
                   "categories": totals, "total_kg": round(sum(totals.values()), 2)}
        resp = self.session.post(self.base + "/intake/daily", json=payload, timeout=20)
        resp.raise_for_status()
        return resp.json().get("receipt")


def main():
    ap = argparse.ArgumentParser(description="Upload daily intake totals")
    ap.add_argument("day", help="YYYYMMDD")
    ap.add_argument("--folder", default="weighins")
    ap.add_argument("--site", default=os.environ.get("FBN_SITE_ID", "depot-north"))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("FBN_API_KEY")
    if not key:
        log.error("FBN_API_KEY is not set")
        return 1

    state = load_state()
    if args.day in state["sent"] and not args.force:
        log.info("%s already uploaded, use --force to resend", args.day)
        return 0

    totals, count = aggregate(args.folder, args.day)
    if not count:
        log.warning("no weigh-ins found for %s", args.day)
        return 0

    client = ReportingClient(API_BASE, key, args.site)
    try:
        receipt = client.send_day(args.day, totals, count)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 2
    log.info("uploaded %d weigh-ins (%.1f kg), receipt %s",
             count, sum(totals.values()), receipt)
    state["sent"].append(args.day)
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
