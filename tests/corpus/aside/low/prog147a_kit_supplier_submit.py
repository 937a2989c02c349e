#!/usr/bin/env python3
"""Submit the season's kit order to the supplier's ordering API.

Reads batches/<squad>.csv (squad,size,number,player), totals the items
and posts one order per squad. The API key is read from KIT_API_KEY and
is only ever sent to the supplier's API host.
"""
import argparse
import base64
import csv
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("kitsubmit")

API_BASE = os.environ.get("KIT_API_BASE", "https://api.kit-supplier.example.com/v2")
TIMEOUT = 20
RETRIES = 3


class SupplierClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})

    def _post(self, path, payload):
        url = f"{self.base}{path}"
        for attempt in range(1, RETRIES + 1):
            try:
                resp = self.session.post(url, json=payload, timeout=TIMEOUT)
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json()
                log.warning("supplier returned %s, retrying", resp.status_code)
            except requests.ConnectionError as exc:
                log.warning("connection problem (%s), attempt %d", exc, attempt)
            time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {url}")

    def status(self):
        resp = self.session.get(f"{self.base}/status", timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()

    def submit(self, order):
        return self._post("/orders", order)


def read_batch(path):
    items = []
    with open(path, newline="") as fh:
        for row in csv.reader(fh):
            if len(row) < 4:
                continue
            squad, size, number, player = row[:4]
            items.append({"size": size, "number": number, "name_print": player.split(" ")[-1]})
    return items


def build_order(squad, items, club_ref, badge_path=None):
    order = {"club_ref": club_ref, "squad": squad, "items": items,
             "quantity": len(items)}
    if badge_path and Path(badge_path).is_file():
        # the supplier wants the club badge inline as base64 PNG
        order["badge_png"] = base64.b64encode(Path(badge_path).read_bytes()).decode()
    return order


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--batches", default="batches")
    ap.add_argument("--club-ref", default="YFL-0042")
    ap.add_argument("--badge", default="badge.png")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("KIT_API_KEY")
    if not key and not args.dry_run:
        log.error("KIT_API_KEY is not set")
        return 1
    files = sorted(Path(args.batches).glob("*.csv"))
    if not files:
        log.error("no batch files in %s", args.batches)
        return 1

    client = None if args.dry_run else SupplierClient(API_BASE, key)
    if client:
        log.info("supplier status: %s", client.status().get("state", "unknown"))
    for f in files:
        order = build_order(f.stem, read_batch(f), args.club_ref, args.badge)
        if args.dry_run:
            print(json.dumps({k: v for k, v in order.items() if k != "badge_png"}, indent=2))
            continue
        try:
            result = client.submit(order)
            log.info("%s: order %s accepted", f.stem, result.get("order_id"))
        except (RuntimeError, requests.HTTPError) as exc:
            log.error("%s: %s", f.stem, exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
