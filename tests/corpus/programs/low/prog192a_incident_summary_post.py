#!/usr/bin/env python3
"""Incident summary poster.

Builds the short incident summary (shout number, times, boat, outcome)
from the local launch log CSV and posts it as JSON to the area incident
reporting API.  The API key comes from the environment.
"""
import argparse
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("incident-post")

API_BASE = os.environ.get("INCIDENT_API", "https://api.incidents.example.com/v2")


@dataclass
class Summary:
    shout: str
    station: str
    boat: str
    paged: str
    launched: str
    returned: str
    outcome: str
    persons_assisted: int


FIELD_MAP = {
    "shout": ("Shout No", str),
    "boat": ("Boat", str),
    "paged": ("Paged", str),
    "launched": ("Launched", str),
    "returned": ("Returned", str),
    "outcome": ("Outcome", str),
    "persons_assisted": ("Persons Assisted", int),
}


def read_shout(path, shout, station):
    with Path(path).open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("Shout No") == shout:
                vals = {k: conv(row.get(col, "") or "0" if conv is int else row.get(col, ""))
                        for k, (col, conv) in FIELD_MAP.items()}
                return Summary(station=station, **vals)
    return None


class Client:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self._headers = {"Authorization": f"Bearer {key}",
                         "Content-Type": "application/json"}

    def post(self, route, payload):
        req = urllib.request.Request(f"{self.base}/{route}", method="POST",
                                     data=json.dumps(payload).encode(),
                                     headers=self._headers)
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)


def save_receipt(receipt, shout):
    out = Path("receipts") / f"{shout}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(receipt, indent=2))
    out.chmod(0o600)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("shout")
    parser.add_argument("--log", default="launch_log.csv")
    parser.add_argument("--station", default=os.environ.get("STATION_ID", "LB-ALD-07"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    summary = read_shout(args.log, args.shout, args.station)
    if summary is None:
        log.error("shout %s not found in %s", args.shout, args.log)
        return 1
    payload = asdict(summary)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    key = os.environ.get("INCIDENT_API_KEY")
    if not key:
        log.error("INCIDENT_API_KEY is not set")
        return 2
    receipt = Client(API_BASE, key).post("incidents", payload)
    log.info("posted shout %s, reference %s", args.shout, receipt.get("reference"))
    log.info("receipt saved to %s", save_receipt(receipt, args.shout))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
