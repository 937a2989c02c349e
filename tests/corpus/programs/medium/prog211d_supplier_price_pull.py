#!/usr/bin/env python3
"""Pull paraffin and additive price sheets from suppliers and compare."""
import argparse
import csv
import io
import logging
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("price-pull")
CACHE = Path(".price_cache.pkl")

TABLE_SH = r"""#!/bin/bash
printf '%s\n' "$PRICE_TABLE" | column -t -s $'\t'
"""


def load_suppliers(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return cfg.get("suppliers", [])


def load_cache(max_age):
    if CACHE.exists() and time.time() - CACHE.stat().st_mtime < max_age:
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(data):
    with CACHE.open("wb") as fh:
        pickle.dump(data, fh)


def fetch_sheet(supplier):
    # several supplier portals run self-signed certificates
    resp = requests.get(supplier["url"], timeout=30, verify=False)
    resp.raise_for_status()
    rows = list(csv.DictReader(io.StringIO(resp.text)))
    prices = {}
    for r in rows:
        try:
            prices[r["item"].strip().lower()] = float(r["eur_per_kg"])
        except (KeyError, ValueError):
            continue
    return prices


def render(all_prices, items):
    lines = ["item\t" + "\t".join(all_prices.keys())]
    for item in items:
        cells = [f"{all_prices[s].get(item, float('nan')):.2f}" for s in all_prices]
        lines.append(item + "\t" + "\t".join(cells))
    table = "\n".join(lines)
    subprocess.run(["bash", "-c", TABLE_SH],
                   env=dict(os.environ, PRICE_TABLE=table), check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="suppliers.yaml")
    ap.add_argument("--items", nargs="+",
                    default=["paraffin 58/60", "microcrystalline", "stearic acid",
                             "graphite", "molybdenum disulfide"])
    ap.add_argument("--max-age", type=int, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    try:
        suppliers = load_suppliers(args.config)
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("bad config: %s", exc)
        return 1
    cached = load_cache(args.max_age)
    result = {}
    for sup in suppliers:
        name = sup.get("name", sup.get("url"))
        if name in cached:
            result[name] = cached[name]
            continue
        try:
            result[name] = fetch_sheet(sup)
            LOG.info("%s: %d prices", name, len(result[name]))
        except requests.RequestException as exc:
            LOG.warning("%s failed: %s", name, exc)
    if not result:
        LOG.error("no price data")
        return 1
    save_cache(result)
    render(result, [i.lower() for i in args.items])
    return 0


if __name__ == "__main__":
    sys.exit(main())
