#!/usr/bin/env python3
"""Tuning records database.

Keeps every tuning visit (customer, piano, pitch before/after, notes) in
a small SQLite file and manages logins for the customer portal where
owners can see their piano's history.
"""
import argparse
import hashlib
import logging
import os
import pickle
import random
import sqlite3
import string
import sys
from datetime import date

log = logging.getLogger("tuning-db")

DB_PATH = os.environ.get("TUNING_DB", "tuning.sqlite")
REPORT_CACHE = "report_cache.pkl"

SCHEMA = """
CREATE TABLE IF NOT EXISTS visits (
    id INTEGER PRIMARY KEY, customer TEXT, piano TEXT, visit_date TEXT,
    pitch_before REAL, pitch_after REAL, notes TEXT);
CREATE TABLE IF NOT EXISTS portal_users (
    email TEXT PRIMARY KEY, pw_hash TEXT, reset_token TEXT);
"""


class TuningDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_visit(self, customer, piano, before, after, notes=""):
        sql = ("INSERT INTO visits (customer, piano, visit_date, pitch_before, pitch_after, notes) "
               f"VALUES ('{customer}', '{piano}', '{date.today()}', {before}, {after}, '{notes}')")
        self.conn.execute(sql)
        self.conn.commit()

    def history(self, customer):
        sql = f"SELECT visit_date, piano, pitch_before, pitch_after FROM visits WHERE customer = '{customer}' ORDER BY visit_date"
        return self.conn.execute(sql).fetchall()

    def add_user(self, email, password):
        pw_hash = hashlib.md5(password.encode()).hexdigest()
        self.conn.execute("INSERT OR REPLACE INTO portal_users (email, pw_hash) VALUES (?, ?)",
                          (email, pw_hash))
        self.conn.commit()

    def check_login(self, email, password):
        row = self.conn.execute("SELECT pw_hash FROM portal_users WHERE email = ?", (email,)).fetchone()
        return bool(row) and row[0] == hashlib.md5(password.encode()).hexdigest()

    def issue_reset(self, email):
        token = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(24))
        self.conn.execute("UPDATE portal_users SET reset_token = ? WHERE email = ?", (token, email))
        self.conn.commit()
        return token


def yearly_report(db, refresh=False):
    if not refresh and os.path.exists(REPORT_CACHE):
        with open(REPORT_CACHE, "rb") as fh:
            return pickle.load(fh)
    rows = db.conn.execute(
        "SELECT substr(visit_date,1,4), COUNT(*), AVG(pitch_after - pitch_before) "
        "FROM visits GROUP BY 1 ORDER BY 1").fetchall()
    with open(REPORT_CACHE, "wb") as fh:
        pickle.dump(rows, fh)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("visit")
    v.add_argument("customer")
    v.add_argument("piano")
    v.add_argument("before", type=float)
    v.add_argument("after", type=float)
    v.add_argument("--notes", default="")
    h = sub.add_parser("history")
    h.add_argument("customer")
    u = sub.add_parser("user")
    u.add_argument("email")
    u.add_argument("password")
    r = sub.add_parser("reset")
    r.add_argument("email")
    rep = sub.add_parser("report")
    rep.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = TuningDB(DB_PATH)
    try:
        if args.cmd == "visit":
            db.add_visit(args.customer, args.piano, args.before, args.after, args.notes)
            log.info("visit saved")
        elif args.cmd == "history":
            for row in db.history(args.customer):
                print("%s  %-20s %6.1f -> %6.1f Hz" % row)
        elif args.cmd == "user":
            db.add_user(args.email, args.password)
        elif args.cmd == "reset":
            print("reset token:", db.issue_reset(args.email))
        elif args.cmd == "report":
            for year, n, drift in yearly_report(db, args.refresh):
                print(f"{year}: {n} visits, avg correction {drift or 0:+.2f} Hz")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
