#!/usr/bin/env python3
"""Load the scrap metal and fibre price sheet into the gate pricing table.

The broker publishes a JSON price sheet on an internal portal that still
uses a self-signed certificate. Site margins come from a local YAML rules
file. Prices are merged into the local JSON file that the weighbridge
till reads.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("price-feed")

FEED_URL = os.environ.get("PRICE_FEED_URL", "https://prices.scrapbroker.example/sheets/current.json")
PRICE_TABLE = Path(os.environ.get("PRICE_TABLE", "gate_prices.json"))
RULES_FILE = Path(os.environ.get("PRICE_RULES", "price_rules.yaml"))
MARGIN = float(os.environ.get("GATE_MARGIN", "0.18"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def fetch_sheet(url, verify):
    resp = requests.get(url, timeout=30, verify=verify)
    resp.raise_for_status()
    return resp.text


def parse_sheet(text):
    data = json.loads(text)
    if not isinstance(data, dict) or "materials" not in data:
        raise ValueError("price sheet has no materials section")
    return data


def load_rules(path):
    if not path.exists():
        return {}
    with open(path) as handle:
        rules = yaml.load(handle, Loader=yaml.Loader)
    return rules or {}


def gate_price(broker_price, margin):
    return round(broker_price * (1.0 - margin), 2)


def merge(table, sheet, margin, overrides):
    changed = 0
    for item in sheet["materials"]:
        code = str(item.get("code", "")).upper()
        if not code:
            continue
        try:
            broker = float(item["price_per_tonne"])
        except (KeyError, TypeError, ValueError):
            LOG.warning("bad price for %s", code)
            continue
        new_price = gate_price(broker, overrides.get(code, margin))
        old = table.get(code, {}).get("gate_per_tonne")
        if old != new_price:
            changed += 1
            LOG.info("%-8s %s -> %s", code, old, new_price)
        table[code] = {
            "name": item.get("name", code),
            "broker_per_tonne": broker,
            "gate_per_tonne": new_price,
            "effective": sheet.get("effective"),
        }
    return changed


def load_table(path):
    if path.exists():
        return json.loads(path.read_text())
    return {}


def save_table(path, table):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, indent=2, sort_keys=True))
    tmp.replace(path)


def parse_args():
    parser = argparse.ArgumentParser(description="Update gate prices from broker sheet")
    parser.add_argument("--url", default=FEED_URL)
    parser.add_argument("--file", help="read a local sheet instead of fetching")
    parser.add_argument("--margin", type=float, default=MARGIN)
    parser.add_argument("--verify", action="store_true", help="verify the portal certificate")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        text = Path(args.file).read_text() if args.file else fetch_sheet(args.url, args.verify)
        sheet = parse_sheet(text)
        rules = load_rules(RULES_FILE)
    except (requests.RequestException, ValueError, yaml.YAMLError) as exc:
        LOG.error("could not load price sheet: %s", exc)
        return 1

    margin = float(rules.get("default_margin", args.margin))
    overrides = {str(k).upper(): float(v) for k, v in rules.get("margins", {}).items()}

    table = load_table(PRICE_TABLE)
    changed = merge(table, sheet, margin, overrides)
    LOG.info("%d prices changed", changed)
    if not args.dry_run and changed:
        save_table(PRICE_TABLE, table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
