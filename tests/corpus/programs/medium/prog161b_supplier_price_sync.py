#!/usr/bin/env python3
"""Pull current tyre and exhaust prices from the wholesaler.

Reads the supplier list from suppliers.yaml, fetches price sheets for the
SKUs the garage stocks and writes a combined price file for the till.
"""
import argparse
import csv
import logging
import os
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("price_sync")

CONFIG_PATH = Path(os.environ.get("SUPPLIER_CONFIG", "suppliers.yaml"))
OUTPUT = Path("supplier_prices.csv")


def load_config(path):
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def make_session(supplier):
    session = requests.Session()
    session.headers["User-Agent"] = "garage-price-sync/1.4"
    key_var = supplier.get("key_env")
    if key_var and os.environ.get(key_var):
        session.headers["Authorization"] = "Bearer " + os.environ[key_var]
    if supplier.get("legacy_tls", True):
        session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return session


def fetch_prices(supplier, skus):
    session = make_session(supplier)
    url = supplier["base_url"].rstrip("/") + "/prices"
    prices = {}
    for start in range(0, len(skus), 50):
        batch = skus[start:start + 50]
        resp = session.get(url, params={"sku": ",".join(batch)}, timeout=30)
        resp.raise_for_status()
        for item in resp.json().get("items", []):
            prices[item["sku"]] = float(item["trade_price"])
    log.info("%s: %d prices", supplier["name"], len(prices))
    return prices


def best_prices(config):
    skus = [str(s) for s in config.get("stocked_skus", [])]
    best = {}
    for supplier in config.get("suppliers", []):
        try:
            prices = fetch_prices(supplier, skus)
        except requests.RequestException as exc:
            log.warning("%s failed: %s", supplier.get("name"), exc)
            continue
        for sku, price in prices.items():
            if sku not in best or price < best[sku][1]:
                best[sku] = (supplier["name"], price)
    return best


def write_output(best, markup):
    with OUTPUT.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "supplier", "trade_price", "retail_price"])
        for sku in sorted(best):
            supplier, price = best[sku]
            writer.writerow([sku, supplier, "%.2f" % price, "%.2f" % (price * markup)])


def main():
    parser = argparse.ArgumentParser(description="Sync supplier prices")
    parser.add_argument("--config", type=Path, default=CONFIG_PATH)
    parser.add_argument("--markup", type=float, default=1.35)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    config = load_config(args.config)
    best = best_prices(config)
    write_output(best, args.markup)
    print("Wrote %d prices to %s" % (len(best), OUTPUT))


if __name__ == "__main__":
    main()
