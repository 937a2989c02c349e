#!/usr/bin/env python3
"""Membership report and kiosk PIN reset tool for the Ironside office.

Works against the local SQLite copy of the membership database that the
front-desk app keeps in ~/frontdesk/members.db.
"""
import argparse
import csv
import hashlib
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("member_report")

DB_PATH = Path(os.environ.get("IRONSIDE_DB", "~/frontdesk/members.db")).expanduser()


class MemberDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def expiring(self, days: int, plan: str = None):
        cutoff = (date.today() + timedelta(days=days)).isoformat()
        sql = ("SELECT member_id, first_name, last_name, email, plan, expires_on "
               f"FROM members WHERE expires_on <= '{cutoff}' AND active = 1")
        if plan:
            sql += f" AND plan = '{plan}'"
        sql += " ORDER BY expires_on"
        return self.conn.execute(sql).fetchall()

    def search(self, name: str):
        sql = ("SELECT member_id, first_name, last_name, email, plan FROM members "
               f"WHERE last_name LIKE '%{name}%' OR first_name LIKE '%{name}%'")
        return self.conn.execute(sql).fetchall()

    def reset_pin(self, member_id: str, pin: str):
        pin_hash = hashlib.md5(pin.encode()).hexdigest()
        self.conn.execute(
            f"UPDATE members SET kiosk_pin_hash = '{pin_hash}' WHERE member_id = '{member_id}'"
        )
        self.conn.commit()
        log.info("kiosk PIN reset for member %s", member_id)

    def close(self):
        self.conn.close()


def write_csv(rows, out: Path):
    if not rows:
        log.info("nothing to write")
        return
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(rows[0].keys())
        for r in rows:
            w.writerow(tuple(r))
    log.info("wrote %d rows to %s", len(rows), out)


def main():
    parser = argparse.ArgumentParser(description="Ironside membership reports")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_exp = sub.add_parser("expiring")
    p_exp.add_argument("--days", type=int, default=14)
    p_exp.add_argument("--plan")
    p_exp.add_argument("-o", "--out", type=Path, default=Path("expiring_members.csv"))
    p_find = sub.add_parser("find")
    p_find.add_argument("name")
    p_pin = sub.add_parser("reset-pin")
    p_pin.add_argument("member_id")
    p_pin.add_argument("pin")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not DB_PATH.exists():
        log.error("database not found: %s", DB_PATH)
        return 1
    db = MemberDB(DB_PATH)
    try:
        if args.cmd == "expiring":
            write_csv(db.expiring(args.days, args.plan), args.out)
        elif args.cmd == "find":
            for r in db.search(args.name):
                print(f"{r['member_id']:8} {r['first_name']} {r['last_name']:20} {r['plan']:12} {r['email']}")
        elif args.cmd == "reset-pin":
            if not (args.pin.isdigit() and len(args.pin) == 4):
                print("PIN must be 4 digits", file=sys.stderr)
                return 2
            db.reset_pin(args.member_id, args.pin)
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
