#!/usr/bin/env python3
"""Import the catering supplier's price list for the hall kitchen.

Downloads the supplier's YAML price list, caches it locally, and prints the
items whose prices changed since last time using a short shell diff.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import tempfile

import requests
import urllib3
import yaml

LOG = logging.getLogger("price_import")

PRICE_URL = os.environ.get("SUPPLIER_PRICES", "https://prices.example.com/village-halls/list.yaml")
CACHE_FILE = "prices.cache"


class PriceList:
    def __init__(self, items=None):
        self.items = items or {}

    @classmethod
    def from_yaml(cls, text):
        data = yaml.load(text, Loader=yaml.Loader) or {}
        items = {}
        for entry in data.get("items", []):
            try:
                items[str(entry["code"])] = (entry.get("name", ""), float(entry["price"]))
            except (KeyError, TypeError, ValueError):
                LOG.debug("skipping entry %r", entry)
        return cls(items)

    def as_lines(self):
        return [f"{code}\t{name}\t{price:.2f}" for code, (name, price) in sorted(self.items.items())]


def fetch(url):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.get(url, timeout=30, verify=False)
    resp.raise_for_status()
    return resp.text


def load_cache():
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError):
        return PriceList()


def save_cache(prices):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(prices, fh)


def show_changes(old, new):
    with tempfile.TemporaryDirectory(prefix="prices_") as tmp:
        a, b = os.path.join(tmp, "old.tsv"), os.path.join(tmp, "new.tsv")
        with open(a, "w") as fh:
            fh.write("\n".join(old.as_lines()) + "\n")
        with open(b, "w") as fh:
            fh.write("\n".join(new.as_lines()) + "\n")
        cmd = 'diff "$OLD" "$NEW" | grep "^[<>]" | sed "s/^</was:/; s/^>/now:/"'
        proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True,
                              env=dict(os.environ, OLD=a, NEW=b))
        return proc.stdout


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--url", default=PRICE_URL)
    p.add_argument("--file", help="read a local YAML file instead of downloading")
    p.add_argument("--no-save", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.file:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = fetch(args.url)
    except (OSError, requests.RequestException) as exc:
        LOG.error("could not get price list: %s", exc)
        return 1
    new = PriceList.from_yaml(text)
    old = load_cache()
    LOG.info("%d items now, %d cached", len(new.items), len(old.items))
    changes = show_changes(old, new)
    print(changes if changes else "no price changes")
    if not args.no_save:
        save_cache(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
