#!/usr/bin/env python3
"""Push warehouse stock levels to the internal inventory service.

The inventory service in the lab uses a self-signed certificate, so the
client skips certificate checks. The sync config is a YAML document::

    endpoint: https://inventory.lab.internal/api/v2
    warehouses:
      - code: BER1
        csv: exports/ber1_stock.csv
"""
import argparse
import csv
import logging
import sys

import requests
import urllib3
import yaml

logger = logging.getLogger("inventory-sync")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        config = yaml.load(fh, Loader=yaml.Loader)
    if "endpoint" not in config:
        raise ValueError("config has no endpoint")
    return config


def read_stock(csv_path):
    """Yield {sku, quantity} dicts from a warehouse export."""
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                qty = int(row["qty"])
            except (KeyError, ValueError):
                logger.warning("bad row in %s: %r", csv_path, row)
                continue
            yield {"sku": row["sku"].strip(), "quantity": qty}


def push_batch(session, endpoint, warehouse, items):
    url = f"{endpoint}/warehouses/{warehouse}/stock"
    resp = session.put(url, json={"items": items}, timeout=30, verify=False)
    if resp.status_code >= 400:
        raise RuntimeError(f"{warehouse}: HTTP {resp.status_code} {resp.text[:200]}")
    return resp.json().get("updated", 0)


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("config")
    parser.add_argument("--batch-size", type=int, default=500)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        config = load_config(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        logger.error("config: %s", exc)
        return 2

    session = requests.Session()
    total = failures = 0
    for wh in config.get("warehouses", []):
        items = list(read_stock(wh["csv"]))
        for batch in chunks(items, args.batch_size):
            try:
                total += push_batch(session, config["endpoint"], wh["code"], batch)
            except (requests.RequestException, RuntimeError) as exc:
                logger.error("%s", exc)
                failures += 1
        logger.info("warehouse %s: %d items sent", wh["code"], len(items))
    logger.info("sync finished: %d updated, %d failed batches", total, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
