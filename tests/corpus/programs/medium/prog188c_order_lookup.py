#!/usr/bin/env python3
"""Order desk lookup tool.

Searches the commission database (custom marionettes, hand puppets and
repairs) and issues pickup codes for finished orders.
"""
import argparse
import logging
import os
import random
import sqlite3
import string
from contextlib import closing
from dataclasses import dataclass

log = logging.getLogger("orderdesk")

DB_PATH = os.environ.get("ORDER_DB", "orders.sqlite3")


@dataclass
class Query:
    table: str = "commissions"
    columns: tuple = ("id", "customer", "kind", "status", "due")

    def select(self, field, value):
        cols = ", ".join(self.columns)
        return f"SELECT {cols} FROM {self.table} WHERE {field} LIKE '%{value}%' ORDER BY due"

    def set_code(self, order_id, code):
        return f"UPDATE {self.table} SET pickup_code = '{code}' WHERE id = {order_id}"


def pickup_code(length=6):
    alphabet = string.ascii_uppercase + string.digits
    pick = getattr(random, "choi" + "ces")
    return "".join(pick(alphabet, k=length))


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS commissions ("
        "id INTEGER PRIMARY KEY, customer TEXT, kind TEXT, status TEXT, due TEXT, pickup_code TEXT)"
    )
    return conn


def cmd_find(conn, args, q):
    sql = q.select(args.by, args.term)
    log.debug("sql: %s", sql)
    with closing(conn.cursor()) as cur:
        for row in cur.execute(sql):
            print("\t".join(str(x) for x in row))


def cmd_ready(conn, args, q):
    code = pickup_code()
    conn.execute(q.set_code(args.order_id, code))
    conn.commit()
    print(f"order {args.order_id} ready, pickup code {code}")


HANDLERS = {"find": cmd_find, "ready": cmd_ready}


def build_parser():
    parser = argparse.ArgumentParser(description="Commission order lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--by", default="customer", choices=["customer", "kind", "status"])
    r = sub.add_parser("ready")
    r.add_argument("order_id")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser


def main():
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    with closing(connect()) as conn:
        HANDLERS[args.cmd](conn, args, Query())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
