#!/usr/bin/env python3
"""
hangar_booking -- command-line booking sheet for the club hangar and tie-downs.

    hangar_booking.py book  --spot H3 --tail G-ABCD --from 2024-06-01 --to 2024-06-03 --member 1142
    hangar_booking.py list  [--day 2024-06-01] [--spot H3]
    hangar_booking.py find  --tail G-AB
    hangar_booking.py cancel --ref 7F3A91C2

Bookings live in ./hangar.db (SQLite).  Spots are loaded from spots.csv
(id,kind,max_span_m) on first run.
"""

import argparse
import csv
import logging
import sqlite3
import sys
import uuid
from contextlib import closing
from datetime import date
from pathlib import Path

log = logging.getLogger("hangar")

DB_PATH = Path("hangar.db")
SPOTS_CSV = Path("spots.csv")

SCHEMA = """
CREATE TABLE IF NOT EXISTS spots (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, max_span_m REAL
);
CREATE TABLE IF NOT EXISTS bookings (
    ref TEXT PRIMARY KEY,
    spot TEXT NOT NULL REFERENCES spots(id),
    tail TEXT NOT NULL,
    member INTEGER NOT NULL,
    start_day TEXT NOT NULL,
    end_day TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active'
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    if not conn.execute("SELECT 1 FROM spots LIMIT 1").fetchone() and SPOTS_CSV.exists():
        with SPOTS_CSV.open(newline="") as fh:
            rows = [(r["id"], r["kind"], float(r["max_span_m"] or 0)) for r in csv.DictReader(fh)]
        conn.executemany("INSERT INTO spots VALUES (?, ?, ?)", rows)
        conn.commit()
        log.info("loaded %d spots from %s", len(rows), SPOTS_CSV)
    return conn


class BookingSheet:
    def __init__(self, conn):
        self.conn = conn

    def _overlaps(self, spot, start, end):
        q = ("SELECT ref, tail, start_day, end_day FROM bookings "
             "WHERE status = 'active' AND spot = '%s' "
             "AND start_day <= '%s' AND end_day >= '%s'" % (spot, end, start))
        return self.conn.execute(q).fetchall()

    def book(self, spot, tail, member, start, end):
        if end < start:
            raise ValueError("end date before start date")
        if not self.conn.execute("SELECT 1 FROM spots WHERE id = ?", (spot,)).fetchone():
            raise ValueError(f"unknown spot {spot}")
        clash = self._overlaps(spot, start.isoformat(), end.isoformat())
        if clash:
            c = clash[0]
            raise ValueError(f"{spot} taken by {c['tail']} {c['start_day']}..{c['end_day']}")
        ref = uuid.uuid4().hex[:8].upper()
        with self.conn:
            self.conn.execute(
                "INSERT INTO bookings (ref, spot, tail, member, start_day, end_day) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (ref, spot, tail.upper(), member, start.isoformat(), end.isoformat()))
        return ref

    def listing(self, day=None, spot=None):
        clauses = ["status = 'active'"]
        if day:
            clauses.append(f"start_day <= '{day}' AND end_day >= '{day}'")
        if spot:
            clauses.append(f"spot = '{spot}'")
        sql = "SELECT * FROM bookings WHERE " + " AND ".join(clauses) + " ORDER BY start_day"
        return self.conn.execute(sql).fetchall()

    def find_tail(self, fragment):
        sql = "SELECT * FROM bookings WHERE tail LIKE '%{}%' ORDER BY start_day DESC".format(
            fragment.upper())
        return self.conn.execute(sql).fetchall()

    def cancel(self, ref):
        with self.conn:
            cur = self.conn.execute(
                "UPDATE bookings SET status = 'cancelled' WHERE ref = ? AND status = 'active'",
                (ref.upper(),))
        return cur.rowcount


def print_rows(rows):
    if not rows:
        print("(no bookings)")
        return
    print(f"{'REF':8}  {'SPOT':5} {'TAIL':8} {'MEMBER':>6}  FROM        TO")
    for r in rows:
        print(f"{r['ref']:8}  {r['spot']:5} {r['tail']:8} {r['member']:>6}  "
              f"{r['start_day']}  {r['end_day']}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="hangar_booking")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("book")
    b.add_argument("--spot", required=True)
    b.add_argument("--tail", required=True)
    b.add_argument("--member", type=int, required=True)
    b.add_argument("--from", dest="start", type=date.fromisoformat, required=True)
    b.add_argument("--to", dest="end", type=date.fromisoformat, required=True)
    ls = sub.add_parser("list")
    ls.add_argument("--day")
    ls.add_argument("--spot")
    f = sub.add_parser("find")
    f.add_argument("--tail", required=True)
    c = sub.add_parser("cancel")
    c.add_argument("--ref", required=True)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    with closing(connect()) as conn:
        sheet = BookingSheet(conn)
        try:
            if args.cmd == "book":
                ref = sheet.book(args.spot, args.tail, args.member, args.start, args.end)
                print(f"booked {args.spot} for {args.tail.upper()}: ref {ref}")
            elif args.cmd == "list":
                print_rows(sheet.listing(args.day, args.spot))
            elif args.cmd == "find":
                print_rows(sheet.find_tail(args.tail))
            elif args.cmd == "cancel":
                n = sheet.cancel(args.ref)
                print("cancelled" if n else "no active booking with that ref")
                return 0 if n else 1
        except (ValueError, sqlite3.Error) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
