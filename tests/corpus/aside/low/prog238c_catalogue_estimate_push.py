#!/usr/bin/env python3
"""Push lot estimates to the online catalogue.

Reads the specialists' estimate sheet for a sale and updates each lot's
low and high estimate on the catalogue API, so the online bidding pages
show the same figures as the printed catalogue. Uses the catalogue API
key from the CATALOGUE_API_KEY environment variable.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("estimate_push")
API_BASE = "https://api.example.com/catalogue/v1"


class CatalogueAPI:
    def __init__(self, base: str, key: str, timeout: float = 15.0):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def update_estimate(self, sale: str, lot: str, low: int, high: int, currency: str):
        body = json.dumps({"low_estimate": low, "high_estimate": high,
                           "currency": currency}).encode("utf-8")
        req = urllib.request.Request(
            f"{self.base}/sales/{sale}/lots/{lot}/estimate",
            data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.key}"},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def read_sheet(path: Path):
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            try:
                low, high = int(row["low"]), int(row["high"])
            except (KeyError, ValueError):
                LOG.warning("skipping row with bad estimate: %s", row)
                continue
            if low > high:
                LOG.warning("lot %s: low above high, skipping", row.get("lot"))
                continue
            yield row["lot"].strip(), low, high


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheet", type=Path)
    parser.add_argument("--sale", required=True)
    parser.add_argument("--currency", default="GBP")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CATALOGUE_API_KEY")
    if not key and not args.dry_run:
        LOG.error("CATALOGUE_API_KEY is not set")
        return 1

    api = CatalogueAPI(API_BASE, key or "")
    updated = failed = 0
    for lot, low, high in read_sheet(args.sheet):
        if args.dry_run:
            LOG.info("lot %s: %d-%d %s", lot, low, high, args.currency)
            continue
        try:
            api.update_estimate(args.sale, lot, low, high, args.currency)
            updated += 1
        except urllib.error.HTTPError as exc:
            LOG.error("lot %s rejected: HTTP %s", lot, exc.code)
            failed += 1
        except urllib.error.URLError as exc:
            LOG.error("catalogue API unreachable: %s", exc.reason)
            return 1
    LOG.info("updated %d lot(s), %d failed", updated, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
