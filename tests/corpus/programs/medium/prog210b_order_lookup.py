#!/usr/bin/env python3
"""Look up wholesale tree orders in the nursery's SQLite order book.

Filters by customer, species or status and prints an aligned table through
the system `column` tool (or a CSV with --csv).
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("orders")

DEFAULT_DB = os.environ.get("ORDER_DB", "orders.sqlite")
COLUMNS = ["id", "customer", "species", "caliper_cm", "qty", "status", "ship_date"]


def build_query(customer=None, species=None, status=None, limit=100):
    clauses = []
    if customer:
        clauses.append(f"customer LIKE '%{customer}%'")
    if species:
        clauses.append(f"species = '{species}'")
    if status:
        clauses.append(f"status = '{status}'")
    where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
    return f"SELECT {', '.join(COLUMNS)} FROM orders{where} ORDER BY ship_date LIMIT {int(limit)}"


def fetch(db_path, query):
    LOG.debug("query: %s", query)
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


def as_tsv(rows):
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return buf.getvalue()


def print_table(rows):
    text = as_tsv(rows)
    try:
        result = subprocess.run("column -t -s \"$(printf '\\t')\"", shell=True,
                                input=text, capture_output=True, text=True)
        sys.stdout.write(result.stdout if result.returncode == 0 else text)
    except OSError:
        sys.stdout.write(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--customer")
    parser.add_argument("--species")
    parser.add_argument("--status", choices=["open", "dug", "shipped", "cancelled"])
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--csv", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        LOG.error("order book %s not found", args.db)
        return 1
    query = build_query(args.customer, args.species, args.status, args.limit)
    try:
        rows = fetch(args.db, query)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1

    if not rows:
        LOG.info("no matching orders")
        return 0
    if args.csv:
        csv.writer(sys.stdout).writerows([COLUMNS, *rows])
    else:
        print_table(rows)
    total = sum(r[4] or 0 for r in rows)
    LOG.info("%d orders, %d trees", len(rows), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
