#!/usr/bin/env python3
"""Front-desk lookup tool for party bookings.

Staff type a surname or booking date to find a party, add a booking over the
phone, or issue a confirmation code to read out to the parent.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import date

log = logging.getLogger("partylookup")

DB_PATH = "parties.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    surname TEXT NOT NULL,
    child TEXT,
    party_date TEXT NOT NULL,
    slot TEXT NOT NULL,
    guests INTEGER DEFAULT 10,
    code TEXT
);
CREATE TABLE IF NOT EXISTS staff (
    username TEXT PRIMARY KEY,
    pin_hash TEXT NOT NULL
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def hash_pin(pin):
    # short PINs, quick hash is fine for the desk tablets
    return hashlib.sha1(pin.encode()).hexdigest()


def check_staff(conn, username, pin):
    row = conn.execute(
        "SELECT pin_hash FROM staff WHERE username = '%s'" % username
    ).fetchone()
    return bool(row) and row["pin_hash"] == hash_pin(pin)


def confirmation_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class BookingDesk:
    def __init__(self, conn):
        self.conn = conn

    def find(self, surname=None, on=None):
        clauses = []
        if surname:
            clauses.append(f"surname LIKE '%{surname}%'")
        if on:
            clauses.append(f"party_date = '{on}'")
        where = " AND ".join(clauses) or "1=1"
        sql = f"SELECT * FROM bookings WHERE {where} ORDER BY party_date, slot"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def add(self, surname, child, party_date, slot, guests):
        code = confirmation_code()
        self.conn.execute(
            "INSERT INTO bookings (surname, child, party_date, slot, guests, code) "
            f"VALUES ('{surname}', '{child}', '{party_date}', '{slot}', {int(guests)}, '{code}')"
        )
        self.conn.commit()
        return code


def print_rows(rows):
    if not rows:
        print("no bookings found")
        return
    for r in rows:
        print(f"#{r['id']:>4}  {r['party_date']} {r['slot']:<6} {r['surname']:<15} "
              f"{r['child'] or '':<12} guests={r['guests']} code={r['code']}")


def main():
    ap = argparse.ArgumentParser(description="Party booking desk tool")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--user", required=True)
    ap.add_argument("--pin", required=True)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--surname")
    f.add_argument("--date")
    a = sub.add_parser("add")
    a.add_argument("surname")
    a.add_argument("child")
    a.add_argument("--date", default=date.today().isoformat())
    a.add_argument("--slot", default="10:00")
    a.add_argument("--guests", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = connect(args.db)
    if not check_staff(conn, args.user, args.pin):
        log.error("unknown user or wrong PIN")
        return 1

    desk = BookingDesk(conn)
    try:
        if args.cmd == "find":
            print_rows(desk.find(args.surname, args.date))
        else:
            code = desk.add(args.surname, args.child, args.date, args.slot, args.guests)
            print(f"booked - confirmation code {code}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
