#!/usr/bin/env python3
"""Supply inventory for the hut store room.

Keeps stock levels for food, fuel and first-aid items in a local SQLite
database, records deliveries and usage, and lists items that need to go on
the next helicopter supply drop.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("inventory")

DB_PATH = Path("inventory.db")
CACHE_PATH = Path(".reorder_cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    item TEXT PRIMARY KEY,
    category TEXT,
    qty INTEGER,
    minimum INTEGER
)"""


class Inventory:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def _q(self, sql):
        LOG.debug("sql: %s", sql)
        cur = self.db.execute(sql)
        self.db.commit()
        return cur.fetchall()

    def add(self, item, category, qty, minimum):
        self._q(f"INSERT OR REPLACE INTO stock VALUES ('{item}', '{category}', {qty}, {minimum})")

    def adjust(self, item, delta):
        self._q(f"UPDATE stock SET qty = qty + {delta} WHERE item = '{item}'")

    def by_category(self, category):
        return self._q(f"SELECT item, qty, minimum FROM stock WHERE category = '{category}' ORDER BY item")

    def reorder(self):
        return self._q("SELECT item, category, qty, minimum FROM stock WHERE qty < minimum ORDER BY category")


def load_cached():
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    return None


def save_cached(rows):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(rows, fh)


def cmd_add(inv, a):
    inv.add(a.item, a.category, a.qty, a.minimum)
    print(f"stored {a.item}")


def cmd_use(inv, a):
    inv.adjust(a.item, -a.qty)
    print(f"used {a.qty} x {a.item}")


def cmd_deliver(inv, a):
    inv.adjust(a.item, a.qty)
    print(f"delivered {a.qty} x {a.item}")


def cmd_list(inv, a):
    for item, qty, minimum in inv.by_category(a.category):
        flag = "  LOW" if qty < minimum else ""
        print(f"{item:25} {qty:5} / {minimum:<5}{flag}")


def cmd_drop(inv, a):
    rows = inv.reorder()
    previous = load_cached()
    if previous is not None and previous != rows:
        print("(reorder list changed since last check)")
    save_cached(rows)
    for item, category, qty, minimum in rows:
        print(f"{category:10} {item:25} need {minimum - qty}")


COMMANDS = {"add": cmd_add, "use": cmd_use, "deliver": cmd_deliver,
            "list": cmd_list, "drop": cmd_drop}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("item"); p.add_argument("category")
    p.add_argument("qty", type=int); p.add_argument("minimum", type=int)
    for name in ("use", "deliver"):
        p = sub.add_parser(name)
        p.add_argument("item"); p.add_argument("qty", type=int)
    sub.add_parser("list").add_argument("category")
    sub.add_parser("drop")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        COMMANDS[args.cmd](Inventory(), args)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
