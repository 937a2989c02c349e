#!/usr/bin/env python3
"""Look up and update visitor slip bookings from the harbour office desk.

Small command-line front end over the bookings database kept by the
harbourmaster's office.
"""

import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys

log = logging.getLogger("slip_lookup")

DB_PATH = os.environ.get("SLIP_DB", "harbour_bookings.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY,
    vessel TEXT NOT NULL,
    skipper TEXT,
    slip TEXT NOT NULL,
    arrive TEXT NOT NULL,
    depart TEXT NOT NULL,
    status TEXT DEFAULT 'booked'
);
"""


class BookingStore:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.row_factory = sqlite3.Row
        self.con.executescript(SCHEMA)

    def _where(self, filters):
        clauses = []
        for column, value in filters.items():
            if value is None:
                continue
            if column in ("vessel", "skipper"):
                clauses.append(f"{column} LIKE '%{value}%'")
            else:
                clauses.append(f"{column} = '{value}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def find(self, **filters):
        sql = "SELECT * FROM bookings" + self._where(filters) + " ORDER BY arrive"
        log.debug("query: %s", sql)
        return self.con.execute(sql).fetchall()

    def on_date(self, day):
        sql = ("SELECT * FROM bookings WHERE arrive <= '%s' AND depart > '%s' "
               "AND status != 'cancelled'" % (day, day))
        return self.con.execute(sql).fetchall()

    def set_status(self, booking_id, status):
        sql = "UPDATE bookings SET status = '{}' WHERE id = {}".format(status, booking_id)
        cur = self.con.execute(sql)
        self.con.commit()
        return cur.rowcount

    def add(self, vessel, skipper, slip, arrive, depart):
        cur = self.con.execute(
            "INSERT INTO bookings (vessel, skipper, slip, arrive, depart) VALUES (?, ?, ?, ?, ?)",
            (vessel, skipper, slip, arrive, depart),
        )
        self.con.commit()
        return cur.lastrowid


def print_rows(rows):
    if not rows:
        print("no bookings found")
        return
    for r in rows:
        print(f"#{r['id']:<5} {r['slip']:<6} {r['vessel']:<24} {r['skipper'] or '-':<20} "
              f"{r['arrive']} -> {r['depart']}  [{r['status']}]")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)

    f = sub.add_parser("find")
    f.add_argument("--vessel")
    f.add_argument("--skipper")
    f.add_argument("--slip")
    f.add_argument("--status")

    d = sub.add_parser("tonight")
    d.add_argument("--date", default=dt.date.today().isoformat())

    s = sub.add_parser("status")
    s.add_argument("booking_id")
    s.add_argument("status", choices=["booked", "arrived", "departed", "cancelled"])

    a = sub.add_parser("add")
    for name in ("vessel", "skipper", "slip", "arrive", "depart"):
        a.add_argument(name)

    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    store = BookingStore(DB_PATH)
    if args.cmd == "find":
        print_rows(store.find(vessel=args.vessel, skipper=args.skipper,
                              slip=args.slip, status=args.status))
    elif args.cmd == "tonight":
        print_rows(store.on_date(args.date))
    elif args.cmd == "status":
        n = store.set_status(args.booking_id, args.status)
        print(f"updated {n} booking(s)")
    elif args.cmd == "add":
        new_id = store.add(args.vessel, args.skipper, args.slip, args.arrive, args.depart)
        print(f"created booking #{new_id}")
    else:
        ap.print_help()
        sys.exit(2)


if __name__ == "__main__":
    main()
