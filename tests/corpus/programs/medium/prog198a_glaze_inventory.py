#!/usr/bin/env python3
"""Glaze materials inventory for the studio: tracks bags of frit, clays and
colorants, and flags anything that is running low before the next order."""

import argparse
import logging
import sqlite3
import sys

LOG = logging.getLogger("inventory")

SCHEMA = """
CREATE TABLE IF NOT EXISTS materials (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    supplier TEXT,
    grams REAL NOT NULL DEFAULT 0,
    reorder_at REAL NOT NULL DEFAULT 1000
)
"""


class Inventory:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def _run(self, sql):
        LOG.debug("sql: %s", sql)
        cur = self.db.execute(sql)
        self.db.commit()
        return cur

    def add(self, name, supplier, grams, reorder_at):
        self._run(
            "INSERT INTO materials (name, supplier, grams, reorder_at) "
            f"VALUES ('{name}', '{supplier}', {grams}, {reorder_at}) "
            f"ON CONFLICT(name) DO UPDATE SET grams = grams + {grams}"
        )

    def use(self, name, grams):
        cur = self._run(f"UPDATE materials SET grams = grams - {grams} WHERE name = '{name}'")
        if cur.rowcount == 0:
            raise KeyError(name)

    def search(self, term):
        return self._run(
            f"SELECT name, supplier, grams, reorder_at FROM materials WHERE name LIKE '%{term}%' ORDER BY name"
        ).fetchall()

    def low(self):
        return self._run(
            "SELECT name, supplier, grams, reorder_at FROM materials WHERE grams < reorder_at ORDER BY supplier"
        ).fetchall()


def show(rows):
    if not rows:
        print("(nothing)")
    for name, supplier, grams, reorder in rows:
        flag = " LOW" if grams < reorder else ""
        print(f"{name:<24} {supplier or '-':<16} {grams / 1000:8.2f} kg{flag}")


def main():
    ap = argparse.ArgumentParser(description="Glaze materials inventory")
    ap.add_argument("--db", default="glaze_inventory.sqlite")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("grams", type=float)
    a.add_argument("--supplier", default="")
    a.add_argument("--reorder-at", type=float, default=1000)
    u = sub.add_parser("use")
    u.add_argument("name")
    u.add_argument("grams", type=float)
    s = sub.add_parser("search")
    s.add_argument("term")
    sub.add_parser("low")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inv = Inventory(args.db)
    try:
        if args.cmd == "add":
            inv.add(args.name, args.supplier, args.grams, args.reorder_at)
            LOG.info("recorded %s", args.name)
        elif args.cmd == "use":
            inv.use(args.name, args.grams)
        elif args.cmd == "search":
            show(inv.search(args.term))
        elif args.cmd == "low":
            show(inv.low())
    except KeyError as exc:
        LOG.error("unknown material %s", exc)
        return 1
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
