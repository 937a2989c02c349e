#!/usr/bin/env python3
"""Front-desk work order lookup.

Searches the branch's local work-order database (workorders.db, exported
nightly from the booking system) by plate, customer surname or status and
prints a tidy table for the counter staff.
"""
import argparse
import csv
import io
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("wo_lookup")

COLUMNS = ["id", "plate", "customer", "bay", "status", "tyres", "booked_for"]


class WorkOrderDB:
    def __init__(self, path):
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(f"database {self.path} not found")
        self.conn = sqlite3.connect(str(self.path))

    def search(self, plate=None, surname=None, status=None, day=None, limit=50):
        clauses = []
        if plate:
            clauses.append(f"plate LIKE '%{plate.upper().replace(' ', '')}%'")
        if surname:
            clauses.append(f"customer LIKE '%{surname}%'")
        if status:
            clauses.append(f"status = '{status}'")
        if day:
            clauses.append(f"date(booked_for) = '{day}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (f"SELECT {', '.join(COLUMNS)} FROM work_orders "
                 f"WHERE {where} ORDER BY booked_for DESC LIMIT {int(limit)}")
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def to_csv(rows):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter="\t")
    w.writerow(COLUMNS)
    w.writerows(rows)
    return buf.getvalue()


def pretty(text):
    """Align the table with column(1) when it is available."""
    try:
        proc = subprocess.run(["column", "-t", "-s", "\t"], input=text,
                              capture_output=True, text=True, timeout=10)
        if proc.returncode == 0:
            return proc.stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("column not usable: %s", exc)
    return text


def main():
    ap = argparse.ArgumentParser(description="Look up workshop work orders")
    ap.add_argument("--db", default="workorders.db")
    ap.add_argument("--plate")
    ap.add_argument("--surname")
    ap.add_argument("--status", choices=["booked", "in_bay", "waiting_parts", "done", "collected"])
    ap.add_argument("--day", help="YYYY-MM-DD")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--export", help="also write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        db = WorkOrderDB(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    try:
        rows = db.search(args.plate, args.surname, args.status, args.day, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    if not rows:
        print("no matching work orders")
        return 0
    table = to_csv(rows)
    print(pretty(table), end="")
    print(f"{len(rows)} work order(s)")
    if args.export:
        Path(args.export).write_text(table.replace("\t", ","))
        LOG.info("exported to %s", args.export)
    return 0


if __name__ == "__main__":
    sys.exit(main())
