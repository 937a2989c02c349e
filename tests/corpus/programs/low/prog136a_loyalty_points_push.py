#!/usr/bin/env python3
"""Push loyalty points earned at the machines to the loyalty app backend.

The store hub writes one line per paid cycle (member card token, machine,
amount). This batches the day's lines and posts them to the loyalty API so
members see their points in the app.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("points-push")

API_BASE = os.environ.get("LOYALTY_API_BASE", "https://loyalty.example.com/api/v2")
POINTS_PER_EURO = 10


class LoyaltyClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "store-hub-points/1.4",
        })
        self.timeout = timeout

    def post_earnings(self, store_id, items):
        url = f"{self.base}/stores/{store_id}/earnings"
        resp = self.session.post(url, data=json.dumps({"items": items}),
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_cycles(path):
    items = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            token = row.get("member_token")
            if not token:
                continue  # anonymous coin payment, no points
            cents = int(row["amount_cents"])
            items.append({
                "member_token": token,
                "machine": row["machine"],
                "paid_cents": cents,
                "points": cents * POINTS_PER_EURO // 100,
                "ts": row["ts"],
            })
    return items


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def push_all(client, store_id, items, batch, retries=3):
    pushed = 0
    for part in chunks(items, batch):
        for attempt in range(1, retries + 1):
            try:
                client.post_earnings(store_id, part)
                pushed += len(part)
                break
            except requests.RequestException as exc:
                log.warning("batch failed (attempt %d/%d): %s", attempt, retries, exc)
                time.sleep(2 ** attempt)
        else:
            log.error("giving up on a batch of %d", len(part))
    return pushed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cycles_csv", type=Path)
    ap.add_argument("--store", required=True)
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("LOYALTY_API_KEY")
    if not api_key:
        log.error("LOYALTY_API_KEY is not set")
        return 1
    if not args.cycles_csv.exists():
        log.error("no cycles file %s", args.cycles_csv)
        return 1

    items = read_cycles(args.cycles_csv)
    if not items:
        log.info("nothing to push")
        return 0
    client = LoyaltyClient(API_BASE, api_key)
    n = push_all(client, args.store, items, args.batch)
    log.info("pushed %d/%d earnings for store %s", n, len(items), args.store)
    return 0 if n == len(items) else 2


if __name__ == "__main__":
    sys.exit(main())
