#!/usr/bin/env python3
"""Query the bell order ledger.

The ledger is a SQLite database of commissioned bells (parish, note, weight,
casting date).  Results of expensive summary queries are cached on disk so
the office can re-run reports quickly.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from functools import wraps
from pathlib import Path

log = logging.getLogger("ledger")

CACHE_DIR = Path(os.environ.get("LEDGER_CACHE", ".ledger_cache"))
CACHE_TTL = 3600


def cached(fn):
    @wraps(fn)
    def inner(conn, **kw):
        key = fn.__name__ + "_" + "_".join(f"{k}-{v}" for k, v in sorted(kw.items()))
        path = CACHE_DIR / (key.replace("/", "_") + ".pkl")
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            with open(path, "rb") as fh:
                return pickle.load(fh)
        result = fn(conn, **kw)
        CACHE_DIR.mkdir(exist_ok=True)
        with open(path, "wb") as fh:
            pickle.dump(result, fh)
        return result
    return inner


class Ledger:
    table = "orders"
    columns = ("id", "parish", "note", "weight_kg", "cast_date", "status")

    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def _select(self, where):
        cols = ", ".join(self.columns)
        sql = f"SELECT {cols} FROM {self.table} WHERE {where} ORDER BY cast_date"
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_parish(self, parish):
        return self._select(f"parish LIKE '%{parish}%'")

    def by_status(self, status):
        return self._select(f"status = '{status}'")

    def heavier_than(self, kg):
        return self._select(f"weight_kg > {kg}")


@cached
def weight_summary(conn, year):
    sql = ("SELECT note, COUNT(*), SUM(weight_kg) FROM orders "
           "WHERE strftime('%Y', cast_date) = '{}' GROUP BY note".format(year))
    return conn.execute(sql).fetchall()


def print_rows(rows, columns):
    print("\t".join(columns))
    for row in rows:
        print("\t".join(str(v) for v in row))


def main():
    ap = argparse.ArgumentParser(description="Bell order ledger queries")
    ap.add_argument("--db", default="ledger.sqlite")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("parish").add_argument("name")
    sub.add_parser("status").add_argument("value")
    sub.add_parser("heavy").add_argument("kg")
    sub.add_parser("summary").add_argument("year")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ledger = Ledger(args.db)
    dispatch = {
        "parish": lambda: ledger.by_parish(args.name),
        "status": lambda: ledger.by_status(args.value),
        "heavy": lambda: ledger.heavier_than(args.kg),
    }
    try:
        if args.cmd == "summary":
            print_rows(weight_summary(ledger.conn, year=args.year),
                       ("note", "count", "total_kg"))
        else:
            print_rows(dispatch[args.cmd](), Ledger.columns)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
