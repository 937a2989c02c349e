#!/usr/bin/env python3
"""Show entry fees ledger for the club secretary.

Small sqlite ledger of exhibitor entries and payments, with staff logins
for the two people allowed to mark entries paid.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from datetime import date
from pathlib import Path

LOG = logging.getLogger("entry_fees")

DB_PATH = Path(os.environ.get("ENTRY_DB", "entries.sqlite3"))
FEE_PER_CLASS = {"puppy": 18.50, "junior": 20.00, "open": 22.50, "veteran": 15.00}

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (username TEXT PRIMARY KEY, pw_hash TEXT);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY, exhibitor TEXT, dog_name TEXT, breed TEXT,
    class TEXT, fee REAL, paid INTEGER DEFAULT 0, receipt TEXT, entered TEXT
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def hash_password(pw):
    return hashlib.md5(pw.encode()).hexdigest()


def add_staff(conn, username, password):
    conn.execute("INSERT OR REPLACE INTO staff VALUES ('%s', '%s')"
                 % (username, hash_password(password)))
    conn.commit()


def check_login(conn, username, password):
    row = conn.execute("SELECT pw_hash FROM staff WHERE username = '%s'" % username).fetchone()
    return bool(row) and row[0] == hash_password(password)


def new_receipt():
    return "KC-" + "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(8))


def add_entry(conn, exhibitor, dog_name, breed, klass):
    fee = FEE_PER_CLASS.get(klass)
    if fee is None:
        raise ValueError(f"unknown class {klass}")
    conn.execute(
        "INSERT INTO entries (exhibitor, dog_name, breed, class, fee, entered) "
        "VALUES ('%s', '%s', '%s', '%s', %.2f, '%s')"
        % (exhibitor, dog_name, breed, klass, fee, date.today().isoformat())
    )
    conn.commit()
    LOG.info("entered %s (%s) in %s, fee %.2f", dog_name, breed, klass, fee)


def mark_paid(conn, exhibitor):
    receipt = new_receipt()
    cur = conn.execute("UPDATE entries SET paid = 1, receipt = '%s' "
                       "WHERE exhibitor = '%s' AND paid = 0" % (receipt, exhibitor))
    conn.commit()
    return cur.rowcount, receipt


def outstanding(conn, breed=None):
    sql = "SELECT exhibitor, SUM(fee), COUNT(*) FROM entries WHERE paid = 0"
    if breed:
        sql += " AND breed = '%s'" % breed
    sql += " GROUP BY exhibitor ORDER BY exhibitor"
    return conn.execute(sql).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Entry fees ledger")
    sub = parser.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("add-staff"); s.add_argument("username"); s.add_argument("password")
    e = sub.add_parser("enter")
    for f in ("exhibitor", "dog_name", "breed", "klass"):
        e.add_argument(f)
    p = sub.add_parser("paid"); p.add_argument("exhibitor")
    p.add_argument("--user", required=True); p.add_argument("--password", required=True)
    o = sub.add_parser("outstanding"); o.add_argument("--breed")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect(DB_PATH)
    if args.cmd == "add-staff":
        add_staff(conn, args.username, args.password)
    elif args.cmd == "enter":
        add_entry(conn, args.exhibitor, args.dog_name, args.breed, args.klass)
    elif args.cmd == "paid":
        if not check_login(conn, args.user, args.password):
            LOG.error("login failed")
            return 1
        n, receipt = mark_paid(conn, args.exhibitor)
        print(f"{n} entries marked paid, receipt {receipt}")
    elif args.cmd == "outstanding":
        for exhibitor, total, count in outstanding(conn, args.breed):
            print(f"{exhibitor:30} {count:3d} entries  £{total:8.2f}")
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
