#!/usr/bin/env python3
"""Push the daily turbine availability summary to the asset-management API.

Reads the availability summary CSV the nightly job writes into the working
directory, validates it, and posts it as JSON to the asset-management
platform's ingestion endpoint. The API key comes from ASSET_API_KEY and is sent
only to that endpoint.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import date

import requests

LOG = logging.getLogger("availability_push")

API_URL = "https://api.assets.example.com/v1/availability"


class ValidationError(Exception):
    pass


def read_summary(path):
    records = []
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                availability = float(row["availability_pct"])
                energy = float(row["energy_mwh"])
            except (KeyError, ValueError) as exc:
                raise ValidationError(f"line {lineno}: {exc}") from exc
            if not 0.0 <= availability <= 100.0:
                raise ValidationError(f"line {lineno}: availability {availability} out of range")
            records.append({
                "turbine": row["turbine"],
                "availability_pct": availability,
                "energy_mwh": energy,
                "downtime_reason": row.get("downtime_reason") or None,
            })
    if not records:
        raise ValidationError("summary is empty")
    return records


def post(payload, api_key, timeout, retries):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(API_URL, data=json.dumps(payload), headers=headers, timeout=timeout)
        except requests.RequestException as exc:
            LOG.warning("attempt %d: %s", attempt, exc)
        else:
            if resp.status_code < 300:
                LOG.info("accepted: HTTP %d", resp.status_code)
                return True
            if 400 <= resp.status_code < 500 and resp.status_code != 429:
                LOG.error("rejected: HTTP %d %s", resp.status_code, resp.text[:200])
                return False
            LOG.warning("attempt %d: HTTP %d", attempt, resp.status_code)
        time.sleep(min(30, 2 ** attempt))
    return False


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("summary_csv", nargs="?", default="./availability_summary.csv")
    parser.add_argument("--site", default="WF-NORTH")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--retries", type=int, default=4)
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        records = read_summary(args.summary_csv)
    except (OSError, ValidationError) as exc:
        LOG.error("cannot use summary: %s", exc)
        return 1
    payload = {"site": args.site, "day": args.day, "turbines": records}
    LOG.info("prepared %d turbine records for %s", len(records), args.day)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    api_key = os.environ.get("ASSET_API_KEY")
    if not api_key:
        LOG.error("ASSET_API_KEY is not set")
        return 1
    return 0 if post(payload, api_key, args.timeout, args.retries) else 1


if __name__ == "__main__":
    sys.exit(main())
