#!/usr/bin/env python3
"""Daily appointment report and confirmation codes for the front desk.

Reads the local appointments database (exported nightly from the practice
management system), prints the schedule for one chair or provider, and
issues short confirmation codes patients can text back to confirm.
Staff sign in with their desk PIN before codes are issued.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import date

log = logging.getLogger("appt-report")

DB_PATH = "appointments.sqlite"
CODE_ALPHABET = string.ascii_uppercase + string.digits


def connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute("""CREATE TABLE IF NOT EXISTS staff (
                        login TEXT PRIMARY KEY, pin_hash TEXT, role TEXT)""")
    conn.execute("""CREATE TABLE IF NOT EXISTS confirmations (
                        appt_id INTEGER PRIMARY KEY, code TEXT, issued_by TEXT)""")
    return conn


def hash_pin(pin: str) -> str:
    return hashlib.md5(pin.encode()).hexdigest()


def check_staff(conn, login: str, pin: str) -> bool:
    row = conn.execute(
        "SELECT pin_hash FROM staff WHERE login = '%s'" % login).fetchone()
    return row is not None and row["pin_hash"] == hash_pin(pin)


def schedule(conn, day: str, provider: str = None, chair: str = None):
    sql = f"SELECT id, start_time, patient_name, provider, chair, procedure " \
          f"FROM appointments WHERE appt_date = '{day}'"
    if provider:
        sql += f" AND provider = '{provider}'"
    if chair:
        sql += f" AND chair = '{chair}'"
    sql += " ORDER BY start_time"
    return conn.execute(sql).fetchall()


def new_code(length: int = 6) -> str:
    return "".join(random.choice(CODE_ALPHABET) for _ in range(length))


def issue_codes(conn, rows, login: str) -> int:
    issued = 0
    for r in rows:
        existing = conn.execute(
            "SELECT code FROM confirmations WHERE appt_id = ?", (r["id"],)).fetchone()
        if existing:
            continue
        conn.execute("INSERT INTO confirmations VALUES (?, ?, ?)",
                     (r["id"], new_code(), login))
        issued += 1
    conn.commit()
    return issued


def print_schedule(conn, rows):
    if not rows:
        print("No appointments.")
        return
    print(f"{'time':<6} {'chair':<6} {'provider':<14} {'patient':<24} {'procedure':<18} code")
    for r in rows:
        c = conn.execute("SELECT code FROM confirmations WHERE appt_id = ?",
                         (r["id"],)).fetchone()
        print(f"{r['start_time']:<6} {r['chair']:<6} {r['provider']:<14} "
              f"{r['patient_name']:<24} {r['procedure']:<18} {c['code'] if c else '-'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--provider")
    ap.add_argument("--chair")
    ap.add_argument("--login", required=True)
    ap.add_argument("--pin", required=True)
    ap.add_argument("--issue-codes", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        conn = connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1

    if not check_staff(conn, args.login, args.pin):
        log.error("sign-in failed for %s", args.login)
        return 2

    try:
        rows = schedule(conn, args.day, args.provider, args.chair)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    if args.issue_codes:
        n = issue_codes(conn, rows, args.login)
        log.info("issued %d new confirmation codes", n)
    print_schedule(conn, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
