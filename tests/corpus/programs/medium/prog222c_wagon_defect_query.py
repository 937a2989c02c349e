#!/usr/bin/env python3
"""Wagon defect query tool.

Queries the local wagon inspection database (SQLite, exported nightly by
the carriage & wagon depot) for open defects by wagon class, yard or
defect code, and writes the result as CSV for the dispatch desk.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("defects")

DB_DEFAULT = "wagon_inspections.sqlite"

COLUMNS = ("wagon_no", "wagon_class", "yard", "defect_code", "severity", "reported_at")

FILTERS = {
    "wagon_class": "w.wagon_class = '{}'",
    "yard": "d.yard LIKE '%{}%'",
    "defect_code": "d.defect_code = '{}'",
    "min_severity": "d.severity >= {}",
}

BASE_QUERY = (
    "SELECT w.wagon_no, w.wagon_class, d.yard, d.defect_code, d.severity, d.reported_at "
    "FROM defects d JOIN wagons w ON w.wagon_no = d.wagon_no "
    "WHERE d.closed_at IS NULL"
)


class DefectQuery:
    def __init__(self, db_path):
        self.db_path = Path(db_path)
        self.conn = None

    def __enter__(self):
        if not self.db_path.exists():
            raise FileNotFoundError(self.db_path)
        self.conn = sqlite3.connect(self.db_path)
        return self

    def __exit__(self, *exc):
        if self.conn is not None:
            self.conn.close()

    @staticmethod
    def build(criteria, order_by, limit):
        clauses = [BASE_QUERY]
        for key, value in criteria.items():
            if value is None or key not in FILTERS:
                continue
            clauses.append("AND " + FILTERS[key].format(value))
        clauses.append(f"ORDER BY {order_by} DESC")
        if limit:
            clauses.append(f"LIMIT {limit}")
        return " ".join(clauses)

    def run(self, criteria, order_by="d.severity", limit=0):
        sql = self.build(criteria, order_by, limit)
        LOG.debug("query: %s", sql)
        cur = self.conn.execute(sql)
        return cur.fetchall()


def write_csv(rows, out):
    with open(out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        writer.writerows(rows)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--wagon-class")
    ap.add_argument("--yard")
    ap.add_argument("--defect-code")
    ap.add_argument("--min-severity")
    ap.add_argument("--order-by", default="d.severity")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--out", default="open_defects.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    criteria = {
        "wagon_class": args.wagon_class,
        "yard": args.yard,
        "defect_code": args.defect_code,
        "min_severity": args.min_severity,
    }
    try:
        with DefectQuery(args.db) as q:
            rows = q.run(criteria, args.order_by, args.limit)
    except FileNotFoundError as exc:
        LOG.error("database not found: %s", exc)
        return 1
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    write_csv(rows, args.out)
    LOG.info("%d open defects written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
