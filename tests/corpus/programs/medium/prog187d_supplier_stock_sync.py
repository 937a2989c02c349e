#!/usr/bin/env python3
"""Pull bar stock and coal availability from the steel supplier's portal.

The supplier's portal uses a self-signed certificate on their internal
box, so verification is off. Settings come from a YAML file.
"""
import argparse
import csv
import logging
import os
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("stock-sync")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

DEFAULT_CONFIG = Path(os.environ.get("STOCK_SYNC_CONFIG", "stock_sync.yaml"))


class SupplierClient:
    def __init__(self, base_url: str, api_key: str):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.session.verify = False

    def stock(self, category: str):
        resp = self.session.get(f"{self.base_url}/api/stock",
                                params={"category": category}, timeout=20)
        resp.raise_for_status()
        return resp.json().get("items", [])


def load_config(path: Path) -> dict:
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def write_csv(items, path: Path):
    fields = ["sku", "description", "size", "qty", "unit_price"]
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(items)


def main():
    parser = argparse.ArgumentParser(description="Supplier stock sync")
    parser.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--out-dir", type=Path, default=Path("stock"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("SUPPLIER_API_KEY", cfg.get("api_key", ""))
    client = SupplierClient(cfg.get("base_url", "https://portal.example.com"), api_key)

    args.out_dir.mkdir(exist_ok=True)
    low = []
    for category in cfg.get("categories", ["flat-bar", "round-bar", "square-bar", "coal"]):
        items = client.stock(category)
        write_csv(items, args.out_dir / f"{category}.csv")
        log.info("%s: %d items", category, len(items))
        for item in items:
            if item.get("qty", 0) < cfg.get("low_stock", 10):
                low.append(f"{category}: {item.get('description')} ({item.get('qty')})")

    if low:
        log.warning("low stock at supplier:\n  %s", "\n  ".join(low))


if __name__ == "__main__":
    main()
