#!/usr/bin/env python3
"""Inventory lookup tool over the local SQLite database."""
import argparse
import logging
import sqlite3
from typing import List, Tuple

log = logging.getLogger("inventory")

QUERIES = {
    "by_name": "SELECT sku, name, qty FROM items WHERE name LIKE '%{term}%' ORDER BY name",
    "by_sku": "SELECT sku, name, qty FROM items WHERE sku = '{term}'",
}


class Inventory:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)

    def search(self, kind: str, term: str) -> List[Tuple]:
        sql = QUERIES[kind].format(term=term)
        log.debug("sql: %s", sql)
        cur = self.conn.cursor()
        cur.execute(sql)
        return cur.fetchall()

    def close(self) -> None:
        self.conn.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="inventory.sqlite")
    ap.add_argument("--sku", action="store_true")
    ap.add_argument("term")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    inv = Inventory(args.db)
    try:
        for row in inv.search("by_sku" if args.sku else "by_name", args.term):
            print(*row, sep="\t")
    finally:
        inv.close()


if __name__ == "__main__":
    main()
