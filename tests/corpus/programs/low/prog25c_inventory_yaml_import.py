#!/usr/bin/env python3
"""Import warehouse stock levels from YAML drop files into a local SQLite DB.

The drop files are produced by the ERP export job and copied into ./drops.
"""
import argparse
import logging
import sys
from pathlib import Path

import yaml
from sqlalchemy import create_engine, text

log = logging.getLogger("inventory_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    sku TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    PRIMARY KEY (sku, warehouse)
)
"""

UPSERT = text(
    "INSERT INTO stock (sku, warehouse, quantity) "
    "VALUES (:sku, :warehouse, :quantity) "
    "ON CONFLICT(sku, warehouse) DO UPDATE SET quantity = excluded.quantity"
)

LOW_STOCK = text(
    "SELECT sku, quantity FROM stock "
    "WHERE warehouse = :warehouse AND quantity < :threshold "
    "ORDER BY quantity ASC"
)


class DropFileError(Exception):
    pass


def read_drop(path: Path):
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    if not isinstance(data, dict) or "items" not in data:
        raise DropFileError(f"{path}: missing 'items' section")
    return data


class InventoryImporter:
    def __init__(self, db_path: str):
        self.engine = create_engine(f"sqlite:///{db_path}")
        with self.engine.begin() as conn:
            conn.execute(text(SCHEMA))

    def apply_drop(self, path: Path) -> int:
        data = read_drop(path)
        warehouse = str(data.get("warehouse", "main"))
        count = 0
        with self.engine.begin() as conn:
            for item in data["items"]:
                try:
                    params = {
                        "sku": str(item["sku"]),
                        "warehouse": warehouse,
                        "quantity": int(item["qty"]),
                    }
                except (KeyError, TypeError, ValueError) as exc:
                    log.warning("skipping malformed item in %s: %s", path.name, exc)
                    continue
                conn.execute(UPSERT, params)
                count += 1
        return count

    def low_stock(self, warehouse: str, threshold: int):
        with self.engine.connect() as conn:
            rows = conn.execute(LOW_STOCK, {"warehouse": warehouse,
                                            "threshold": threshold})
            return [(r.sku, r.quantity) for r in rows]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--drops", default="drops", help="directory of *.yaml drop files")
    p.add_argument("--db", default="inventory.sqlite3")
    p.add_argument("--report-warehouse", default=None)
    p.add_argument("--threshold", type=int, default=10)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    drops = Path(args.drops)
    if not drops.is_dir():
        log.error("drop directory %s does not exist", drops)
        return 2
    importer = InventoryImporter(args.db)
    total = 0
    for path in sorted(drops.glob("*.yaml")):
        try:
            n = importer.apply_drop(path)
        except (yaml.YAMLError, DropFileError) as exc:
            log.error("could not apply %s: %s", path.name, exc)
            continue
        log.info("applied %d items from %s", n, path.name)
        total += n
    log.info("total items applied: %d", total)
    if args.report_warehouse:
        for sku, qty in importer.low_stock(args.report_warehouse, args.threshold):
            print(f"{sku}\t{qty}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
