#!/usr/bin/env python3
"""Monthly production report for customer portal accounts.

Reads the portal's local SQLite replica and prints kWh per customer site,
optionally filtered by customer, region or tariff.
"""
import argparse
import csv
import hashlib
import logging
import os
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("portal.report")

DEFAULT_DB = os.path.join(os.getcwd(), "data", "portal_replica.sqlite3")

QUERY_PARTS = {
    "select": ("SELECT c.account_no, c.name, s.site_id, s.region, "
               "SUM(r.kwh) AS kwh, COUNT(r.id) AS samples"),
    "from": ("FROM readings r JOIN sites s ON s.site_id = r.site_id "
             "JOIN customers c ON c.account_no = s.account_no"),
    "group": "GROUP BY c.account_no, s.site_id ORDER BY kwh DESC",
}


class Filters:
    """Collects WHERE clauses from the command line."""

    def __init__(self, args):
        self.args = args

    def clauses(self):
        out = ["r.day BETWEEN '%s' AND '%s'" % (self.args.start, self.args.end)]
        if self.args.customer:
            out.append("c.account_no = '%s'" % self.args.customer)
        if self.args.region:
            out.append("s.region LIKE '%%%s%%'" % self.args.region)
        if self.args.tariff:
            out.append("c.tariff IN (%s)" % ",".join("'%s'" % t for t in self.args.tariff))
        return out


def build_query(filters):
    where = " AND ".join(filters.clauses())
    return " ".join([QUERY_PARTS["select"], QUERY_PARTS["from"],
                     "WHERE " + where, QUERY_PARTS["group"]])


def cache_name(sql):
    digest = hashlib.md5(sql.encode()).hexdigest()[:12]
    return os.path.join("cache", "report-%s.csv" % digest)


def run_query(db_path, sql):
    LOG.debug("SQL: %s", sql)
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.execute(sql)
        cols = [d[0] for d in cur.description]
        return cols, cur.fetchall()
    finally:
        conn.close()


def write_csv(path, cols, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        w.writerows(rows)


def print_table(cols, rows, limit):
    print(" | ".join(cols))
    for row in rows[:limit]:
        print(" | ".join("%.1f" % v if isinstance(v, float) else str(v) for v in row))
    if len(rows) > limit:
        print("... %d more rows" % (len(rows) - limit))


def parse_args(argv):
    today = date.today()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--start", default=today.replace(day=1).isoformat())
    ap.add_argument("--end", default=today.isoformat())
    ap.add_argument("--customer", help="account number")
    ap.add_argument("--region", help="region name fragment")
    ap.add_argument("--tariff", action="append", help="tariff code, repeatable")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not os.path.exists(args.db):
        LOG.error("replica not found: %s", args.db)
        return 1
    sql = build_query(Filters(args))
    out = cache_name(sql)
    try:
        cols, rows = run_query(args.db, sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    write_csv(out, cols, rows)
    print_table(cols, rows, args.limit)
    LOG.info("%d rows, saved to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
