#!/usr/bin/env python3
"""Send warrant cases to the enforcement agent's case intake API.

Unpaid charge certificates that have reached warrant stage are posted in
batches to the enforcement agency contracted by the council.
"""
import argparse
import csv
import logging
import os
import sys
import time

import requests
import urllib3

log = logging.getLogger("warrant-upload")

AGENCY_API = os.environ.get("AGENCY_API", "https://intake.enforcement-agents.example/v1")
BATCH_SIZE = 25


class AgencyClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})
        # the agency's intake host uses a certificate from their internal CA
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def submit(self, cases):
        resp = self.session.post(f"{self.base}/cases/batch", json={"cases": cases}, timeout=30)
        resp.raise_for_status()
        return resp.json()

    def ping(self):
        return self.session.get(f"{self.base}/health", timeout=10).ok


def load_warrants(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("stage") != "WARRANT":
                continue
            yield {
                "pcn": row["pcn"],
                "vrm": row["vrm"],
                "debtor_name": row["debtor_name"],
                "debtor_address": row["debtor_address"],
                "amount_pence": int(float(row["amount"]) * 100),
                "warrant_date": row["warrant_date"],
            }


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def main():
    parser = argparse.ArgumentParser(description="Upload warrant cases to the agency")
    parser.add_argument("export", help="charge certificate export CSV")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("AGENCY_API_KEY")
    if not key:
        log.error("AGENCY_API_KEY is not set")
        return 1

    client = AgencyClient(AGENCY_API, key)
    if not args.dry_run and not client.ping():
        log.error("agency API not healthy")
        return 1

    accepted = rejected = 0
    for batch in batched(load_warrants(args.export), BATCH_SIZE):
        if args.dry_run:
            log.info("would send %d cases", len(batch))
            continue
        try:
            result = client.submit(batch)
        except requests.RequestException as exc:
            log.error("batch failed: %s", exc)
            rejected += len(batch)
            continue
        accepted += result.get("accepted", 0)
        rejected += len(result.get("rejected", []))
        time.sleep(1)
    log.info("accepted %d, rejected %d", accepted, rejected)
    return 0 if rejected == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
