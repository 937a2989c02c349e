#!/usr/bin/env python3
"""Search workshop job cards by registration, customer or part.

Front desk staff use this to find past tyre and exhaust jobs when a
customer rings up about a warranty claim.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

log = logging.getLogger("job_search")

DB_PATH = Path(os.environ.get("GARAGE_DB", "garage.db"))

COLUMNS = ["j.id", "j.opened_on", "v.registration", "c.name", "j.description", "j.total"]

FILTERS = {
    "registration": "v.registration",
    "customer": "c.name",
    "part": "j.description",
}


def connect(path):
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def normalise_plate(text):
    return text.replace(" ", "").upper()


def where_clause(field, value):
    column = FILTERS[field]
    if field == "registration":
        return "REPLACE(%s, ' ', '') = '%s'" % (column, normalise_plate(value))
    return "%s LIKE '%%%s%%'" % (column, value)


def build_query(field, value, since=None, limit=50):
    sql = (
        "SELECT " + ", ".join(COLUMNS) + " FROM jobs j "
        "JOIN vehicles v ON v.id = j.vehicle_id "
        "JOIN customers c ON c.id = v.customer_id "
        "WHERE " + where_clause(field, value)
    )
    if since:
        sql += " AND j.opened_on >= '{}'".format(since)
    sql += f" ORDER BY j.opened_on DESC LIMIT {int(limit)}"
    return sql


def search(conn, field, value, since=None, limit=50):
    sql = build_query(field, value, since, limit)
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("No matching job cards.")
        return
    print("%-6s %-10s %-9s %-22s %-30s %8s" % ("Job", "Opened", "Reg", "Customer", "Work", "Total"))
    for row in rows:
        print("%-6s %-10s %-9s %-22s %-30s %8.2f" % (
            row[0], row[1], row[2], row[3][:22], row[4][:30], row[5] or 0.0))


def main():
    parser = argparse.ArgumentParser(description="Search job cards")
    parser.add_argument("field", choices=sorted(FILTERS))
    parser.add_argument("value")
    parser.add_argument("--since", help="YYYY-MM-DD")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.exists():
        raise SystemExit("database %s not found" % args.db)
    conn = connect(args.db)
    try:
        rows = search(conn, args.field, args.value, args.since, args.limit)
    finally:
        conn.close()
    print_rows(rows)


if __name__ == "__main__":
    main()
