#!/usr/bin/env python3
"""Pull today's fish prices from the wholesale suppliers.

Each supplier is described in suppliers.yaml. Prices land in a CSV the
head chefs use to decide the day's specials.
"""
import argparse
import csv
import logging
import os
import sys
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("price-pull")


@dataclass
class Supplier:
    name: str
    base_url: str
    key_env: str
    species: list = field(default_factory=list)
    verify_tls: bool = False

    @property
    def key(self):
        return os.environ.get(self.key_env, "")


def load_suppliers(path):
    with open(path) as fh:
        raw = yaml.load(fh, Loader=yaml.Loader)
    return [Supplier(**entry) for entry in raw.get("suppliers", [])]


class PriceClient:
    def __init__(self, supplier):
        self.supplier = supplier
        self.session = requests.Session()
        self.session.verify = supplier.verify_tls
        if supplier.key:
            self.session.headers["Authorization"] = "Bearer " + supplier.key
        self.session.headers["Accept"] = "application/json"

    def fetch(self, species):
        url = "%s/v1/prices/%s" % (self.supplier.base_url.rstrip("/"), species)
        resp = self.session.get(url, params={"date": date.today().isoformat()}, timeout=15)
        resp.raise_for_status()
        return resp.json()


def normalise(supplier, species, data):
    unit = data.get("unit", "kg")
    price = float(data.get("price", 0.0))
    if unit == "lb":
        price = price / 0.4536
        unit = "kg"
    return {
        "supplier": supplier.name,
        "species": species,
        "grade": data.get("grade", ""),
        "price_per_kg": round(price, 2),
        "available_kg": data.get("available", ""),
    }


def collect(suppliers):
    rows = []
    for sup in suppliers:
        client = PriceClient(sup)
        for sp in sup.species:
            try:
                rows.append(normalise(sup, sp, client.fetch(sp)))
            except requests.RequestException as exc:
                log.warning("%s/%s: %s", sup.name, sp, exc)
    return rows


def write_csv(rows, out):
    fields = ["supplier", "species", "grade", "price_per_kg", "available_kg"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for row in sorted(rows, key=lambda r: (r["species"], r["price_per_kg"])):
            w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description="Supplier price pull")
    ap.add_argument("--config", default="suppliers.yaml")
    ap.add_argument("--out", default="prices-%s.csv" % date.today().isoformat())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    if not Path(args.config).exists():
        log.error("missing %s", args.config)
        return 1
    suppliers = load_suppliers(args.config)
    rows = collect(suppliers)
    write_csv(rows, args.out)
    log.info("wrote %d prices to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
