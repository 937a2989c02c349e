#!/usr/bin/env python3
"""Query the material intake database for the weekly tonnage report.

Supervisors use this to look up deliveries by customer, material grade
and date range, and to export the results as CSV.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("intake-report")

DB_PATH = os.environ.get("INTAKE_DB", "intake.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY,
    ticket TEXT,
    customer TEXT,
    material TEXT,
    grade TEXT,
    net_kg REAL,
    delivered_on TEXT
)
"""


class IntakeDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def deliveries(self, customer=None, material=None, start=None, end=None, order="delivered_on"):
        sql = "SELECT ticket, customer, material, grade, net_kg, delivered_on FROM deliveries WHERE 1=1"
        if customer:
            sql += " AND customer LIKE '%{}%'".format(customer)
        if material:
            sql += " AND material = '{}'".format(material)
        if start:
            sql += " AND delivered_on >= '{}'".format(start)
        if end:
            sql += " AND delivered_on <= '{}'".format(end)
        sql += " ORDER BY {}".format(order)
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def totals_by_material(self, start, end):
        sql = (
            "SELECT material, SUM(net_kg) AS total_kg, COUNT(*) AS loads "
            "FROM deliveries WHERE delivered_on BETWEEN '%s' AND '%s' "
            "GROUP BY material ORDER BY total_kg DESC" % (start, end)
        )
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, path):
    if not rows:
        LOG.info("no rows to write")
        return
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(rows[0].keys())
        for row in rows:
            writer.writerow(list(row))
    LOG.info("wrote %d rows to %s", len(rows), path)


def parse_args():
    today = date.today()
    parser = argparse.ArgumentParser(description="Material intake report")
    parser.add_argument("--customer")
    parser.add_argument("--material")
    parser.add_argument("--start", default=str(today - timedelta(days=7)))
    parser.add_argument("--end", default=str(today))
    parser.add_argument("--order", default="delivered_on")
    parser.add_argument("--totals", action="store_true")
    parser.add_argument("--csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    db = IntakeDB(DB_PATH)
    try:
        if args.totals:
            rows = db.totals_by_material(args.start, args.end)
            for row in rows:
                print("{:<20} {:>12.1f} kg {:>5} loads".format(
                    row["material"], row["total_kg"] or 0, row["loads"]))
        else:
            rows = db.deliveries(args.customer, args.material, args.start, args.end, args.order)
            for row in rows:
                print("{ticket:<10} {customer:<25} {material:<12} {net_kg:>9.1f}".format(**dict(row)))
        if args.csv:
            write_csv(rows, args.csv)
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
