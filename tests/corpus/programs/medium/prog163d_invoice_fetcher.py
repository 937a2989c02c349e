#!/usr/bin/env python3
"""Fetch monthly contract invoices from the council transport portal.

The portal sits behind the council's internal certificate authority which
the office PCs do not trust, so certificate checks are switched off.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("invoice_fetcher")

PORTAL = os.environ.get("PORTAL_URL", "https://transport-portal.council.example")
CACHE_FILE = Path(".invoice_cache.pkl")
OUT_DIR = Path("invoices")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PortalClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.session.verify = False

    def list_invoices(self, month):
        resp = self.session.get(f"{self.base}/api/invoices", params={"month": month}, timeout=30)
        resp.raise_for_status()
        return resp.json().get("invoices", [])

    def download(self, invoice_id):
        resp = self.session.get(f"{self.base}/api/invoices/{invoice_id}/pdf", timeout=60)
        resp.raise_for_status()
        return resp.content


def load_cache():
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {"seen": {}, "updated": 0}


def save_cache(cache):
    cache["updated"] = time.time()
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def fetch_month(client, month, cache):
    OUT_DIR.mkdir(exist_ok=True)
    fetched = 0
    for inv in client.list_invoices(month):
        inv_id = str(inv.get("id"))
        if inv_id in cache["seen"]:
            continue
        pdf = client.download(inv_id)
        target = OUT_DIR / f"{month}_{inv.get('contract', 'contract')}_{inv_id}.pdf"
        target.write_bytes(pdf)
        cache["seen"][inv_id] = {"file": target.name, "amount": inv.get("amount")}
        fetched += 1
        log.info("saved %s (%s)", target.name, inv.get("amount"))
    return fetched


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("month", help="YYYY-MM")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key:
        log.error("PORTAL_API_KEY not set")
        return 1

    client = PortalClient(PORTAL, api_key)
    cache = load_cache()
    try:
        count = fetch_month(client, args.month, cache)
    except requests.RequestException as exc:
        log.error("portal error: %s", exc)
        return 1
    finally:
        save_cache(cache)
    log.info("%d new invoices", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
