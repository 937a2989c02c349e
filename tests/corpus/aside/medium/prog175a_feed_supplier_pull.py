#!/usr/bin/env python3
"""Pull stock levels and delivery slots from the feed supplier's portal.

The supplier's portal runs on an old appliance with a self-signed
certificate, so verification is relaxed for it. Results are cached locally
so the office can check slots offline in the tack room.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("feed-pull")

PORTAL = os.environ.get("FEED_PORTAL", "https://portal.feeds.example.com")
ACCOUNT = os.environ.get("FEED_ACCOUNT", "LIV-0042")
API_KEY = os.environ.get("FEED_API_KEY", "")
CACHE = Path(os.environ.get("FEED_CACHE", "feed_cache.pkl"))
MAX_AGE = dt.timedelta(hours=6)

ENDPOINTS = {
    "stock": "/api/stock?account={account}",
    "slots": "/api/delivery-slots?account={account}&days=14",
}


class PortalClient:
    def __init__(self, base, account, key, verify_tls=False):
        self.base = base.rstrip("/")
        self.account = account
        self.session = requests.Session()
        self.session.verify = verify_tls
        if key:
            self.session.headers["X-Api-Key"] = key
        if not verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def get(self, name):
        url = self.base + ENDPOINTS[name].format(account=self.account)
        resp = self.session.get(url, timeout=20)
        resp.raise_for_status()
        return resp.json()


def load_cache(path):
    if not path.exists():
        return None
    with path.open("rb") as fh:
        cached = pickle.load(fh)
    if dt.datetime.now() - cached["fetched"] > MAX_AGE:
        LOG.info("cache is stale")
        return None
    return cached


def save_cache(path, data):
    with path.open("wb") as fh:
        pickle.dump(data, fh)
    os.chmod(path, 0o600)


def show(data):
    print(f"Fetched {data['fetched']:%a %d %b %H:%M}")
    print("Stock:")
    for item in data["stock"]:
        flag = "  LOW" if item.get("qty", 0) < item.get("reorder", 0) else ""
        print(f"  {item['name']:<28} {item.get('qty', 0):>5}{flag}")
    print("Delivery slots:")
    for slot in data["slots"]:
        print(f"  {slot['date']}  {slot['window']}  ({slot.get('driver', '?')})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--verify-tls", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data = None if args.refresh else load_cache(CACHE)
    if data is None:
        client = PortalClient(PORTAL, ACCOUNT, API_KEY, args.verify_tls)
        data = {"fetched": dt.datetime.now()}
        for name in ENDPOINTS:
            data[name] = client.get(name)
        save_cache(CACHE, data)
        LOG.info("cache refreshed")
    show(data)


if __name__ == "__main__":
    main()
