#!/usr/bin/env python3
"""Summarise the yard inventory coming out of the stock-count export.

Reads JSON lines on stdin, e.g.
    bash export_counts.sh | python3 inventory_summary.py --prices
and writes into the working directory:
  * inventory_summary.md - counts per species and size
  * inventory.env        - shell variables for the reorder script
                           (load with `source inventory.env`)
"""
import argparse
import json
import logging
import os
import shlex
import sys
from collections import Counter
from pathlib import Path

import requests

LOG = logging.getLogger("inventory")
PRICE_URL = os.environ.get("PRICE_LIST_URL", "https://api.example.com/nursery/prices.json")


def read_records(stream):
    for n, line in enumerate(stream, start=1):
        line = line.strip()
        if not line:
            continue
        try:
            rec = json.loads(line)
            yield rec["species"], rec.get("size", "unsized"), int(rec.get("count", 0))
        except (json.JSONDecodeError, KeyError, ValueError) as exc:
            LOG.warning("record %d skipped: %s", n, exc)


def fetch_prices(url, timeout):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    return resp.json()


def env_name(species):
    return "STOCK_" + "".join(c if c.isalnum() else "_" for c in species.upper())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prices", action="store_true", help="add list prices to the summary")
    parser.add_argument("--low", type=int, default=int(os.environ.get("REORDER_BELOW", 20)))
    parser.add_argument("--timeout", type=int, default=10)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    by_species, by_size = Counter(), Counter()
    for species, size, count in read_records(sys.stdin):
        by_species[species] += count
        by_size[(species, size)] += count
    if not by_species:
        LOG.error("no records on stdin")
        return 1

    prices = {}
    if args.prices:
        try:
            prices = fetch_prices(PRICE_URL, args.timeout)
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("price list unavailable: %s", exc)

    md = ["# Yard inventory", "", "| Species | Size | Count | List price |", "|---|---|---:|---:|"]
    for (species, size), count in sorted(by_size.items()):
        price = prices.get(species, {}).get(size, "")
        md.append(f"| {species} | {size} | {count} | {price} |")
    Path("inventory_summary.md").write_text("\n".join(md) + "\n")

    low = sorted(s for s, c in by_species.items() if c < args.low)
    env_lines = [f"{env_name(s)}={c}" for s, c in sorted(by_species.items())]
    env_lines.append(f"REORDER_LIST={shlex.quote(' '.join(low))}")
    env_lines.append(f"STOCK_TOTAL={sum(by_species.values())}")
    Path("inventory.env").write_text("\n".join(env_lines) + "\n")

    LOG.info("%d species, %d below %d", len(by_species), len(low), args.low)
    return 0


if __name__ == "__main__":
    sys.exit(main())
