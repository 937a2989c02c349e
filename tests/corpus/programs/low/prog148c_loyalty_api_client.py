#!/usr/bin/env python3
"""Push today's loyalty stamps from the till to the loyalty card provider.

Reads the till's stamp log, posts the totals to the provider's API using the
key in LOYALTY_API_KEY, and saves the provider's response locally so the
manager can reconcile balances in the morning.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
from collections import defaultdict
from datetime import date

import requests

log = logging.getLogger("loyalty_push")

API_BASE = os.environ.get("LOYALTY_API_BASE", "https://api.loyalty.example.com/v1")


class LoyaltyClient:
    def __init__(self, key, base=API_BASE, timeout=15):
        if not key:
            raise ValueError("LOYALTY_API_KEY is not set")
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })

    def post_stamps(self, store_id, day, totals):
        body = {
            "store": store_id,
            "date": day.isoformat(),
            "stamps": [{"card": c, "count": n} for c, n in sorted(totals.items())],
        }
        resp = self.session.post(f"{self.base}/stamps/batch", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_stamp_log(path):
    totals = defaultdict(int)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            card = row.get("card_no", "").strip()
            if not card:
                continue
            try:
                totals[card] += int(row.get("stamps", 1))
            except ValueError:
                log.warning("bad stamp count in row %r", row)
    return dict(totals)


def save_receipt(data, path):
    """Write atomically and keep the file private to the till account."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".receipt-", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stamp_log", help="CSV export from the till")
    ap.add_argument("--store", default=os.environ.get("STORE_ID", "cafe-01"))
    ap.add_argument("--receipt", default=f"loyalty_receipt_{date.today():%Y%m%d}.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    totals = read_stamp_log(args.stamp_log)
    log.info("%d cards with stamps today", len(totals))
    if not totals or args.dry_run:
        return 0
    try:
        client = LoyaltyClient(os.environ.get("LOYALTY_API_KEY"))
        result = client.post_stamps(args.store, date.today(), totals)
    except (ValueError, requests.RequestException) as exc:
        log.error("push failed: %s", exc)
        return 1
    save_receipt(result, args.receipt)
    log.info("accepted %s stamps, receipt in %s", result.get("accepted", "?"), args.receipt)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
