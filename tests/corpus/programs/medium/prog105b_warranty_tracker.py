#!/usr/bin/env python3
"""Track warranty and loss-and-damage cover for issued hearing aids.

Keeps a small SQLite register (warranty.db in the working directory) of
every aid the clinic has issued, and answers the questions reception gets
asked all day: "is my aid still under warranty?", "which aids expire this
month?", "how many repairs has this serial had?".

    warranty_tracker.py add --serial 2231AB9 --model "Audeo L90-R" ...
    warranty_tracker.py find --surname Patel --expiring 30
    warranty_tracker.py repair --serial 2231AB9 --note "receiver replaced"
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("warranty")
DB_PATH = Path("warranty.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS aids (
    serial TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    manufacturer TEXT,
    patient_ref TEXT NOT NULL,
    surname TEXT,
    side TEXT CHECK (side IN ('L', 'R')),
    issued DATE NOT NULL,
    warranty_years INTEGER DEFAULT 4
);
CREATE TABLE IF NOT EXISTS repairs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    serial TEXT REFERENCES aids(serial),
    logged DATE NOT NULL,
    note TEXT
);
"""


class Register:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, serial, model, manufacturer, patient_ref, surname, side, issued, years):
        with self.conn:
            self.conn.execute(
                "INSERT INTO aids VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (serial, model, manufacturer, patient_ref, surname, side, issued, years),
            )

    def log_repair(self, serial, note):
        with self.conn:
            self.conn.execute("INSERT INTO repairs (serial, logged, note) VALUES (?, ?, ?)",
                              (serial, date.today().isoformat(), note))

    @staticmethod
    def _where(filters):
        clauses = []
        for column, value in filters.items():
            if value is None:
                continue
            if column == "expiring":
                limit = (date.today() + timedelta(days=int(value))).isoformat()
                clauses.append(
                    "date(issued, '+' || warranty_years || ' years') <= '{}'".format(limit))
            elif column == "surname":
                clauses.append("surname LIKE '{}%'".format(value))
            else:
                clauses.append("{} = '{}'".format(column, value))
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def find(self, **filters):
        sql = (
            "SELECT a.*, date(issued, '+' || warranty_years || ' years') AS expires, "
            "(SELECT COUNT(*) FROM repairs r WHERE r.serial = a.serial) AS repairs "
            "FROM aids a" + self._where(filters) + " ORDER BY expires"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def cmd_add(reg, args):
    reg.add(args.serial, args.model, args.manufacturer, args.patient_ref, args.surname,
            args.side, args.issued, args.years)
    print(f"registered {args.serial}")


def cmd_find(reg, args):
    rows = reg.find(serial=args.serial, surname=args.surname, patient_ref=args.patient_ref,
                    manufacturer=args.manufacturer, expiring=args.expiring)
    if args.csv:
        w = csv.writer(sys.stdout)
        w.writerow(rows[0].keys() if rows else [])
        w.writerows([tuple(r) for r in rows])
        return
    today = date.today().isoformat()
    for r in rows:
        state = "IN WARRANTY" if r["expires"] >= today else "expired"
        print(f"{r['serial']:<10} {r['model']:<18} {r['surname'] or '':<14} {r['side']} "
              f"issued {r['issued']} expires {r['expires']} ({state}, {r['repairs']} repairs)")
    if not rows:
        print("no matching aids")


def cmd_repair(reg, args):
    if not reg.find(serial=args.serial):
        print(f"unknown serial {args.serial}", file=sys.stderr)
        sys.exit(1)
    reg.log_repair(args.serial, args.note)
    print(f"repair logged for {args.serial}")


def main():
    ap = argparse.ArgumentParser(description="hearing aid warranty register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--serial", required=True)
    a.add_argument("--model", required=True)
    a.add_argument("--manufacturer")
    a.add_argument("--patient-ref", required=True)
    a.add_argument("--surname")
    a.add_argument("--side", choices=["L", "R"], required=True)
    a.add_argument("--issued", default=date.today().isoformat())
    a.add_argument("--years", type=int, default=4)
    a.set_defaults(func=cmd_add)

    f = sub.add_parser("find")
    f.add_argument("--serial")
    f.add_argument("--surname")
    f.add_argument("--patient-ref")
    f.add_argument("--manufacturer")
    f.add_argument("--expiring", type=int, metavar="DAYS")
    f.add_argument("--csv", action="store_true")
    f.set_defaults(func=cmd_find)

    r = sub.add_parser("repair")
    r.add_argument("--serial", required=True)
    r.add_argument("--note", required=True)
    r.set_defaults(func=cmd_repair)

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        args.func(Register(), args)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
