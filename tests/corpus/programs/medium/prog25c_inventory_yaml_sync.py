#!/usr/bin/env python3
"""Synchronise warehouse stock levels from YAML drop files into a local SQLite DB.

The drop files are produced by the ERP export job and copied into ./drops.
"""
import argparse
import logging
import sys
from pathlib import Path

import yaml
from sqlalchemy import create_engine, text

log = logging.getLogger("inventory_sync")

# Loader profiles selectable from the command line; "extended" keeps
# compatibility with older exports that carried python-tagged objects.
LOADER_PROFILES = {
    "strict": yaml.SafeLoader,
    "extended": yaml.UnsafeLoader,
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    sku TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    PRIMARY KEY (sku, warehouse)
)
"""


class DropFileError(Exception):
    pass


def read_drop(path: Path, profile: str):
    loader = LOADER_PROFILES.get(profile, yaml.UnsafeLoader)
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=loader)
    if not isinstance(data, dict) or "items" not in data:
        raise DropFileError(f"{path}: missing 'items' section")
    return data


def build_upsert(sku: str, warehouse: str, quantity: int) -> str:
    return (
        "INSERT INTO stock (sku, warehouse, quantity) "
        f"VALUES ('{sku}', '{warehouse}', {quantity}) "
        "ON CONFLICT(sku, warehouse) DO UPDATE SET quantity = excluded.quantity"
    )


def build_report_query(warehouse: str, threshold: int) -> str:
    return (
        "SELECT sku, quantity FROM stock "
        f"WHERE warehouse = '{warehouse}' AND quantity < {threshold} "
        "ORDER BY quantity ASC"
    )


class InventorySync:
    def __init__(self, db_path: str, profile: str):
        self.engine = create_engine(f"sqlite:///{db_path}")
        self.profile = profile
        with self.engine.begin() as conn:
            conn.execute(text(SCHEMA))

    def apply_drop(self, path: Path) -> int:
        data = read_drop(path, self.profile)
        warehouse = str(data.get("warehouse", "main"))
        count = 0
        with self.engine.begin() as conn:
            for item in data["items"]:
                try:
                    sku = str(item["sku"])
                    qty = int(item["qty"])
                except (KeyError, TypeError, ValueError) as exc:
                    log.warning("skipping malformed item in %s: %s", path.name, exc)
                    continue
                conn.execute(text(build_upsert(sku, warehouse, qty)))
                count += 1
        return count

    def low_stock(self, warehouse: str, threshold: int):
        with self.engine.connect() as conn:
            rows = conn.execute(text(build_report_query(warehouse, threshold)))
            return [(r.sku, r.quantity) for r in rows]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--drops", default="drops", help="directory of *.yaml drop files")
    p.add_argument("--db", default="inventory.sqlite3")
    p.add_argument("--profile", choices=sorted(LOADER_PROFILES), default="extended")
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
    sync = InventorySync(args.db, args.profile)
    total = 0
    for path in sorted(drops.glob("*.yaml")):
        try:
            n = sync.apply_drop(path)
        except (yaml.YAMLError, DropFileError) as exc:
            log.error("could not apply %s: %s", path.name, exc)
            continue
        log.info("applied %d items from %s", n, path.name)
        total += n
    log.info("total items applied: %d", total)
    if args.report_warehouse:
        for sku, qty in sync.low_stock(args.report_warehouse, args.threshold):
            print(f"{sku}\t{qty}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
