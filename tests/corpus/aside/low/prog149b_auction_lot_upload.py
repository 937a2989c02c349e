#!/usr/bin/env python3
"""Upload catalogue lots to the wool auction portal.

Reads the broker catalogue CSV (lot, bales, description, micron, yield,
reserve) and posts each lot as JSON to the portal API. The API key comes
from AUCTION_API_KEY and is only ever sent to the portal itself.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time

import requests

log = logging.getLogger("lot_upload")

API_BASE = os.environ.get("AUCTION_API_BASE", "https://auction.example.com/api/v2")
REQUIRED = ("lot", "bales", "description", "micron")


class PortalClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer %s" % key,
            "Content-Type": "application/json",
            "User-Agent": "coop-lot-upload/1.4",
        })

    def post_lot(self, sale_id, lot):
        url = "%s/sales/%s/lots" % (self.base, sale_id)
        resp = self.session.post(url, data=json.dumps(lot), timeout=self.timeout)
        if resp.status_code == 409:
            return "exists"
        resp.raise_for_status()
        return "created"

    def sale_open(self, sale_id):
        resp = self.session.get("%s/sales/%s" % (self.base, sale_id),
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("status") == "open"


def read_catalogue(path):
    lots = []
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            missing = [f for f in REQUIRED if not row.get(f)]
            if missing:
                log.warning("line %d missing %s, skipped", n, ", ".join(missing))
                continue
            try:
                lots.append({
                    "lot": row["lot"].strip(),
                    "bales": int(row["bales"]),
                    "description": row["description"].strip(),
                    "micron": float(row["micron"]),
                    "yield": float(row["yield"]) if row.get("yield") else None,
                    "reserve_cents": int(float(row.get("reserve") or 0) * 100),
                })
            except ValueError as exc:
                log.warning("line %d bad number (%s), skipped", n, exc)
    return lots


def main():
    ap = argparse.ArgumentParser(description="Upload catalogue lots")
    ap.add_argument("catalogue")
    ap.add_argument("--sale", required=True, help="sale id, e.g. N2417")
    ap.add_argument("--pause", type=float, default=0.5,
                    help="seconds between requests (portal rate limit)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("AUCTION_API_KEY")
    if not key:
        log.error("AUCTION_API_KEY is not set")
        return 2

    lots = read_catalogue(args.catalogue)
    if not lots:
        log.error("no valid lots in %s", args.catalogue)
        return 1

    client = PortalClient(API_BASE, key)
    try:
        if not client.sale_open(args.sale):
            log.error("sale %s is not open for lodging", args.sale)
            return 1
    except requests.RequestException as exc:
        log.error("portal unreachable: %s", exc)
        return 1

    counts = {"created": 0, "exists": 0, "failed": 0}
    for lot in lots:
        try:
            counts[client.post_lot(args.sale, lot)] += 1
        except requests.RequestException as exc:
            counts["failed"] += 1
            log.error("lot %s failed: %s", lot["lot"], exc)
        time.sleep(args.pause)

    log.info("done: %(created)d created, %(exists)d already there, %(failed)d failed",
             counts)
    return 0 if counts["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
