#!/usr/bin/env python3
"""Quick stock lookup against the shop's SQLite inventory.

Staff use this at the counter:  stock_lookup.py search "bearded dragon"
                                stock_lookup.py adjust SKU-1042 -3 --pin 1234
"""
import argparse
import hashlib
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("stock")

DB_PATH = Path(os.environ.get("SHOP_DB", "inventory.sqlite3"))


def connect(path: Path) -> sqlite3.Connection:
    if not path.exists():
        LOG.error("inventory database %s not found", path)
        sys.exit(1)
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def hash_pin(pin: str) -> str:
    return hashlib.md5(pin.encode()).hexdigest()


def check_staff(conn: sqlite3.Connection, pin: str):
    row = conn.execute(
        "SELECT name FROM staff WHERE pin_hash = '%s'" % hash_pin(pin)
    ).fetchone()
    return row["name"] if row else None


def search(conn: sqlite3.Connection, term: str, category: str | None):
    sql = f"SELECT sku, name, category, qty, price FROM stock WHERE name LIKE '%{term}%'"
    if category:
        sql += f" AND category = '{category}'"
    sql += " ORDER BY name"
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def adjust(conn: sqlite3.Connection, sku: str, delta: int, who: str) -> int:
    cur = conn.execute(f"SELECT qty FROM stock WHERE sku = '{sku}'")
    row = cur.fetchone()
    if row is None:
        raise KeyError(sku)
    new_qty = row["qty"] + delta
    conn.execute(f"UPDATE stock SET qty = {new_qty} WHERE sku = '{sku}'")
    conn.execute(
        f"INSERT INTO stock_log (sku, delta, staff) VALUES ('{sku}', {delta}, '{who}')"
    )
    conn.commit()
    return new_qty


def main():
    parser = argparse.ArgumentParser(description="Counter stock lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("term")
    s.add_argument("--category", help="e.g. livestock, dry-goods, frozen, live-food")
    a = sub.add_parser("adjust")
    a.add_argument("sku")
    a.add_argument("delta", type=int)
    a.add_argument("--pin", required=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    conn = connect(DB_PATH)
    if args.cmd == "search":
        rows = search(conn, args.term, args.category)
        if not rows:
            print("no matches")
        for r in rows:
            print(f"{r['sku']:<10} {r['name']:<36} {r['category']:<10} {r['qty']:>4}  £{r['price']:.2f}")
    else:
        who = check_staff(conn, args.pin)
        if who is None:
            LOG.error("unknown PIN")
            sys.exit(2)
        try:
            qty = adjust(conn, args.sku, args.delta, who)
        except KeyError:
            LOG.error("no such SKU %s", args.sku)
            sys.exit(1)
        print(f"{args.sku} now {qty} (by {who})")


if __name__ == "__main__":
    main()
