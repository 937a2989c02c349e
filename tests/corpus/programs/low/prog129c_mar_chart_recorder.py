#!/usr/bin/env python3
"""MAR chart recorder for care home medication rounds.

Records each administration (given / refused / withheld / not required)
against a resident's prescribed medicines in a local SQLite file, and
exports the round to CSV for the nurse in charge to countersign.

    mar_chart_recorder.py give --resident 12 --med "Paracetamol 500mg" --dose 2 --by JT
    mar_chart_recorder.py refuse --resident 7 --med "Donepezil 5mg" --by JT --note "asleep"
    mar_chart_recorder.py export --round morning --out mar_2024-05-01_am.csv
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, datetime

log = logging.getLogger("mar")

DB_PATH = os.environ.get("MAR_DB", "mar_records.sqlite3")
ROUNDS = {"morning": (6, 11), "lunch": (11, 15), "tea": (15, 19), "night": (19, 24)}
OUTCOMES = {"give": "G", "refuse": "R", "withhold": "W", "notreq": "N"}

SCHEMA_V1 = [
    """CREATE TABLE IF NOT EXISTS residents (
           id INTEGER PRIMARY KEY, name TEXT NOT NULL, room TEXT, dob TEXT)""",
    """CREATE TABLE IF NOT EXISTS entries (
           id INTEGER PRIMARY KEY AUTOINCREMENT,
           resident_id INTEGER NOT NULL REFERENCES residents(id),
           medicine TEXT NOT NULL, dose TEXT, outcome TEXT NOT NULL,
           given_by TEXT NOT NULL, note TEXT, recorded_at TEXT NOT NULL)""",
    "PRAGMA user_version = 1",
]
SCHEMA_V2 = [
    """CREATE TABLE IF NOT EXISTS prn_reasons (
           id INTEGER PRIMARY KEY, entry_id INTEGER, reason TEXT)""",
    "CREATE INDEX IF NOT EXISTS ix_entries_resident ON entries(resident_id)",
    "PRAGMA user_version = 2",
]
MIGRATIONS = {1: SCHEMA_V1, 2: SCHEMA_V2}


def connect(path=DB_PATH):
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys = ON")
    current = db.execute("PRAGMA user_version").fetchone()[0]
    for version in sorted(v for v in MIGRATIONS if v > current):
        log.info("migrating MAR database to v%d", version)
        for stmt in MIGRATIONS[version]:
            db.execute(stmt)
        db.commit()
    return db


def round_for(ts):
    for name, (start, end) in ROUNDS.items():
        if start <= ts.hour < end:
            return name
    return "night"


def record(db, args):
    row = db.execute("SELECT name FROM residents WHERE id = ?", (args.resident,)).fetchone()
    if row is None:
        raise SystemExit("unknown resident id %s" % args.resident)
    if args.action != "give" and not args.note:
        raise SystemExit("a note is required when a dose is not given")
    now = datetime.now()
    cur = db.execute(
        "INSERT INTO entries (resident_id, medicine, dose, outcome, given_by, note, recorded_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (args.resident, args.med, args.dose, OUTCOMES[args.action], args.by.upper(),
         args.note, now.isoformat(timespec="seconds")))
    if args.prn_reason:
        db.execute("INSERT INTO prn_reasons (entry_id, reason) VALUES (?, ?)",
                   (cur.lastrowid, args.prn_reason))
    db.commit()
    log.info("%s: %s %s for %s (%s round)", args.by.upper(), OUTCOMES[args.action],
             args.med, row[0], round_for(now))


def export(db, args):
    day = args.date or date.today().isoformat()
    start, end = ROUNDS[args.round]
    rows = db.execute(
        "SELECT r.room, r.name, e.medicine, e.dose, e.outcome, e.given_by, e.note, e.recorded_at"
        " FROM entries e JOIN residents r ON r.id = e.resident_id"
        " WHERE substr(e.recorded_at, 1, 10) = ?"
        " AND CAST(substr(e.recorded_at, 12, 2) AS INTEGER) BETWEEN ? AND ?"
        " ORDER BY r.room, r.name, e.recorded_at",
        (day, start, end - 1)).fetchall()
    out = open(args.out, "w", newline="") if args.out else sys.stdout
    try:
        writer = csv.writer(out)
        writer.writerow(["room", "resident", "medicine", "dose", "code", "by", "note", "time"])
        writer.writerows(rows)
    finally:
        if out is not sys.stdout:
            out.close()
    log.info("exported %d entries for %s %s round", len(rows), day, args.round)


def main():
    ap = argparse.ArgumentParser(description="Record medication administration")
    sub = ap.add_subparsers(dest="action", required=True)
    for action in OUTCOMES:
        p = sub.add_parser(action)
        p.add_argument("--resident", type=int, required=True)
        p.add_argument("--med", required=True)
        p.add_argument("--dose", default="")
        p.add_argument("--by", required=True, help="staff initials")
        p.add_argument("--note", default="")
        p.add_argument("--prn-reason", default="")
    ex = sub.add_parser("export")
    ex.add_argument("--round", choices=ROUNDS, required=True)
    ex.add_argument("--date")
    ex.add_argument("--out")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    db = connect()
    try:
        if args.action == "export":
            export(db, args)
        else:
            record(db, args)
    finally:
        db.close()


if __name__ == "__main__":
    main()
