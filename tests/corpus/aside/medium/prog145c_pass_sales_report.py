#!/usr/bin/env python3
"""Pass sales report for the ticket office.

Reads the day's sales from the point-of-sale SQLite database and prints
totals per product and per till. Office staff log in with their till PIN
so the report can be filtered to their own sales.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys

import yaml

LOG = logging.getLogger("pass-report")

CACHE_FILE = "report_cache.pkl"


def load_config(path):
    with open(path) as fh:
        # config may contain python tags for custom product groups
        return yaml.load(fh, Loader=yaml.Loader)


def pin_digest(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def check_staff(conn, user, pin):
    row = conn.execute(
        "SELECT pin_hash, till FROM staff WHERE login = '%s'" % user
    ).fetchone()
    if row is None:
        return None
    stored, till = row
    return till if stored == pin_digest(pin) else None


def sales_for(conn, day, till=None, product=None):
    sql = ("SELECT product, till, COUNT(*), SUM(price_cents) FROM sales "
           "WHERE date(sold_at) = '{}'".format(day))
    if till:
        sql += " AND till = '{}'".format(till)
    if product:
        sql += f" AND product LIKE '%{product}%'"
    sql += " GROUP BY product, till ORDER BY product, till"
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


class ReportCache:
    """Keeps yesterday's totals so the report can show the change."""

    def __init__(self, path):
        self.path = path
        self.data = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
        return self.data

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def print_report(rows, previous, groups):
    total_cents = 0
    print("{:<20} {:<6} {:>6} {:>10} {:>8}".format("product", "till", "count", "amount", "delta"))
    for product, till, count, cents in rows:
        key = "%s/%s" % (product, till)
        delta = count - previous.get(key, 0)
        group = groups.get(product, "")
        label = product + (" [%s]" % group if group else "")
        print("{:<20} {:<6} {:>6} {:>10.2f} {:>+8}".format(label, till, count, cents / 100.0, delta))
        total_cents += cents or 0
    print("-" * 54)
    print("total: %.2f" % (total_cents / 100.0))


def main():
    ap = argparse.ArgumentParser(description="Daily ski pass sales report")
    ap.add_argument("--db", default="pos.sqlite")
    ap.add_argument("--config", default="report.yaml")
    ap.add_argument("--day", required=True, help="YYYY-MM-DD")
    ap.add_argument("--user")
    ap.add_argument("--product")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config) if os.path.exists(args.config) else {}
    conn = sqlite3.connect(args.db)

    till = None
    if args.user:
        pin = os.environ.get("TILL_PIN") or input("PIN: ")
        till = check_staff(conn, args.user, pin)
        if till is None:
            print("login failed", file=sys.stderr)
            return 1

    rows = sales_for(conn, args.day, till, args.product)
    cache = ReportCache(cfg.get("cache", CACHE_FILE))
    previous = cache.load()
    print_report(rows, previous, cfg.get("groups", {}))

    cache.data = {"%s/%s" % (r[0], r[1]): r[2] for r in rows}
    cache.save()
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
