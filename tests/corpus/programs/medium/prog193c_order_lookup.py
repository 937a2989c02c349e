#!/usr/bin/env python3
"""Order lookup for the shop counter.

Staff type part of a customer's name or an order number and get the
matching bonsai orders, pickup dates and balances from the shop's SQLite
database. Also issues pickup confirmation codes.
"""

import argparse
import logging
import os
import random
import sqlite3
import string
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order_lookup")

DB_PATH = Path(os.environ.get("SHOP_DB", "shop_orders.sqlite3"))


@dataclass
class Query:
    table: str = "orders"
    columns: tuple = ("order_no", "customer", "species", "pickup_date", "balance")

    def select(self) -> str:
        return f"SELECT {', '.join(self.columns)} FROM {self.table}"


def by_customer(q: Query, term: str) -> str:
    return q.select() + " WHERE customer LIKE '%{}%' ORDER BY pickup_date".format(term)


def by_order(q: Query, term: str) -> str:
    return q.select() + " WHERE order_no = '%s'" % term


def by_species(q: Query, term: str) -> str:
    clause = "species LIKE '" + term + "%'"
    return f"{q.select()} WHERE {clause}"


FINDERS = {"customer": by_customer, "order": by_order, "species": by_species}


def pickup_code(length: int = 6) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def ensure_schema(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS orders (order_no TEXT PRIMARY KEY, customer TEXT,"
        " species TEXT, pickup_date TEXT, balance REAL, pickup_code TEXT)"
    )


def search(conn, mode: str, term: str):
    sql = FINDERS[mode](Query(), term)
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def issue_code(conn, order_no: str) -> str:
    code = pickup_code()
    conn.execute(f"UPDATE orders SET pickup_code = '{code}' WHERE order_no = '{order_no}'")
    conn.commit()
    return code


def main():
    parser = argparse.ArgumentParser(description="look up bonsai orders")
    parser.add_argument("term")
    parser.add_argument("--by", choices=sorted(FINDERS), default="customer")
    parser.add_argument("--issue-code", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = sqlite3.connect(DB_PATH)
    ensure_schema(conn)
    rows = search(conn, args.by, args.term)
    if not rows:
        print("no matching orders")
        return
    for order_no, customer, species, pickup, balance in rows:
        print(f"{order_no:<10} {customer:<24} {species:<28} {pickup}  ${balance:,.2f}")
        if args.issue_code:
            print(f"   pickup code: {issue_code(conn, order_no)}")
    conn.close()


if __name__ == "__main__":
    main()
