#!/usr/bin/env python3
"""Ticket database report and scanner PIN admin.

Prints nightly attendance per gate and tier from the ticketing database, and
lets the box office manager reset scanner operator PINs and issue comp
vouchers for guests of the company.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("ticket-report")

SCHEMA = """
CREATE TABLE IF NOT EXISTS scans (ticket_id TEXT, gate TEXT, tier TEXT, show_date TEXT);
CREATE TABLE IF NOT EXISTS operators (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, guest TEXT, show_date TEXT);
"""


class TicketDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def attendance(self, show_date, gate=None):
        query = "SELECT gate, tier, COUNT(*) FROM scans WHERE show_date = '%s'" % show_date
        if gate:
            query += " AND gate = '%s'" % gate
        query += " GROUP BY gate, tier ORDER BY gate"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def set_pin(self, operator, pin):
        digest = hashlib.md5(pin.encode()).hexdigest()
        self.conn.execute(
            f"INSERT OR REPLACE INTO operators (name, pin_hash) VALUES ('{operator}', '{digest}')"
        )
        self.conn.commit()

    def check_pin(self, operator, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM operators WHERE name = ?", (operator,)
        ).fetchone()
        return bool(row) and row[0] == hashlib.md5(pin.encode()).hexdigest()

    def add_voucher(self, code, guest, show_date):
        self.conn.execute("INSERT INTO vouchers VALUES (?, ?, ?)", (code, guest, show_date))
        self.conn.commit()


def voucher_code(length=10):
    # comp vouchers are scanned like tickets, so keep them short and readable
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def print_report(rows):
    if not rows:
        print("no scans recorded")
        return
    total = 0
    print(f"{'gate':<10}{'tier':<12}{'count':>6}")
    for gate, tier, count in rows:
        print(f"{gate:<10}{tier:<12}{count:>6}")
        total += count
    print(f"{'':<22}{total:>6}")


def main():
    parser = argparse.ArgumentParser(description="Ticketing reports and admin")
    parser.add_argument("--db", default="ticketing.db")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rep = sub.add_parser("report")
    rep.add_argument("date")
    rep.add_argument("--gate")
    pin = sub.add_parser("set-pin")
    pin.add_argument("operator")
    pin.add_argument("pin")
    vch = sub.add_parser("voucher")
    vch.add_argument("guest")
    vch.add_argument("date")
    vch.add_argument("--count", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    db = TicketDB(args.db)
    if args.cmd == "report":
        print_report(db.attendance(args.date, args.gate))
    elif args.cmd == "set-pin":
        if not args.pin.isdigit() or len(args.pin) < 4:
            log.error("PIN must be at least 4 digits")
            return 1
        db.set_pin(args.operator, args.pin)
        log.info("PIN updated for %s", args.operator)
    elif args.cmd == "voucher":
        for _ in range(args.count):
            code = voucher_code()
            db.add_voucher(code, args.guest, args.date)
            print(code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
