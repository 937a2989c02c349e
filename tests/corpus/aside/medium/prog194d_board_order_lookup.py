#!/usr/bin/env python3
"""Look up custom board orders in the shop's order database.

Used at the counter: find orders by customer name, status or board model
and print a short status card for each.
"""
import argparse
import dataclasses
import logging
import os
import pathlib
import sqlite3

log = logging.getLogger("order_lookup")

DB_PATH = pathlib.Path(os.environ.get("ORDER_DB", "./data/orders.sqlite3"))


@dataclasses.dataclass
class Order:
    order_id: int
    customer: str
    model: str
    length: str
    status: str
    due: str

    def card(self):
        return (f"#{self.order_id:<5} {self.customer:<22} {self.model:<12} "
                f"{self.length:<7} {self.status:<10} due {self.due}")


class Query:
    table = "orders"
    columns = ("order_id", "customer", "model", "length", "status", "due")

    def __init__(self):
        self.clauses = []

    def where(self, column, op, value):
        self.clauses.append(f"{column} {op} '{value}'")
        return self

    def sql(self, order_by="due"):
        text = f"SELECT {', '.join(self.columns)} FROM {self.table}"
        if self.clauses:
            text += " WHERE " + " AND ".join(self.clauses)
        return text + f" ORDER BY {order_by}"


FILTERS = {
    "customer": lambda q, v: q.where("customer", "LIKE", f"%{v}%"),
    "status": lambda q, v: q.where("status", "=", v),
    "model": lambda q, v: q.where("model", "=", v),
    "before": lambda q, v: q.where("due", "<=", v),
}


def build(args):
    q = Query()
    for name, apply in FILTERS.items():
        value = getattr(args, name)
        if value:
            apply(q, value)
    return q.sql(args.sort)


def run(db, sql):
    log.debug("sql: %s", sql)
    with sqlite3.connect(db) as conn:
        return [Order(*row) for row in conn.execute(sql)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--customer")
    ap.add_argument("--status", choices=["quoted", "shaping", "glassing",
                                          "sanding", "ready", "collected"])
    ap.add_argument("--model", help="e.g. fish, mid-length, step-up")
    ap.add_argument("--before", help="due on or before YYYY-MM-DD")
    ap.add_argument("--sort", default="due")
    ap.add_argument("--db", type=pathlib.Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    orders = run(args.db, build(args))
    if not orders:
        print("no matching orders")
        return 1
    for order in orders:
        print(order.card())
    print(f"{len(orders)} order(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
