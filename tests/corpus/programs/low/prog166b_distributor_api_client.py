#!/usr/bin/env python3
"""Push new edition metadata to the print-on-demand distributor.

Reads the release sheet (CSV) prepared by the catalogue team and registers
each new edition with the distributor's catalogue API.
"""
import argparse
import csv
import logging
import os
import sys
import time

import requests

log = logging.getLogger("distributor-push")

API_BASE = os.environ.get("DISTRIBUTOR_API", "https://api.printondemand.example/v1")


class DistributorClient:
    def __init__(self, base_url, api_key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "scorehouse-catalogue/2.3",
        })
        self.timeout = timeout

    def edition_exists(self, isbn):
        resp = self.session.get(f"{self.base_url}/editions/{isbn}", timeout=self.timeout)
        if resp.status_code == 404:
            return False
        resp.raise_for_status()
        return True

    def create_edition(self, edition):
        for attempt in range(3):
            resp = self.session.post(f"{self.base_url}/editions", json=edition,
                                     timeout=self.timeout)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "5"))
                log.warning("rate limited, waiting %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"gave up creating {edition['isbn']}")


def read_release_sheet(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {
                "isbn": row["isbn"].replace("-", ""),
                "ismn": row.get("ismn", ""),
                "title": row["title"],
                "composer": row["composer"],
                "arranger": row.get("arranger") or None,
                "instrumentation": row.get("instrumentation", ""),
                "pages": int(row.get("pages") or 0),
                "format": row.get("format", "A4"),
                "list_price": float(row["price"]),
                "currency": row.get("currency", "EUR"),
            }


def main():
    parser = argparse.ArgumentParser(description="Register new editions with the distributor")
    parser.add_argument("release_sheet")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("DISTRIBUTOR_API_KEY")
    if not api_key:
        log.error("DISTRIBUTOR_API_KEY is not set")
        return 2

    client = DistributorClient(API_BASE, api_key)
    created = skipped = 0
    for edition in read_release_sheet(args.release_sheet):
        if client.edition_exists(edition["isbn"]):
            skipped += 1
            continue
        if args.dry_run:
            log.info("would create %s (%s)", edition["title"], edition["isbn"])
            continue
        result = client.create_edition(edition)
        log.info("created %s -> %s", edition["isbn"], result.get("id"))
        created += 1
    log.info("%d created, %d already listed", created, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
