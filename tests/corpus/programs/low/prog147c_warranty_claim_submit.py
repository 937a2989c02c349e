#!/usr/bin/env python3
"""Submit warranty claims collected by the installation crews.

Crews log damaged or defective items (split holds, bent t-nuts, panel
delamination) in a CSV on their tablet. At the end of the day the office
runs this to push new claims to the warranty service API and record the
claim numbers it hands back.
"""

import argparse
import csv
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("claim_submit")

API_BASE = os.environ.get("WARRANTY_API_BASE", "https://warranty.example.com/api/v2")
REQUIRED = ("site", "product_code", "serial", "issue", "reported_on")


class WarrantyAPI:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer %s" % api_key,
            "Accept": "application/json",
        })

    def ping(self):
        r = self.session.get(self.base + "/health", timeout=self.timeout)
        return r.status_code == 200

    def submit(self, claim, attempts=3):
        for n in range(1, attempts + 1):
            try:
                r = self.session.post(self.base + "/claims", json=claim, timeout=self.timeout)
                if r.status_code == 429:
                    wait = int(r.headers.get("Retry-After", "5"))
                    log.info("rate limited, waiting %ss", wait)
                    time.sleep(wait)
                    continue
                r.raise_for_status()
                return r.json()["claim_number"]
            except requests.RequestException as exc:
                log.warning("attempt %d failed: %s", n, exc)
                time.sleep(2 * n)
        return None


def read_claims(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            missing = [k for k in REQUIRED if not row.get(k)]
            if missing:
                log.warning("row for %s missing %s, skipped", row.get("serial"), missing)
                continue
            yield row


def to_payload(row):
    return {
        "site": row["site"],
        "product_code": row["product_code"],
        "serial": row["serial"],
        "issue": row["issue"],
        "reported_on": row["reported_on"],
        "crew": row.get("crew", ""),
        "notes": row.get("notes", ""),
    }


def append_result(out_path, serial, claim_no):
    new = not out_path.exists()
    with open(out_path, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["serial", "claim_number"])
        w.writerow([serial, claim_no or "FAILED"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv_file")
    ap.add_argument("--results", default="submitted_claims.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("WARRANTY_API_KEY")
    if not api_key and not args.dry_run:
        log.error("WARRANTY_API_KEY is not set")
        return 2
    api = WarrantyAPI(API_BASE, api_key or "")
    if not args.dry_run and not api.ping():
        log.error("warranty API not reachable at %s", API_BASE)
        return 1

    results = Path(args.results)
    ok = failed = 0
    for row in read_claims(args.csv_file):
        payload = to_payload(row)
        if args.dry_run:
            log.info("would submit %s", payload)
            continue
        claim_no = api.submit(payload)
        append_result(results, row["serial"], claim_no)
        if claim_no:
            ok += 1
        else:
            failed += 1
    log.info("submitted %d, failed %d", ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
