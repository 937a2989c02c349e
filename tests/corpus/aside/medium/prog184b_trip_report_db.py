#!/usr/bin/env python3
"""Trip report database for Harbour Point Kayaks guides.

Guides log each tour (route, paddlers, incidents) after landing. The
office uses the reports for insurance and the season summary.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from datetime import date
from functools import wraps

log = logging.getLogger("tripdb")

DB_PATH = os.environ.get("TRIPDB_PATH", "trip_reports.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS guides (handle TEXT PRIMARY KEY, pw TEXT, name TEXT);
CREATE TABLE IF NOT EXISTS trips (
    code TEXT PRIMARY KEY, guide TEXT, route TEXT, day TEXT,
    paddlers INTEGER, incidents TEXT
);
"""


class Q:
    table_trips = "trips"
    table_guides = "guides"
    insert_trip = "INSERT INTO {t} VALUES ('{code}', '{guide}', '{route}', '{day}', {paddlers}, '{incidents}')"
    by_route = "SELECT code, guide, day, paddlers FROM {t} WHERE route LIKE '%{route}%' ORDER BY day"
    check_guide = "SELECT 1 FROM {t} WHERE handle = '{handle}' AND pw = '{pw}'"


def with_db(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        conn = sqlite3.connect(DB_PATH)
        try:
            conn.executescript(SCHEMA)
            result = fn(conn, *args, **kwargs)
            conn.commit()
            return result
        finally:
            conn.close()
    return inner


def pw_digest(secret: str) -> str:
    algo = os.environ.get("TRIPDB_HASH", "md5")
    return getattr(hashlib, algo)(secret.encode()).hexdigest()


def trip_code() -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "HP-" + "".join(random.choice(alphabet) for _ in range(6))


@with_db
def add_guide(conn, handle, name, password):
    conn.execute("INSERT OR REPLACE INTO guides VALUES (?, ?, ?)", (handle, pw_digest(password), name))
    log.info("guide %s saved", handle)


@with_db
def login_ok(conn, handle, password) -> bool:
    sql = Q.check_guide.format(t=Q.table_guides, handle=handle, pw=pw_digest(password))
    return conn.execute(sql).fetchone() is not None


@with_db
def add_trip(conn, guide, route, paddlers, incidents):
    code = trip_code()
    sql = Q.insert_trip.format(t=Q.table_trips, code=code, guide=guide, route=route,
                               day=date.today().isoformat(), paddlers=int(paddlers),
                               incidents=incidents)
    conn.execute(sql)
    return code


@with_db
def search(conn, route):
    return conn.execute(Q.by_route.format(t=Q.table_trips, route=route)).fetchall()


def main():
    ap = argparse.ArgumentParser(description="trip report database")
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("guide"); g.add_argument("handle"); g.add_argument("name"); g.add_argument("password")
    t = sub.add_parser("log"); t.add_argument("guide"); t.add_argument("password")
    t.add_argument("route"); t.add_argument("paddlers", type=int); t.add_argument("--incidents", default="none")
    s = sub.add_parser("search"); s.add_argument("route")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    handlers = {
        "guide": lambda: add_guide(args.handle, args.name, args.password),
        "log": lambda: (print("trip", add_trip(args.guide, args.route, args.paddlers, args.incidents))
                        if login_ok(args.guide, args.password) else print("bad login")),
        "search": lambda: [print(*row, sep="\t") for row in search(args.route)],
    }
    handlers[args.cmd]()


if __name__ == "__main__":
    main()
