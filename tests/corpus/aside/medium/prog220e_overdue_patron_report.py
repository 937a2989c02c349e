#!/usr/bin/env python3
"""Overdue items report for a branch, from the nightly circulation snapshot.

The circulation snapshot is a SQLite copy of the loans and patrons tables
that the ILS drops into ./snapshots each night. Branch managers run this to
get a CSV of items overdue by more than N days, optionally for one patron
category only.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

DEFAULT_DB = Path("snapshots/circulation.sqlite")

log = logging.getLogger("overdue-report")


class OverdueReport:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def fetch(self, branch, min_days, category=None, order="due_date"):
        cutoff = (dt.date.today() - dt.timedelta(days=min_days)).isoformat()
        query = (
            "SELECT l.item_barcode, l.title, l.due_date, p.barcode AS patron, "
            "p.surname, p.category "
            "FROM loans l JOIN patrons p ON p.id = l.patron_id "
            f"WHERE l.branch = '{branch}' AND l.returned IS NULL "
            f"AND l.due_date < '{cutoff}'"
        )
        if category:
            query += f" AND p.category = '{category}'"
        query += f" ORDER BY {order}"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()


def days_overdue(due):
    try:
        return (dt.date.today() - dt.date.fromisoformat(due[:10])).days
    except ValueError:
        return ""


def write_csv(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["item", "title", "due", "days_overdue", "patron", "surname", "category"])
        for r in rows:
            w.writerow([r["item_barcode"], r["title"], r["due_date"],
                        days_overdue(r["due_date"]), r["patron"],
                        r["surname"], r["category"]])


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("branch", help="branch code as stored in the ILS, e.g. NFLD")
    p.add_argument("--days", type=int, default=14)
    p.add_argument("--category", help="patron category, e.g. ADULT or JUV")
    p.add_argument("--order", default="due_date", help="sort column")
    p.add_argument("--db", type=Path, default=DEFAULT_DB)
    p.add_argument("--out", type=Path)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    if not args.db.is_file():
        log.error("snapshot not found: %s", args.db)
        return 2

    report = OverdueReport(args.db)
    try:
        rows = report.fetch(args.branch, args.days, args.category, args.order)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        report.close()

    out = args.out or Path(f"overdue-{args.branch}-{dt.date.today():%Y%m%d}.csv")
    write_csv(rows, out)
    log.info("%d overdue items written to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
