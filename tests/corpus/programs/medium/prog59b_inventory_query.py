#!/usr/bin/env python3
"""Query the local asset inventory database (./inventory.db) from the shell.

Filters are given as field=value pairs, e.g.
    inventory_query.py owner=netops status=active --order purchased
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from functools import reduce
from itertools import starmap
from operator import methodcaller

log = logging.getLogger("inventory")
COLUMNS = ("asset_tag", "hostname", "owner", "status", "location", "purchased")

split_pair = methodcaller("split", "=", 1)


def parse_filters(raw):
    pairs = map(split_pair, raw)
    return [(k.strip(), v.strip()) for k, v in filter(lambda kv: len(kv) == 2, pairs)]


def clause(field, value):
    if "*" in value:
        return "{} LIKE '{}'".format(field, value.replace("*", "%"))
    return "{} = '{}'".format(field, value)


def build_query(table, filters, order, limit):
    where = reduce(lambda acc, c: f"{acc} AND {c}" if acc else c,
                   starmap(clause, filters), "")
    sql = f"SELECT {', '.join(COLUMNS)} FROM {table}"
    if where:
        sql += f" WHERE {where}"
    if order:
        sql += f" ORDER BY {order}"
    return sql + f" LIMIT {int(limit)}"


def rows(conn, sql):
    with closing(conn.cursor()) as cur:
        cur.execute(sql)
        yield from cur


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("filters", nargs="*", help="field=value (use * as wildcard)")
    ap.add_argument("--db", default="inventory.db")
    ap.add_argument("--table", default="assets")
    ap.add_argument("--order", default="hostname")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--csv", action="store_true", help="emit CSV instead of a table")
    ap.add_argument("--show-sql", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    filters = parse_filters(args.filters)
    unknown = [k for k, _ in filters if k not in COLUMNS]
    if unknown:
        log.error("unknown field(s): %s", ", ".join(unknown))
        return 2

    sql = build_query(args.table, filters, args.order, args.limit)
    if args.show_sql:
        log.info(sql)

    try:
        with closing(sqlite3.connect(args.db)) as conn:
            results = list(rows(conn, sql))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(COLUMNS)
        writer.writerows(results)
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(COLUMNS, *results)]
        fmt = "  ".join(f"{{:<{w}}}" for w in widths)
        print(fmt.format(*COLUMNS))
        print(*map(lambda r: fmt.format(*map(str, r)), results), sep="\n")
    log.info("%d row(s)", len(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
