#!/usr/bin/env python3
"""Quick lookups against the pressing-order database for the sales desk."""
import argparse
import csv
import functools
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order-lookup")

DB_PATH = Path(os.environ.get("ORDERS_DB", "./orders.sqlite3"))


@dataclass
class Query:
    table: str
    columns: tuple
    where: str = ""
    order: str = ""

    def text(self):
        sql = "SELECT {} FROM {}".format(", ".join(self.columns), self.table)
        if self.where:
            sql += " WHERE " + self.where
        if self.order:
            sql += " ORDER BY " + self.order
        return sql


def _clause(template):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(value):
            return fn(template % value)
        return inner
    return wrap


@_clause("customer LIKE '%%%s%%'")
def by_customer(cond):
    return Query("orders", ("id", "customer", "catalogue", "qty", "status"),
                 where=cond, order="created DESC")


@_clause("catalogue = '%s'")
def by_catalogue(cond):
    return Query("orders", ("id", "customer", "qty", "colour", "weight_g", "status"),
                 where=cond)


@_clause("status = '%s'")
def by_status(cond):
    return Query("orders", ("id", "customer", "catalogue", "due"),
                 where=cond, order="due")


@_clause("press_date >= '%s'")
def pressed_since(cond):
    return Query("press_runs", ("run_id", "catalogue", "press", "good", "rejects"),
                 where=cond, order="press_date")


FINDERS = {
    "customer": by_customer,
    "catalogue": by_catalogue,
    "status": by_status,
    "since": pressed_since,
}


class Store:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def fetch(self, q: Query):
        sql = q.text()
        log.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        return [dict(r) for r in cur.fetchall()]

    def close(self):
        self.conn.close()


def emit(rows, fmt):
    if not rows:
        print("no matches")
        return
    if fmt == "csv":
        w = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
        return
    keys = list(rows[0])
    print("  ".join(f"{k:<14}" for k in keys))
    for r in rows:
        print("  ".join(f"{str(r[k]):<14}" for k in keys))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("kind", choices=sorted(FINDERS))
    ap.add_argument("value")
    ap.add_argument("--format", choices=("table", "csv"), default="table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not DB_PATH.exists():
        log.error("database %s not found", DB_PATH)
        return 1
    store = Store(DB_PATH)
    try:
        emit(store.fetch(FINDERS[args.kind](args.value)), args.format)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
