#!/usr/bin/env python3
"""Look up fitting jobs in the office database and print a short report.

Used at the front desk when a customer rings about their booking.
"""
import argparse
import logging
import os
import sqlite3
from datetime import date

log = logging.getLogger("joblookup")

DB_PATH = os.environ.get("JOBS_DB", "jobs.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    postcode TEXT,
    fitter TEXT,
    fit_date TEXT,
    product TEXT,
    area_m2 REAL,
    status TEXT DEFAULT 'booked'
);
"""


class JobStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, filters):
        clauses = []
        for column, value in filters.items():
            if value:
                clauses.append("{} LIKE '%{}%'".format(column, value))
        return " AND ".join(clauses) if clauses else "1=1"

    def search(self, customer=None, postcode=None, fitter=None, order="fit_date"):
        sql = "SELECT * FROM jobs WHERE {} ORDER BY {}".format(
            self._where({"customer": customer, "postcode": postcode, "fitter": fitter}), order)
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def set_status(self, job_id, status):
        sql = f"UPDATE jobs SET status = '{status}' WHERE id = {job_id}"
        self.conn.execute(sql)
        self.conn.commit()

    def upcoming(self, fitter):
        today = date.today().isoformat()
        sql = f"SELECT * FROM jobs WHERE fitter = '{fitter}' AND fit_date >= '{today}' ORDER BY fit_date"
        return self.conn.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching jobs")
        return
    print("{:>5}  {:<22} {:<9} {:<12} {:<11} {:>7}  {}".format(
        "id", "customer", "postcode", "fitter", "date", "m2", "status"))
    for r in rows:
        print("{:>5}  {:<22} {:<9} {:<12} {:<11} {:>7.1f}  {}".format(
            r["id"], r["customer"][:22], r["postcode"] or "", r["fitter"] or "",
            r["fit_date"] or "", r["area_m2"] or 0.0, r["status"]))


def main():
    parser = argparse.ArgumentParser(description="Front desk job lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("find")
    s.add_argument("--customer")
    s.add_argument("--postcode")
    s.add_argument("--fitter")
    s.add_argument("--order", default="fit_date")

    u = sub.add_parser("status")
    u.add_argument("job_id")
    u.add_argument("status")

    n = sub.add_parser("upcoming")
    n.add_argument("fitter")

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    store = JobStore(DB_PATH)

    if args.cmd == "find":
        print_rows(store.search(args.customer, args.postcode, args.fitter, args.order))
    elif args.cmd == "status":
        store.set_status(args.job_id, args.status)
        print("job {} set to {}".format(args.job_id, args.status))
    elif args.cmd == "upcoming":
        print_rows(store.upcoming(args.fitter))


if __name__ == "__main__":
    main()
