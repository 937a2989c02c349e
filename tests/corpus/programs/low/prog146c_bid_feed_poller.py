#!/usr/bin/env python3
"""Poll the online bidding platform and mirror live lot status locally.

The platform exposes the current lot and highest online bid over a REST API.
This poller fetches it every few seconds, writes a snapshot for the saleroom
screens in the working directory, and reports any change of lot back to the
platform's acknowledgement endpoint so their operators can see we are synced.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("feedpoll")

API_BASE = os.environ.get("BIDDING_API", "https://api.bidding.example.com/v1")
SNAPSHOT = Path("live_lot.json")


class BiddingClient:
    def __init__(self, base, api_key, timeout=5):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        # the key is only ever sent to the bidding platform itself
        self.session.headers.update({
            "X-Api-Key": api_key,
            "Accept": "application/json",
            "User-Agent": "saleroom-feedpoll/1.4",
        })

    def reachable(self):
        try:
            r = self.session.head(self.base + "/status", timeout=self.timeout)
            return r.ok
        except requests.RequestException:
            return False

    def current_lot(self, sale_id):
        r = self.session.get("%s/sales/%s/current" % (self.base, sale_id), timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def acknowledge(self, sale_id, lot):
        r = self.session.post(
            "%s/sales/%s/acks" % (self.base, sale_id),
            json={"lot": lot, "room": "saleroom-1", "ts": int(time.time())},
            timeout=self.timeout,
        )
        r.raise_for_status()


def write_snapshot(data):
    tmp = SNAPSHOT.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2))
    tmp.replace(SNAPSHOT)


def poll(client, sale_id, interval, max_errors):
    last_lot = None
    errors = 0
    while True:
        try:
            data = client.current_lot(sale_id)
            errors = 0
        except (requests.RequestException, ValueError) as exc:
            errors += 1
            log.warning("poll failed (%d/%d): %s", errors, max_errors, exc)
            if errors >= max_errors:
                log.error("giving up after %d consecutive failures", errors)
                return 1
            time.sleep(interval * 2)
            continue

        write_snapshot(data)
        lot = data.get("lot")
        if lot != last_lot:
            log.info("lot changed %s -> %s (online high %s)", last_lot, lot, data.get("high_bid"))
            try:
                client.acknowledge(sale_id, lot)
            except requests.RequestException as exc:
                log.warning("ack failed: %s", exc)
            last_lot = lot
        if data.get("sale_closed"):
            log.info("sale %s closed", sale_id)
            return 0
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sale_id")
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--max-errors", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("BIDDING_API_KEY")
    if not key:
        log.error("BIDDING_API_KEY is not set")
        return 2
    client = BiddingClient(API_BASE, key)
    if not client.reachable():
        log.error("bidding platform not reachable at %s", API_BASE)
        return 1
    return poll(client, args.sale_id, args.interval, args.max_errors)


if __name__ == "__main__":
    sys.exit(main())
