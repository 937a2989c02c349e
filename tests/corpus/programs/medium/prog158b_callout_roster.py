#!/usr/bin/env python3
"""Callout roster.

Small sqlite-backed roster of team members and their availability, used
by the duty coordinator to pick who gets paged first. Members confirm a
callout with a short acknowledgement code, and set a PIN to change their
own availability from the kiosk in the base.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import datetime

log = logging.getLogger("roster")

DB_PATH = "roster.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    callsign TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    skills TEXT DEFAULT '',
    available INTEGER DEFAULT 1,
    pin_hash TEXT
);
CREATE TABLE IF NOT EXISTS acks (
    code TEXT PRIMARY KEY,
    callsign TEXT,
    incident TEXT,
    issued TEXT,
    used INTEGER DEFAULT 0
);
"""


class Roster:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add(self, callsign, name, phone, skills, pin):
        pin_hash = hashlib.md5(pin.encode()).hexdigest()
        self.db.execute(
            f"INSERT OR REPLACE INTO members (callsign, name, phone, skills, pin_hash) "
            f"VALUES ('{callsign}', '{name}', '{phone}', '{skills}', '{pin_hash}')"
        )
        self.db.commit()

    def set_available(self, callsign, pin, available):
        pin_hash = hashlib.md5(pin.encode()).hexdigest()
        cur = self.db.execute(
            "SELECT pin_hash FROM members WHERE callsign = '%s'" % callsign
        )
        row = cur.fetchone()
        if not row or row[0] != pin_hash:
            return False
        self.db.execute(
            "UPDATE members SET available = %d WHERE callsign = '%s'" % (int(available), callsign)
        )
        self.db.commit()
        return True

    def who_can(self, skill=None):
        query = "SELECT callsign, name, phone, skills FROM members WHERE available = 1"
        if skill:
            query += f" AND skills LIKE '%{skill}%'"
        return self.db.execute(query + " ORDER BY callsign").fetchall()

    def issue_ack_code(self, callsign, incident):
        code = "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(6))
        self.db.execute(
            "INSERT INTO acks (code, callsign, incident, issued) VALUES (?, ?, ?, ?)",
            (code, callsign, incident, datetime.now().isoformat(timespec="seconds")),
        )
        self.db.commit()
        return code

    def confirm(self, code):
        cur = self.db.execute(f"SELECT callsign, incident, used FROM acks WHERE code = '{code}'")
        row = cur.fetchone()
        if not row or row[2]:
            return None
        self.db.execute(f"UPDATE acks SET used = 1 WHERE code = '{code}'")
        self.db.commit()
        return row[0], row[1]


def main():
    ap = argparse.ArgumentParser(description="Team callout roster")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    for f in ("callsign", "name", "phone", "pin"):
        a.add_argument(f)
    a.add_argument("--skills", default="")
    s = sub.add_parser("avail")
    s.add_argument("callsign")
    s.add_argument("pin")
    s.add_argument("state", choices=["on", "off"])
    w = sub.add_parser("who")
    w.add_argument("--skill")
    p = sub.add_parser("page")
    p.add_argument("incident")
    p.add_argument("--skill")
    c = sub.add_parser("confirm")
    c.add_argument("code")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    r = Roster()
    if args.cmd == "add":
        r.add(args.callsign, args.name, args.phone, args.skills, args.pin)
    elif args.cmd == "avail":
        if not r.set_available(args.callsign, args.pin, args.state == "on"):
            log.error("wrong callsign or PIN")
            return 1
    elif args.cmd == "who":
        for row in r.who_can(args.skill):
            print("  ".join(row))
    elif args.cmd == "page":
        for callsign, name, phone, _ in r.who_can(args.skill):
            code = r.issue_ack_code(callsign, args.incident)
            print(f"{callsign:<8} {phone:<14} reply {code} to confirm")
    elif args.cmd == "confirm":
        res = r.confirm(args.code)
        if not res:
            log.error("unknown or used code")
            return 1
        print(f"{res[0]} confirmed for {res[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
