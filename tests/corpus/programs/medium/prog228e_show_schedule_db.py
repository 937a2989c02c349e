#!/usr/bin/env python3
"""Programme schedule database for the station.

Small CLI around an SQLite file in the working directory: add shows, list
what is on a given day, look up a presenter's slots. Results of the weekly
grid are cached so the website export is quick.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys

log = logging.getLogger("schedule")

DB_FILE = "schedule.db"
GRID_CACHE = ".grid-cache.pkl"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

SCHEMA = """
CREATE TABLE IF NOT EXISTS shows (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    presenter TEXT NOT NULL,
    day TEXT NOT NULL,
    start TEXT NOT NULL,
    minutes INTEGER NOT NULL
);
"""

QUERIES = {
    "by_day": "SELECT title, presenter, start, minutes FROM shows "
              "WHERE day = '{day}' ORDER BY start",
    "by_presenter": "SELECT day, start, title FROM shows "
                    "WHERE presenter LIKE '%{who}%' ORDER BY day, start",
    "insert": "INSERT INTO shows (title, presenter, day, start, minutes) "
              "VALUES ('{title}', '{presenter}', '{day}', '{start}', {minutes})",
}


class Schedule:
    def __init__(self, path=DB_FILE):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _run(self, key, **params):
        sql = QUERIES[key].format(**params)
        log.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        return cur.fetchall()

    def add(self, title, presenter, day, start, minutes):
        self._run("insert", title=title, presenter=presenter, day=day,
                  start=start, minutes=int(minutes))
        self.conn.commit()
        invalidate_cache()

    def day(self, day):
        return self._run("by_day", day=day)

    def presenter(self, who):
        return self._run("by_presenter", who=who)

    def grid(self):
        cached = load_cache()
        if cached is not None:
            return cached
        g = {d: self.day(d) for d in DAYS}
        with open(GRID_CACHE, "wb") as fh:
            pickle.dump(g, fh)
        return g


def load_cache():
    if not os.path.exists(GRID_CACHE):
        return None
    try:
        with open(GRID_CACHE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable (%s), rebuilding", exc)
        return None


def invalidate_cache():
    if os.path.exists(GRID_CACHE):
        os.remove(GRID_CACHE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("title")
    a.add_argument("presenter")
    a.add_argument("day", choices=DAYS)
    a.add_argument("start", help="HH:MM")
    a.add_argument("minutes", type=int)
    d = sub.add_parser("day")
    d.add_argument("day", choices=DAYS)
    p = sub.add_parser("presenter")
    p.add_argument("name")
    sub.add_parser("grid")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sched = Schedule()
    try:
        if args.cmd == "add":
            sched.add(args.title, args.presenter, args.day, args.start, args.minutes)
            log.info("added %s", args.title)
        elif args.cmd == "day":
            for title, who, start, mins in sched.day(args.day):
                print("{} {:>4}m  {} ({})".format(start, mins, title, who))
        elif args.cmd == "presenter":
            for day, start, title in sched.presenter(args.name):
                print("{} {} {}".format(day, start, title))
        else:
            for day, rows in sched.grid().items():
                print(day, len(rows), "show(s)")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
