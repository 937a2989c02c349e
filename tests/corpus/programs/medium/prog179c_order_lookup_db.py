#!/usr/bin/env python3
"""Order lookup for the counter: find garments by ticket, phone or name.

Works against the local POS SQLite database. Staff type partial names or
phone numbers when a customer forgets their ticket stub.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

log = logging.getLogger("orderlookup")

DB_PATH = Path(os.environ.get("POS_DB", "data/pos.sqlite"))

BASE_QUERY = (
    "SELECT o.ticket, c.name, c.phone, o.item, o.service, o.status, o.ready_date "
    "FROM orders o JOIN customers c ON c.id = o.customer_id "
)

# search mode -> WHERE clause template
FILTERS = {
    "ticket": "WHERE o.ticket = '{value}'",
    "phone": "WHERE replace(c.phone, ' ', '') LIKE '%{value}%'",
    "name": "WHERE lower(c.name) LIKE lower('%{value}%')",
    "status": "WHERE o.status = '{value}'",
}


class OrderStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def search(self, mode, value, limit=25):
        clause = FILTERS[mode].format(value=value.strip())
        sql = f"{BASE_QUERY}{clause} ORDER BY o.ready_date DESC LIMIT {int(limit)}"
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def mark_collected(self, ticket):
        sql = "UPDATE orders SET status = 'collected' WHERE ticket = '%s'" % ticket
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no matching orders")
        return
    print(f"{'ticket':<12} {'customer':<22} {'phone':<14} {'item':<18} {'service':<12} {'status':<10} ready")
    for r in rows:
        print(f"{r['ticket']:<12} {r['name']:<22} {r['phone']:<14} {r['item']:<18} "
              f"{r['service']:<12} {r['status']:<10} {r['ready_date']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=sorted(FILTERS) + ["collect"])
    ap.add_argument("value")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.db.exists():
        ap.error(f"database not found: {args.db}")
    store = OrderStore(args.db)
    try:
        if args.mode == "collect":
            n = store.mark_collected(args.value)
            log.info("%d order(s) marked collected", n)
        else:
            print_rows(store.search(args.mode, args.value, args.limit))
    finally:
        store.close()


if __name__ == "__main__":
    main()
