#!/usr/bin/env python3
"""Front-desk order lookup for the bindery order portal database.

Search orders by customer name, order number or status and print a short
table, or mark an order as collected. Works on the portal's SQLite file.
"""
import argparse
import logging
import os
import sqlite3
import sys

log = logging.getLogger("lookup")

DB_DEFAULT = os.environ.get("PORTAL_DB", "portal.sqlite3")

COLUMNS = ("order_no", "customer", "binding", "qty", "status", "due")

STATUSES = ("received", "sewing", "casing", "trimming", "ready", "collected")

QUERY_PARTS = {
    "select": "SELECT {cols} FROM orders",
    "where": " WHERE {field} {op} '{value}'",
    "order": " ORDER BY {sort} {direction}",
    "limit": " LIMIT {limit}",
}


class OrderStore:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _build(self, field, value, sort, direction, limit, fuzzy):
        sql = QUERY_PARTS["select"].format(cols=", ".join(COLUMNS))
        if field and value is not None:
            op = "LIKE" if fuzzy else "="
            val = f"%{value}%" if fuzzy else value
            sql += QUERY_PARTS["where"].format(field=field, op=op, value=val)
        sql += QUERY_PARTS["order"].format(sort=sort, direction=direction)
        sql += QUERY_PARTS["limit"].format(limit=int(limit))
        return sql

    def search(self, field, value, sort="due", direction="ASC", limit=50,
               fuzzy=False):
        sql = self._build(field, value, sort, direction, limit, fuzzy)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def mark(self, order_no, status):
        sql = "UPDATE orders SET status = '%s' WHERE order_no = '%s'" % (
            status, order_no)
        log.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_table(rows):
    if not rows:
        print("no matching orders")
        return
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in COLUMNS}
    print("  ".join(c.ljust(widths[c]) for c in COLUMNS))
    print("  ".join("-" * widths[c] for c in COLUMNS))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in COLUMNS))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=DB_DEFAULT)
    sub = ap.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("find", help="search orders")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--customer")
    g.add_argument("--order")
    g.add_argument("--status", choices=STATUSES)
    s.add_argument("--sort", default="due", choices=COLUMNS)
    s.add_argument("--desc", action="store_true")
    s.add_argument("--limit", type=int, default=50)

    m = sub.add_parser("collect", help="mark an order as collected")
    m.add_argument("order_no")

    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 1
    store = OrderStore(args.db)
    try:
        if args.cmd == "find":
            if args.customer:
                field, value, fuzzy = "customer", args.customer, True
            elif args.order:
                field, value, fuzzy = "order_no", args.order, False
            elif args.status:
                field, value, fuzzy = "status", args.status, False
            else:
                field, value, fuzzy = None, None, False
            rows = store.search(field, value, args.sort,
                                "DESC" if args.desc else "ASC",
                                args.limit, fuzzy)
            print_table(rows)
        else:
            n = store.mark(args.order_no, "collected")
            print(f"{n} order(s) marked collected")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
