#!/usr/bin/env python3
"""Weekly stock-level report for the shop.

Reads the stock sheet exported from the till, asks the wholesaler's public
availability API how many of each low-stock item they can supply, and writes
a re-order report. API answers are cached on disk for a day.
"""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stock-report")

API = os.environ.get("AVAIL_API", "https://api.example.com/availability/v2/item")
CACHE_DIR = Path(".cache") / "availability"
MAX_AGE = 24 * 3600


@dataclass
class Item:
    sku: str
    description: str
    on_hand: int
    reorder_at: int

    @property
    def low(self):
        return self.on_hand <= self.reorder_at


def _http():
    req = importlib.import_module("urllib.request")
    return getattr(req, "urlopen")


def cached(fn):
    def wrapper(sku):
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        key = hashlib.md5(sku.encode()).hexdigest()
        path = CACHE_DIR / (key + ".json")
        if path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
            return json.loads(path.read_text())
        value = fn(sku)
        path.write_text(json.dumps(value))
        return value
    return wrapper


@cached
def availability(sku):
    opener = _http()
    url = "{}?sku={}".format(API, sku)
    try:
        with opener(url, timeout=10) as resp:
            return json.loads(resp.read().decode())
    except OSError as exc:
        log.warning("lookup for %s failed: %s", sku, exc)
        return {"sku": sku, "available": None}


def read_sheet(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Item(row["sku"], row["description"], int(row["on_hand"]), int(row["reorder_at"]))


FORMATS = {}


def fmt(name):
    def deco(fn):
        FORMATS[name] = fn
        return fn
    return deco


@fmt("csv")
def write_csv(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "description", "on_hand", "reorder_at", "supplier_available"])
        w.writerows(rows)


@fmt("md")
def write_md(rows, out):
    lines = ["| SKU | Item | On hand | Re-order at | Supplier |", "|---|---|---|---|---|"]
    lines += ["| {} | {} | {} | {} | {} |".format(*r) for r in rows]
    Path(out).write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet", nargs="?", default="stock_sheet.csv")
    ap.add_argument("--format", choices=sorted(FORMATS), default="md")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = []
    for item in read_sheet(args.sheet):
        if not item.low:
            continue
        info = availability(item.sku)
        rows.append((item.sku, item.description, item.on_hand, item.reorder_at,
                     info.get("available", "?")))
    out = args.output or "reorder_{}.{}".format(time.strftime("%Y%m%d"), args.format)
    FORMATS[args.format](rows, out)
    log.info("%d low-stock items written to %s", len(rows), out)


if __name__ == "__main__":
    main()
