#!/usr/bin/env python3
"""Submits donation records to the charity's fundraising platform.

Reads the week's donations from a CSV export of the shop till and posts
them to the fundraising platform's API so Gift Aid claims can be prepared.
"""
import argparse
import csv
import logging
import os
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

LOG = logging.getLogger("gift-aid")

API_BASE = os.environ.get("FUNDRAISING_API", "https://api.givingplatform.example/v1")


class FundraisingClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer %s" % api_key,
            "Accept": "application/json",
        })
        self.timeout = timeout

    def submit_donation(self, record):
        url = "%s/donations" % self.base_url
        resp = self.session.post(url, json=record, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def campaign_total(self, campaign):
        url = "%s/campaigns/%s/summary" % (self.base_url, campaign)
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("total")


def read_donations(path):
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            try:
                amount = Decimal(row["amount"])
            except (KeyError, InvalidOperation):
                LOG.warning("skipping row with bad amount: %r", row)
                continue
            yield {
                "reference": row.get("reference", ""),
                "donor_id": row.get("donor_id", ""),
                "amount": str(amount),
                "currency": row.get("currency", "GBP"),
                "gift_aid": row.get("gift_aid", "").strip().lower() in ("y", "yes", "1", "true"),
                "campaign": row.get("campaign", "workshop-restoration"),
                "received": row.get("date", ""),
            }


def main():
    parser = argparse.ArgumentParser(description="Submit donations to the fundraising platform")
    parser.add_argument("csv_file", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--campaign-summary", metavar="CAMPAIGN")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("FUNDRAISING_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("FUNDRAISING_API_KEY is not set")
        return 1

    client = FundraisingClient(API_BASE, api_key or "")
    sent = failed = 0
    for record in read_donations(args.csv_file):
        if args.dry_run:
            LOG.info("would submit %s %s", record["reference"], record["amount"])
            continue
        try:
            client.submit_donation(record)
            sent += 1
        except requests.RequestException as exc:
            LOG.error("failed %s: %s", record["reference"], exc)
            failed += 1
    LOG.info("submitted=%d failed=%d", sent, failed)

    if args.campaign_summary and not args.dry_run:
        print("campaign total:", client.campaign_total(args.campaign_summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
