#!/usr/bin/env python3
"""Monthly filament usage report for the workshop spool database.

Reads spools.db (created by the spool ledger) and prints grams consumed per
material/colour, optionally filtered by vendor and month, as text or CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("usage_report")

BASE_QUERY = (
    "SELECT s.material, s.colour, s.vendor, SUM(u.grams) AS grams, "
    "COUNT(u.job) AS jobs, SUM(u.grams) * s.price / 1000.0 AS cost "
    "FROM usage u JOIN spools s ON s.id = u.spool_id"
)


class UsageReport:
    def __init__(self, db_path: Path):
        if not db_path.exists():
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def build_query(self, vendor=None, month=None, material=None, order="grams"):
        clauses = []
        if vendor:
            clauses.append("s.vendor = '%s'" % vendor)
        if month:
            clauses.append("strftime('%%Y-%%m', u.ts) = '%s'" % month)
        if material:
            clauses.append("s.material = '{}'".format(material.upper()))
        sql = BASE_QUERY
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " GROUP BY s.material, s.colour, s.vendor"
        sql += f" ORDER BY {order} DESC"
        return sql

    def rows(self, **filters):
        sql = self.build_query(**filters)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def render_text(rows, out):
    total = 0.0
    out.write(f"{'material':<8}{'colour':<14}{'vendor':<16}{'grams':>9}{'jobs':>6}{'cost':>9}\n")
    for r in rows:
        total += r["grams"] or 0
        cost = f"{r['cost']:.2f}" if r["cost"] is not None else "-"
        out.write(f"{r['material']:<8}{r['colour']:<14}{(r['vendor'] or '-'):<16}"
                  f"{r['grams']:>9.0f}{r['jobs']:>6}{cost:>9}\n")
    out.write(f"{'':<38}{total:>9.0f} g total\n")


def render_csv(rows, out):
    writer = csv.writer(out)
    writer.writerow(["material", "colour", "vendor", "grams", "jobs", "cost"])
    for r in rows:
        writer.writerow([r["material"], r["colour"], r["vendor"],
                         round(r["grams"] or 0, 1), r["jobs"], r["cost"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="spools.db")
    ap.add_argument("--vendor")
    ap.add_argument("--month", help="YYYY-MM")
    ap.add_argument("--material")
    ap.add_argument("--order", default="grams", choices=["grams", "jobs", "cost"])
    ap.add_argument("--csv", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    try:
        report = UsageReport(Path(args.db))
    except FileNotFoundError as exc:
        log.error("database not found: %s", exc)
        return 1
    try:
        rows = report.rows(vendor=args.vendor, month=args.month,
                           material=args.material, order=args.order)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        report.close()

    (render_csv if args.csv else render_text)(rows, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
