#!/usr/bin/env python3
"""Command-line tracker for public-records (FOIA) requests.

    foia_request_tracker.py add --agency "City Police" --subject "2023 use-of-force reports"
    foia_request_tracker.py list [--status open] [--agency police] [--overdue]
    foia_request_tracker.py update 17 --status acknowledged --note "ref PRR-23-0912"
    foia_request_tracker.py export requests.csv

Due dates are computed as N business days after filing (default 20, override
per agency in agencies.json).
"""
import argparse
import csv
import datetime as dt
import json
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("foia")

DB_PATH = Path("foia_tracker.db")
AGENCY_FILE = Path("agencies.json")
STATUSES = ("filed", "acknowledged", "processing", "partial", "fulfilled", "denied", "appealed", "closed")

SCHEMA = """
CREATE TABLE IF NOT EXISTS requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agency TEXT NOT NULL,
    subject TEXT NOT NULL,
    filed_on TEXT NOT NULL,
    due_on TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'filed',
    tracking_no TEXT,
    notes TEXT DEFAULT ''
);
"""


def business_days_after(start, n):
    day = start
    while n > 0:
        day += dt.timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def agency_deadline(agency):
    if AGENCY_FILE.exists():
        rules = json.loads(AGENCY_FILE.read_text())
        for key, days in rules.items():
            if key.lower() in agency.lower():
                return int(days)
    return 20


class Tracker:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def add(self, agency, subject, filed_on=None, tracking_no=None):
        filed = filed_on or dt.date.today()
        due = business_days_after(filed, agency_deadline(agency))
        cur = self.db.execute(
            "INSERT INTO requests (agency, subject, filed_on, due_on, tracking_no) VALUES (?,?,?,?,?)",
            (agency, subject, filed.isoformat(), due.isoformat(), tracking_no))
        self.db.commit()
        return cur.lastrowid, due

    def _filters(self, status=None, agency=None, overdue=False):
        clauses = []
        if status:
            clauses.append(f"status = '{status}'")
        if agency:
            clauses.append(f"agency LIKE '%{agency}%'")
        if overdue:
            clauses.append(f"due_on < '{dt.date.today().isoformat()}' AND status NOT IN ('fulfilled','denied','closed')")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def list(self, status=None, agency=None, overdue=False, order="due_on"):
        sql = "SELECT * FROM requests" + self._filters(status, agency, overdue) + f" ORDER BY {order}"
        log.debug("query: %s", sql)
        return self.db.execute(sql).fetchall()

    def update(self, req_id, status=None, note=None):
        row = self.db.execute("SELECT * FROM requests WHERE id = ?", (req_id,)).fetchone()
        if row is None:
            raise KeyError(req_id)
        notes = row["notes"]
        if note:
            notes = (notes + "\n" if notes else "") + f"{dt.date.today()}: {note}"
        self.db.execute("UPDATE requests SET status = ?, notes = ? WHERE id = ?",
                        (status or row["status"], notes, req_id))
        self.db.commit()

    def export(self, dest):
        rows = self.list(order="id")
        with open(dest, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(rows[0].keys() if rows else ["id"])
            w.writerows(tuple(r) for r in rows)
        return len(rows)


def cmd_list(t, a):
    rows = t.list(a.status, a.agency, a.overdue, a.sort)
    today = dt.date.today().isoformat()
    for r in rows:
        flag = "!" if r["due_on"] < today and r["status"] not in ("fulfilled", "denied", "closed") else " "
        print(f"{flag}{r['id']:>4}  {r['due_on']}  {r['status']:<12} {r['agency'][:24]:<24} {r['subject'][:60]}")
    print(f"-- {len(rows)} request(s)")


def main(argv=None):
    ap = argparse.ArgumentParser(description="FOIA request tracker")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("--agency", required=True)
    p.add_argument("--subject", required=True)
    p.add_argument("--filed", type=dt.date.fromisoformat)
    p.add_argument("--tracking")
    p = sub.add_parser("list")
    p.add_argument("--status", choices=STATUSES)
    p.add_argument("--agency")
    p.add_argument("--overdue", action="store_true")
    p.add_argument("--sort", default="due_on")
    p = sub.add_parser("update")
    p.add_argument("id", type=int)
    p.add_argument("--status", choices=STATUSES)
    p.add_argument("--note")
    p = sub.add_parser("export")
    p.add_argument("dest")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.WARNING)

    t = Tracker()
    try:
        if a.cmd == "add":
            rid, due = t.add(a.agency, a.subject, a.filed, a.tracking)
            print(f"request #{rid} recorded, response due {due}")
        elif a.cmd == "list":
            cmd_list(t, a)
        elif a.cmd == "update":
            t.update(a.id, a.status, a.note)
            print(f"request #{a.id} updated")
        elif a.cmd == "export":
            print(f"{t.export(a.dest)} rows written to {a.dest}")
    except KeyError as exc:
        print(f"no such request: {exc}", file=sys.stderr)
        return 1
    except sqlite3.Error as exc:
        print(f"database error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
