#!/usr/bin/env python3
"""Book courier pickups for urgent blood component deliveries.

Reads the dispatch sheet produced by the issue desk, creates a pickup job
with the courier company's API for each line and attaches the packing slip.
The API key comes from COURIER_API_KEY and is only sent to the courier API.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("dispatch-notify")

API_BASE = os.environ.get("COURIER_API_BASE", "https://api.courier.example.com/v2")


class CourierClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer " + key,
                                     "Content-Type": "application/json"})

    def create_pickup(self, job):
        r = self.session.post(self.base + "/pickups", data=json.dumps(job), timeout=self.timeout)
        r.raise_for_status()
        return r.json()["id"]

    def status(self, pickup_id):
        r = self.session.get("%s/pickups/%s" % (self.base, pickup_id), timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("status")


def read_sheet(path):
    with open(path, newline="") as fh:
        return [r for r in csv.DictReader(fh) if r.get("destination")]


def build_job(row, slip_dir):
    job = {
        "reference": row["issue_no"],
        "pickup": "Blood Bank Issue Desk",
        "destination": row["destination"],
        "priority": "urgent" if row.get("urgent") == "Y" else "standard",
        "temperature": row.get("temp_class", "2-6C"),
    }
    slip = Path(slip_dir) / ("%s.pdf" % row["issue_no"])
    if slip.exists():
        # the API takes attachments inline as base64
        job["attachment"] = {"name": slip.name,
                             "content": base64.b64encode(slip.read_bytes()).decode()}
    return job


def save_receipts(receipts, out):
    # write to a temp file next to the target, then swap it in
    fd, tmp = tempfile.mkstemp(prefix=".receipts-", dir=os.path.dirname(os.path.abspath(out)))
    with os.fdopen(fd, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.replace(tmp, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet")
    ap.add_argument("--slips", default="slips")
    ap.add_argument("--receipts", default="pickups.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("COURIER_API_KEY")
    if not key and not args.dry_run:
        log.error("COURIER_API_KEY is not set")
        return 2
    rows = read_sheet(args.sheet)
    client = CourierClient(API_BASE, key or "")
    receipts = {}
    for row in rows:
        job = build_job(row, args.slips)
        if args.dry_run:
            print(json.dumps({k: v for k, v in job.items() if k != "attachment"}))
            continue
        try:
            pid = client.create_pickup(job)
            receipts[row["issue_no"]] = {"pickup": pid, "status": client.status(pid)}
            log.info("%s -> pickup %s", row["issue_no"], pid)
        except requests.RequestException as exc:
            log.error("%s: %s", row["issue_no"], exc)
    if receipts:
        save_receipts(receipts, args.receipts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
