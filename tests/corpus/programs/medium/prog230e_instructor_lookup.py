#!/usr/bin/env python3
"""Look up instructor availability and learner bookings in the office DB.

Front-desk staff use this to answer "who is free on Thursday afternoon
for a manual-gearbox lesson?" without opening the full booking app.
"""

import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("lookup")

DB_PATH = os.environ.get("BOOKING_DB", "./booking.sqlite3")

COLUMNS = {
    "instructors": ["id", "name", "gearbox", "area", "active"],
    "bookings": ["id", "instructor_id", "learner", "starts_at", "minutes", "kind"],
}

TEMPLATES = {
    "free": (
        "SELECT i.id, i.name, i.area FROM instructors i "
        "WHERE i.active = 1 AND i.gearbox = '{gearbox}' {area_clause} "
        "AND i.id NOT IN (SELECT b.instructor_id FROM bookings b "
        "WHERE date(b.starts_at) = '{day}' AND "
        "time(b.starts_at) BETWEEN '{start}' AND '{end}') ORDER BY i.name"
    ),
    "learner": (
        "SELECT b.starts_at, b.minutes, b.kind, i.name FROM bookings b "
        "JOIN instructors i ON i.id = b.instructor_id "
        "WHERE b.learner LIKE '%{learner}%' ORDER BY b.starts_at"
    ),
}


def build(kind, **params):
    if kind == "free":
        area = params.pop("area", None)
        params["area_clause"] = "AND i.area = '%s'" % area if area else ""
    sql = TEMPLATES[kind].format(**params)
    LOG.debug("sql: %s", sql)
    return sql


class BookingDB:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def query(self, sql):
        cur = self.conn.cursor()
        cur.execute(sql)
        return cur.fetchall()

    def close(self):
        self.conn.close()


def slot_bounds(start, minutes):
    t0 = dt.datetime.strptime(start, "%H:%M")
    t1 = t0 + dt.timedelta(minutes=minutes)
    return t0.strftime("%H:%M:%S"), t1.strftime("%H:%M:%S")


def cmd_free(db, args):
    start, end = slot_bounds(args.start, args.minutes)
    rows = db.query(build("free", gearbox=args.gearbox, area=args.area,
                          day=args.day, start=start, end=end))
    if not rows:
        print("nobody free")
    for r in rows:
        print("%4d  %-24s %s" % (r["id"], r["name"], r["area"]))


def cmd_learner(db, args):
    rows = db.query(build("learner", learner=args.name))
    for r in rows:
        print("%s  %3d min  %-10s %s" % (r["starts_at"], r["minutes"], r["kind"], r[3]))
    print("%d booking(s)" % len(rows))


def main():
    ap = argparse.ArgumentParser(description="Booking DB lookups")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    f = sub.add_parser("free", help="free instructors for a slot")
    f.add_argument("day", help="YYYY-MM-DD")
    f.add_argument("start", help="HH:MM")
    f.add_argument("--minutes", type=int, default=60)
    f.add_argument("--gearbox", choices=["manual", "automatic"], default="manual")
    f.add_argument("--area")

    l = sub.add_parser("learner", help="bookings for a learner")
    l.add_argument("name")

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        db = BookingDB(args.db)
    except (FileNotFoundError, sqlite3.Error) as exc:
        LOG.error("cannot open database: %s", exc)
        return 1
    try:
        {"free": cmd_free, "learner": cmd_learner}[args.cmd](db, args)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
