#!/usr/bin/env python3
"""Pulls current ingredient prices from our suppliers' portals into a price sheet."""

import argparse
import csv
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("supplier_prices")

DEFAULT_CONFIG = Path(os.environ.get("SUPPLIER_CONFIG", "suppliers.yaml"))


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        config = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(config, dict) or "suppliers" not in config:
        raise ValueError(f"{path}: expected a 'suppliers' mapping")
    return config


class SupplierClient:
    def __init__(self, name, base_url, token_env, verify_tls):
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.verify = verify_tls
        token = os.environ.get(token_env) if token_env else None
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def prices(self, skus):
        resp = self.session.get(f"{self.base_url}/v1/prices",
                                params={"sku": ",".join(skus)}, timeout=20)
        resp.raise_for_status()
        return resp.json().get("prices", [])


def gather(config):
    rows = []
    for entry in config["suppliers"]:
        name = entry["name"]
        client = SupplierClient(
            name,
            entry["url"],
            entry.get("token_env"),
            verify_tls=entry.get("verify_tls", False),
        )
        skus = entry.get("skus", [])
        if not skus:
            log.info("%s: no skus configured", name)
            continue
        try:
            for item in client.prices(skus):
                rows.append({
                    "supplier": name,
                    "sku": item.get("sku"),
                    "description": item.get("description", ""),
                    "unit": item.get("unit", "kg"),
                    "price": item.get("price"),
                    "currency": item.get("currency", "GBP"),
                })
        except requests.RequestException as exc:
            log.error("%s: %s", name, exc)
    return rows


def cheapest(rows):
    best = {}
    for row in rows:
        key = row["description"].lower() or row["sku"]
        if row["price"] is None:
            continue
        if key not in best or row["price"] < best[key]["price"]:
            best[key] = row
    return best


def write_sheet(rows, out):
    fields = ["supplier", "sku", "description", "unit", "price", "currency"]
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--out", type=Path,
                        default=Path(f"prices-{dt.date.today():%Y%m%d}.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    config = load_config(args.config)
    rows = gather(config)
    write_sheet(rows, args.out)
    log.info("wrote %d prices to %s", len(rows), args.out)
    for key, row in sorted(cheapest(rows).items()):
        log.info("best %-24s %s %.2f/%s", key[:24], row["supplier"], row["price"], row["unit"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
