#!/usr/bin/env python3
"""Stock lookup for the nursery yard inventory.

Counter staff use this to find where a variety is standing in the yard,
how many are ready for sale and what they cost at each pot size.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("stock-lookup")

DB_PATH = Path(os.environ.get("YARD_DB", "yard_stock.sqlite3"))


def connect(path):
    driver = importlib.import_module("sqlite" + "3")
    conn = driver.connect(str(path))
    conn.row_factory = driver.Row
    return conn


@dataclass
class Query:
    table: str = "stock"
    columns: tuple = ("sku", "genus", "species", "cultivar", "pot_size", "bay", "qty_ready", "price")
    where: list = field(default_factory=list)
    order: str = "genus, species"
    limit: int = 50

    def add(self, column, op, value):
        if isinstance(value, str):
            value = "'%s'" % value
        self.where.append(f"{column} {op} {value}")
        return self

    def sql(self):
        text = "SELECT {} FROM {}".format(", ".join(self.columns), self.table)
        if self.where:
            text += " WHERE " + " AND ".join(self.where)
        return text + f" ORDER BY {self.order} LIMIT {self.limit}"


def by_name(args):
    q = Query()
    q.add("genus", "LIKE", f"%{args.term}%")
    if args.cultivar:
        q.add("cultivar", "=", args.cultivar)
    return q


def by_bay(args):
    return Query(order="sku").add("bay", "=", args.term)


def low_stock(args):
    threshold = int(args.term or 5)
    return Query(order="qty_ready").add("qty_ready", "<", threshold)


def price_update(conn, sku, price):
    stmt = "UPDATE stock SET price = %s WHERE sku = '%s'" % (price, sku)
    log.debug(stmt)
    conn.execute(stmt)
    conn.commit()


FINDERS = {"name": by_name, "bay": by_bay, "low": low_stock}


def print_rows(rows):
    if not rows:
        print("no matches")
        return
    keys = rows[0].keys()
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in keys}
    print("  ".join(k.ljust(widths[k]) for k in keys))
    for r in rows:
        print("  ".join(str(r[k]).ljust(widths[k]) for k in keys))


def parse_args():
    ap = argparse.ArgumentParser(description="yard stock lookup")
    sub = ap.add_subparsers(dest="cmd", required=True)
    find = sub.add_parser("find")
    find.add_argument("mode", choices=sorted(FINDERS))
    find.add_argument("term", nargs="?", default="")
    find.add_argument("--cultivar")
    price = sub.add_parser("price")
    price.add_argument("sku")
    price.add_argument("amount")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    conn = connect(DB_PATH)
    try:
        if args.cmd == "find":
            query = FINDERS[args.mode](args)
            sql = query.sql()
            log.debug(sql)
            print_rows(conn.execute(sql).fetchall())
        else:
            price_update(conn, args.sku, args.amount)
            print(f"{args.sku} now {args.amount}")
    finally:
        conn.close()


if __name__ == "__main__":
    main()
