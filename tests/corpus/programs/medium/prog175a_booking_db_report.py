#!/usr/bin/env python3
"""Arena and lesson booking report.

Reads the booking app's SQLite database and prints usage per arena, per
instructor, or the bookings of one owner, for the monthly yard meeting.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
from pathlib import Path

LOG = logging.getLogger("booking-report")

DB_PATH = Path(os.environ.get("BOOKING_DB", "~/livery/booking/booking.db")).expanduser()

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY,
    arena TEXT NOT NULL,
    owner TEXT NOT NULL,
    horse TEXT,
    instructor TEXT,
    starts TEXT NOT NULL,
    minutes INTEGER NOT NULL DEFAULT 30
);
"""


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, start, end, extra=None):
        clause = f"starts >= '{start}' AND starts < '{end}'"
        if extra:
            col, value = extra
            clause += f" AND {col} = '{value}'"
        return clause

    def usage_by(self, column, start, end):
        sql = (f"SELECT {column} AS k, COUNT(*) AS n, SUM(minutes) AS mins "
               f"FROM bookings WHERE {self._where(start, end)} "
               f"GROUP BY {column} ORDER BY mins DESC")
        LOG.debug(sql)
        return self.conn.execute(sql).fetchall()

    def owner_bookings(self, owner, start, end):
        sql = (f"SELECT starts, arena, horse, instructor, minutes FROM bookings "
               f"WHERE {self._where(start, end, ('owner', owner))} ORDER BY starts")
        LOG.debug(sql)
        return self.conn.execute(sql).fetchall()


def month_bounds(month):
    first = dt.datetime.strptime(month, "%Y-%m").date()
    nxt = (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return first.isoformat(), nxt.isoformat()


def print_usage(rows, title):
    print(title)
    for r in rows:
        hours = (r["mins"] or 0) / 60
        print(f"  {str(r['k']):<20} {r['n']:>4} bookings  {hours:6.1f} h")


REPORTS = {
    "arena": lambda store, a, s, e: print_usage(store.usage_by("arena", s, e), "Per arena"),
    "instructor": lambda store, a, s, e: print_usage(
        store.usage_by("instructor", s, e), "Per instructor"),
    "owner": lambda store, a, s, e: [
        print(f"  {r['starts']}  {r['arena']:<8} {r['horse'] or '-':<14} "
              f"{r['instructor'] or 'self':<12} {r['minutes']}m")
        for r in store.owner_bookings(a.owner, s, e)
    ],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", choices=sorted(REPORTS))
    parser.add_argument("--month", default=dt.date.today().strftime("%Y-%m"))
    parser.add_argument("--owner", help="owner name for the owner report")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.report == "owner" and not args.owner:
        parser.error("--owner is required for the owner report")

    start, end = month_bounds(args.month)
    store = BookingStore(args.db)
    print(f"Bookings {start} to {end}")
    REPORTS[args.report](store, args, start, end)


if __name__ == "__main__":
    main()
