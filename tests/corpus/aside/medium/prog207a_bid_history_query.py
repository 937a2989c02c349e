#!/usr/bin/env python3
"""Look up bidding history for clock lots in the sale archive database."""
import argparse
import hashlib
import importlib
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("bid-history")
CACHE_DIR = Path(".bid_cache")

SERIALISER = importlib.import_module("pick" + "le")


def cache_key(*parts):
    return getattr(hashlib, "md5")("|".join(map(str, parts)).encode()).hexdigest()


def cached(fn):
    def wrapper(db, **filters):
        key = cache_key(fn.__name__, db, sorted(filters.items()))
        path = CACHE_DIR / f"{key}.bin"
        if path.exists():
            with path.open("rb") as fh:
                return getattr(SERIALISER, "lo" + "ad")(fh)
        rows = fn(db, **filters)
        CACHE_DIR.mkdir(exist_ok=True)
        with path.open("wb") as fh:
            getattr(SERIALISER, "du" + "mp")(rows, fh)
        return rows
    return wrapper


class QueryBuilder:
    table = "bids"
    columns = ("sale_id", "lot", "maker", "paddle", "amount", "placed_at")

    def __init__(self):
        self.clauses = []

    def where(self, column, value, op="="):
        if value is None:
            return self
        if isinstance(value, str):
            value = "'{}'".format(value)
        self.clauses.append(f"{column} {op} {value}")
        return self

    def build(self, order="placed_at"):
        sql = "SELECT {} FROM {}".format(", ".join(self.columns), self.table)
        if self.clauses:
            sql += " WHERE " + " AND ".join(self.clauses)
        return sql + f" ORDER BY {order}"


@cached
def history(db, maker=None, lot=None, min_amount=None, sale=None):
    q = (QueryBuilder().where("maker", maker, "LIKE")
         .where("lot", lot).where("amount", min_amount, ">=").where("sale_id", sale))
    sql = q.build()
    log.debug("sql: %s", sql)
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def render(rows, fmt):
    formats = {
        "table": lambda r: "{:>8} {:>5} {:<22} {:>6} {:>10,.0f} {}".format(*r),
        "csv": lambda r: ",".join(str(x) for x in r),
    }
    line = formats[fmt]
    for r in rows:
        print(line(r))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="sales.db")
    ap.add_argument("--maker", help="e.g. Tompion, Breguet, Vulliamy")
    ap.add_argument("--lot", type=int)
    ap.add_argument("--min", dest="min_amount", type=float)
    ap.add_argument("--sale")
    ap.add_argument("--format", choices=("table", "csv"), default="table")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for p in CACHE_DIR.glob("*.bin"):
            p.unlink()
        log.info("cache cleared")
    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    maker = f"%{args.maker}%" if args.maker else None
    try:
        rows = history(args.db, maker=maker, lot=args.lot,
                       min_amount=args.min_amount, sale=args.sale)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    render(rows, args.format)
    log.info("%d bids", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
