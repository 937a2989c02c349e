#!/usr/bin/env python3
"""Job register for the survey office (replaces the shared Excel sheet).

    survey_job_register.py add --client "Harbour Council" --type detail --lot "12 DP34567"
    survey_job_register.py find --client harbour --status open
    survey_job_register.py close 2024-0113
    survey_job_register.py export jobs.csv

The register is a single SQLite file on the office share (JOBS_DB or
./jobs.sqlite).
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys

log = logging.getLogger("jobs")
DB_PATH = os.environ.get("JOBS_DB", "jobs.sqlite")
JOB_TYPES = ("detail", "boundary", "setout", "asbuilt", "strata", "drone", "control")

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    job_no    TEXT PRIMARY KEY,
    client    TEXT NOT NULL,
    job_type  TEXT NOT NULL,
    lot_plan  TEXT,
    surveyor  TEXT,
    status    TEXT NOT NULL DEFAULT 'open',
    opened    TEXT NOT NULL,
    closed    TEXT
);
"""


class Register:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def next_job_no(self):
        year = dt.date.today().year
        row = self.conn.execute(
            "SELECT job_no FROM jobs WHERE job_no LIKE ? ORDER BY job_no DESC LIMIT 1",
            (f"{year}-%",)).fetchone()
        seq = int(row["job_no"].split("-")[1]) + 1 if row else 1
        return f"{year}-{seq:04d}"

    def add(self, client, job_type, lot_plan, surveyor):
        job_no = self.next_job_no()
        with self.conn:
            self.conn.execute(
                "INSERT INTO jobs (job_no, client, job_type, lot_plan, surveyor, opened) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (job_no, client, job_type, lot_plan, surveyor, dt.date.today().isoformat()))
        return job_no

    def find(self, client=None, status=None, job_type=None, order="opened"):
        clauses = []
        if client:
            clauses.append(f"client LIKE '%{client}%'")
        if status:
            clauses.append(f"status = '{status}'")
        if job_type:
            clauses.append(f"job_type = '{job_type}'")
        where = " AND ".join(clauses) or "1=1"
        sql = "SELECT * FROM jobs WHERE {} ORDER BY {} DESC".format(where, order)
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close_job(self, job_no):
        with self.conn:
            cur = self.conn.execute(
                "UPDATE jobs SET status='closed', closed=? WHERE job_no=?",
                (dt.date.today().isoformat(), job_no))
        return cur.rowcount

    def export(self, path):
        rows = self.conn.execute("SELECT * FROM jobs ORDER BY job_no").fetchall()
        with open(path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(rows[0].keys() if rows else [])
            for r in rows:
                w.writerow(tuple(r))
        return len(rows)


def print_rows(rows):
    if not rows:
        print("no matching jobs")
        return
    for r in rows:
        print(f"{r['job_no']:<10} {r['status']:<7} {r['job_type']:<9} {r['client'][:30]:<30} "
              f"{r['lot_plan'] or '':<16} {r['surveyor'] or ''}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Survey job register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--client", required=True)
    a.add_argument("--type", choices=JOB_TYPES, required=True)
    a.add_argument("--lot", default="")
    a.add_argument("--surveyor", default=os.environ.get("USER", ""))
    f = sub.add_parser("find")
    f.add_argument("--client")
    f.add_argument("--status", choices=("open", "closed", "onhold"))
    f.add_argument("--type")
    f.add_argument("--sort", default="opened")
    c = sub.add_parser("close")
    c.add_argument("job_no")
    e = sub.add_parser("export")
    e.add_argument("path")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        reg = Register(DB_PATH)
    except sqlite3.Error as exc:
        log.error("cannot open register %s: %s", DB_PATH, exc)
        return 1
    try:
        if args.cmd == "add":
            print(reg.add(args.client, args.type, args.lot, args.surveyor))
        elif args.cmd == "find":
            print_rows(reg.find(args.client, args.status, args.type, args.sort))
        elif args.cmd == "close":
            if not reg.close_job(args.job_no):
                log.error("no such job %s", args.job_no)
                return 2
        elif args.cmd == "export":
            print(f"exported {reg.export(args.path)} jobs")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
