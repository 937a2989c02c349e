#!/usr/bin/env python3
"""Fetch current metal and timber prices from suppliers.

Organ metal (tin/lead alloys), spotted metal sheet and quarter-sawn oak
are bought from a handful of suppliers whose price lists are published
as JSON. This pulls them, compares with last week's and keeps a copy
for the estimating spreadsheet.
"""
import argparse
import json
import logging
import os
import subprocess
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("prices")

SNAPSHOT = Path("/tmp/organworks_supplier_prices.json")
PREVIOUS = Path("/tmp/organworks_supplier_prices.prev.json")


@dataclass
class Supplier:
    name: str
    url: str
    verify: bool = True


SUPPLIERS = [
    Supplier("tinmetal", "https://portal.tinmetal.example/api/prices", verify=False),
    Supplier("oakyard", "https://prices.oakyard.example/current.json"),
    Supplier("leatherhouse", "https://leatherhouse.example/pricelist.json", verify=False),
]


def quiet_warnings():
    getattr(urllib3, "disable_warnings")(urllib3.exceptions.InsecureRequestWarning)


def fetch(supplier, session):
    options = {"timeout": 20, "verify": supplier.verify}
    resp = session.get(supplier.url, **options)
    resp.raise_for_status()
    return resp.json()


def normalise(raw):
    items = raw.get("items", raw if isinstance(raw, list) else [])
    return {i["sku"]: float(i["price"]) for i in items if "sku" in i and "price" in i}


def compare(old, new, threshold=0.03):
    changes = []
    for supplier, prices in new.items():
        before = old.get(supplier, {})
        for sku, price in prices.items():
            prior = before.get(sku)
            if prior and abs(price - prior) / prior > threshold:
                changes.append((supplier, sku, prior, price))
    return changes


def rotate_and_compress():
    if SNAPSHOT.exists():
        SNAPSHOT.replace(PREVIOUS)
    archive = Path(os.environ.get("PRICE_ARCHIVE", "price-archive"))
    archive.mkdir(exist_ok=True)
    dated = archive / f"prices-{date.today().isoformat()}.json"
    if PREVIOUS.exists():
        dated.write_bytes(PREVIOUS.read_bytes())
        subprocess.run(["gzip", "-f", str(dated)], check=False)


def main(argv=None):
    parser = argparse.ArgumentParser(description="supplier price sync")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--threshold", type=float, default=0.03)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    quiet_warnings()

    old = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
    current = {}
    with requests.Session() as session:
        session.headers["User-Agent"] = "organworks-estimating/1.3"
        for supplier in SUPPLIERS:
            if args.only and supplier.name not in args.only:
                continue
            try:
                current[supplier.name] = normalise(fetch(supplier, session))
            except (requests.RequestException, ValueError) as exc:
                log.warning("%s: %s", supplier.name, exc)

    rotate_and_compress()
    SNAPSHOT.write_text(json.dumps(current, indent=2))
    for supplier, sku, before, after in compare(old, current, args.threshold):
        log.info("%-14s %-12s %9.2f -> %9.2f", supplier, sku, before, after)
    log.info("saved %d suppliers to %s", len(current), SNAPSHOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
