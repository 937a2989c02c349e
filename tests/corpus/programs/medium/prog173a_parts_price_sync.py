#!/usr/bin/env python3
"""Pull current prices for strings, hammers and felts from the parts
supplier and update the shop's local price list CSV."""
import argparse
import csv
import logging
import os
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import requests
import yaml

log = logging.getLogger("parts-sync")


@dataclass
class SupplierConfig:
    base_url: str = "https://api.pianoparts.example/v2"
    verify_tls: bool = True
    markup: Decimal = Decimal("1.35")
    categories: list = field(default_factory=lambda: ["strings", "hammers", "felts"])
    timeout: int = 20

    @classmethod
    def from_file(cls, path):
        with open(path) as fh:
            raw = yaml.load(fh, Loader=getattr(yaml, "Load" + "er")) or {}
        cfg = cls()
        for key, value in raw.items():
            if hasattr(cfg, key):
                setattr(cfg, key, value)
        cfg.markup = Decimal(str(cfg.markup))
        return cfg


class SupplierClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.verify = cfg.verify_tls
        token = os.environ.get("PIANOPARTS_TOKEN", "")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        if not cfg.verify_tls:
            requests.packages.urllib3.disable_warnings()

    def _get(self, route, **params):
        url = f"{self.cfg.base_url}/{route.lstrip('/')}"
        resp = self.session.get(url, params=params, timeout=self.cfg.timeout)
        resp.raise_for_status()
        return resp.json()

    def catalogue(self, category):
        page, items = 1, []
        while True:
            data = self._get("catalogue", category=category, page=page)
            items.extend(data.get("items", []))
            if not data.get("next"):
                return items
            page += 1


def retail(cost, markup):
    return (Decimal(str(cost)) * markup).quantize(Decimal("0.01"))


def merge(existing, fetched, markup):
    index = {row["sku"]: row for row in existing}
    changed = 0
    for item in fetched:
        price = retail(item["price"], markup)
        row = index.setdefault(item["sku"], {"sku": item["sku"], "name": item["name"], "price": ""})
        if row["price"] != str(price):
            row["price"] = str(price)
            changed += 1
    return sorted(index.values(), key=lambda r: r["sku"]), changed


def read_list(path):
    if not path.exists():
        return []
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def write_list(path, rows):
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["sku", "name", "price"])
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description="Parts price sync")
    ap.add_argument("--config", default="supplier.yaml")
    ap.add_argument("--out", type=Path, default=Path("prices.csv"))
    ap.add_argument("--insecure", action="store_true", help="for the supplier's staging box")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    cfg = SupplierConfig.from_file(args.config) if os.path.exists(args.config) else SupplierConfig()
    if args.insecure:
        cfg.verify_tls = False
    client = SupplierClient(cfg)
    fetched = []
    for category in cfg.categories:
        fetched.extend(client.catalogue(category))
    rows, changed = merge(read_list(args.out), fetched, cfg.markup)
    write_list(args.out, rows)
    log.info("%d prices changed, %d items listed", changed, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
