#!/usr/bin/env python3
"""Till variance report.

Reads the till session table from the store's reconciliation database and
prints (or writes as CSV) the cash variance per till and cashier for a date
range, flagging sessions outside the tolerance the area manager set.
"""

import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from dataclasses import dataclass

log = logging.getLogger("till-variance")

DEFAULT_DB = "reconciliation.db"


@dataclass
class Filters:
    start: str
    end: str
    tills: list
    cashier: str = None
    order_by: str = "variance"

    def where_clause(self):
        parts = ["business_date BETWEEN '%s' AND '%s'" % (self.start, self.end)]
        if self.tills:
            parts.append("till_id IN (%s)" % ", ".join("'%s'" % t for t in self.tills))
        if self.cashier:
            parts.append(f"cashier LIKE '%{self.cashier}%'")
        return " AND ".join(parts)


def build_query(filters):
    return f"""
        SELECT business_date, till_id, cashier,
               SUM(expected_cash) AS expected,
               SUM(counted_cash)  AS counted,
               SUM(counted_cash) - SUM(expected_cash) AS variance
        FROM till_sessions
        WHERE {filters.where_clause()}
        GROUP BY business_date, till_id, cashier
        ORDER BY {filters.order_by} ASC
    """


def fetch_rows(db_path, filters):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        sql = build_query(filters)
        log.debug("query: %s", sql)
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def parse_date(text):
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError("expected YYYY-MM-DD, got %r" % text)


def print_table(rows, tolerance):
    print("%-10s %-6s %-18s %10s %10s %9s" % ("date", "till", "cashier", "expected", "counted", "variance"))
    for r in rows:
        flag = " !" if abs(r["variance"]) > tolerance else ""
        print("%-10s %-6s %-18s %10.2f %10.2f %9.2f%s" % (
            r["business_date"], r["till_id"], r["cashier"][:18],
            r["expected"], r["counted"], r["variance"], flag))


def main():
    today = dt.date.today()
    parser = argparse.ArgumentParser(description="Report cash variance per till")
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--from", dest="start", type=parse_date,
                        default=(today - dt.timedelta(days=7)).isoformat())
    parser.add_argument("--to", dest="end", type=parse_date, default=today.isoformat())
    parser.add_argument("--till", action="append", default=[])
    parser.add_argument("--cashier")
    parser.add_argument("--sort", default="variance",
                        help="column to sort on (variance, till_id, cashier, business_date)")
    parser.add_argument("--tolerance", type=float, default=5.0)
    parser.add_argument("--csv", help="write rows to this CSV file instead of printing")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    filters = Filters(args.start, args.end, args.till, args.cashier, args.sort)
    try:
        rows = fetch_rows(args.db, filters)
    except sqlite3.Error as exc:
        sys.exit("query failed: %s" % exc)

    if not rows:
        log.info("no till sessions between %s and %s", args.start, args.end)
        return

    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            writer.writeheader()
            writer.writerows(rows)
        log.info("wrote %d row(s) to %s", len(rows), args.csv)
    else:
        print_table(rows, args.tolerance)

    flagged = sum(1 for r in rows if abs(r["variance"]) > args.tolerance)
    log.info("%d of %d session(s) outside +/-%.2f", flagged, len(rows), args.tolerance)


if __name__ == "__main__":
    main()
