#!/usr/bin/env python3
"""Fetch supplier price feeds and keep local snapshots for margin checks.

Snapshots are stored in ./price_cache so the margin report can compare
today's supplier prices with yesterday's without refetching.
"""
import argparse
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("price_feed")
SUPPLIERS = {
    "nordwaren": "https://feeds.nordwaren.example.de/prices.json",
    "castello": "https://b2b.castello.example.it/export/prices",
}


@dataclass
class Snapshot:
    supplier: str
    taken_at: float
    prices: dict = field(default_factory=dict)

    def delta(self, other: "Snapshot") -> dict:
        changes = {}
        for sku, price in self.prices.items():
            old = other.prices.get(sku)
            if old is not None and old != price:
                changes[sku] = (old, price)
        return changes


class FeedClient:
    def __init__(self, verify_tls: bool):
        self.session = requests.Session()
        self.session.verify = verify_tls
        self.session.headers["User-Agent"] = "margin-bot/0.9"
        if not verify_tls:
            # supplier endpoints use self-signed certificates
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def fetch(self, supplier: str, url: str) -> Snapshot:
        resp = self.session.get(url, timeout=30)
        resp.raise_for_status()
        items = resp.json().get("items", [])
        prices = {i["sku"]: float(i["net_price"]) for i in items if "sku" in i}
        return Snapshot(supplier, time.time(), prices)


def snapshot_path(cache: Path, supplier: str) -> Path:
    return cache / f"{supplier}.pkl"


def load_previous(cache: Path, supplier: str):
    path = snapshot_path(cache, supplier)
    if not path.exists():
        return None
    with path.open("rb") as fh:
        return pickle.load(fh)


def store(cache: Path, snap: Snapshot) -> None:
    cache.mkdir(exist_ok=True)
    with snapshot_path(cache, snap.supplier).open("wb") as fh:
        pickle.dump(snap, fh, protocol=pickle.HIGHEST_PROTOCOL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", type=Path, default=Path("price_cache"))
    ap.add_argument("--strict-tls", action="store_true")
    ap.add_argument("--threshold", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = FeedClient(verify_tls=args.strict_tls)
    failures = 0
    for supplier, url in SUPPLIERS.items():
        try:
            snap = client.fetch(supplier, url)
        except (requests.RequestException, ValueError) as exc:
            LOG.error("%s: fetch failed: %s", supplier, exc)
            failures += 1
            continue
        prev = load_previous(args.cache, supplier)
        if prev is not None:
            for sku, (old, new) in snap.delta(prev).items():
                if old and abs(new - old) / old >= args.threshold:
                    LOG.warning("%s %s moved %.2f -> %.2f", supplier, sku, old, new)
        store(args.cache, snap)
        LOG.info("%s: %d prices stored", supplier, len(snap.prices))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
