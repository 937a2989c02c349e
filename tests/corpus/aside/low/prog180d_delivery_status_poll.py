#!/usr/bin/env python3
"""Poll the tracking API for today's open consignments and write a CSV.

The evening controller runs this to see which parcels are still out and
which riders need a nudge before the depot closes.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("status-poll")

TRACKING_API = os.environ.get("TRACKING_API", "https://tracking.example.com/api/v1")
OUT_DIR = Path(os.environ.get("STATUS_OUT", "reports"))
OPEN_STATES = {"collected", "in_transit", "out_for_delivery", "failed_attempt"}


def read_consignments(path):
    refs = []
    with path.open() as fh:
        for line in fh:
            ref = line.strip()
            if ref and not ref.startswith("#"):
                refs.append(ref)
    return refs


def fetch_status(session, ref):
    url = "{}/consignments/{}".format(TRACKING_API, ref)
    resp = session.get(url, timeout=10)
    if resp.status_code == 404:
        return {"ref": ref, "state": "unknown", "rider": "", "eta": ""}
    resp.raise_for_status()
    body = resp.json()
    return {
        "ref": ref,
        "state": body.get("state", "unknown"),
        "rider": body.get("rider_callsign", ""),
        "eta": body.get("eta", ""),
    }


def write_report(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / "open-{}.csv".format(date.today().isoformat())
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["ref", "state", "rider", "eta"])
        writer.writeheader()
        writer.writerows(rows)
    return out


def main():
    parser = argparse.ArgumentParser(description="List consignments still open")
    parser.add_argument("refs_file", type=Path, help="one consignment ref per line")
    parser.add_argument("--all", action="store_true", help="include delivered ones")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.refs_file.exists():
        LOG.error("%s not found", args.refs_file)
        return 1

    session = requests.Session()
    session.headers["Accept"] = "application/json"
    rows = []
    for ref in read_consignments(args.refs_file):
        try:
            status = fetch_status(session, ref)
        except requests.RequestException as exc:
            LOG.warning("%s: %s", ref, exc)
            continue
        if args.all or status["state"] in OPEN_STATES:
            rows.append(status)

    out = write_report(rows, OUT_DIR)
    by_rider = {}
    for r in rows:
        by_rider.setdefault(r["rider"] or "-", 0)
        by_rider[r["rider"] or "-"] += 1
    for rider, n in sorted(by_rider.items(), key=lambda kv: -kv[1]):
        print("{:<10} {:>3} open".format(rider, n))
    LOG.info("wrote %d rows to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
