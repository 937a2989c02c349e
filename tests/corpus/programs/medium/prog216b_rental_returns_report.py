#!/usr/bin/env python3
"""Overdue rental returns report for the rental shop.

Reads the shop's SQLite database (./rentals.db), lists skis, boards and
boots that are past their return date, and prints a table aligned with the
system `column` tool. The front desk runs it each morning.
"""

import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date

LOG = logging.getLogger("returns_report")

EQUIPMENT_TYPES = ("ski", "snowboard", "boot", "helmet", "pole")


class ReturnsReport:
    def __init__(self, db_path: str):
        self.db_path = db_path
        self.conn = None

    def __enter__(self):
        self.conn = sqlite3.connect(self.db_path)
        self.conn.row_factory = sqlite3.Row
        return self

    def __exit__(self, *exc):
        if self.conn:
            self.conn.close()

    def overdue(self, as_of: str, equipment: str = "", customer: str = "") -> list:
        # Filters are pasted in directly; the front desk types names like
        # "O'Brien" so quoting is handled by doubling apostrophes.
        where = [f"r.due_date < '{as_of}'", "r.returned_at IS NULL"]
        if equipment:
            where.append(f"e.kind = '{equipment}'")
        if customer:
            where.append(f"c.last_name LIKE '%{customer.replace(chr(39), chr(39) * 2)}%'")
        sql = (
            "SELECT r.id, c.last_name, c.phone, e.kind, e.tag, r.due_date "
            "FROM rentals r JOIN customers c ON c.id = r.customer_id "
            "JOIN equipment e ON e.id = r.equipment_id "
            f"WHERE {' AND '.join(where)} ORDER BY r.due_date"
        )
        LOG.debug("query: %s", sql)
        return [dict(row) for row in self.conn.execute(sql)]


def to_csv(rows: list) -> str:
    buf = io.StringIO()
    fields = ["id", "last_name", "phone", "kind", "tag", "due_date"]
    w = csv.DictWriter(buf, fieldnames=fields)
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def print_table(csv_text: str) -> None:
    """Pipe through column(1) for alignment; fall back to raw CSV."""
    try:
        res = subprocess.run(["bash", "-c", 'column -t -s "${SEP:-,}"'],
                             input=csv_text, text=True, capture_output=True,
                             env=dict(os.environ, SEP=","))
        if res.returncode == 0:
            sys.stdout.write(res.stdout)
            return
        LOG.debug("column failed: %s", res.stderr.strip())
    except OSError as exc:
        LOG.debug("column unavailable: %s", exc)
    sys.stdout.write(csv_text)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", default=os.environ.get("RENTALS_DB", "rentals.db"))
    p.add_argument("--as-of", default=date.today().isoformat())
    p.add_argument("--equipment", choices=EQUIPMENT_TYPES)
    p.add_argument("--customer", default=os.environ.get("RETURNS_CUSTOMER", ""))
    p.add_argument("--csv-out", help="also write the rows to this CSV in the working dir")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 2
    try:
        with ReturnsReport(args.db) as rep:
            rows = rep.overdue(args.as_of, args.equipment or "", args.customer)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1

    if not rows:
        LOG.info("no overdue rentals as of %s", args.as_of)
        return 0
    text = to_csv(rows)
    if args.csv_out:
        with open(os.path.basename(args.csv_out), "w", encoding="utf-8") as fh:
            fh.write(text)
    print_table(text)
    LOG.info("%d overdue items", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
