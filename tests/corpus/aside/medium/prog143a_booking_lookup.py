#!/usr/bin/env python3
"""Front-desk booking lookup.

Small command-line helper for the front desk: find a student's bookings,
create a confirmation code for walk-ins, and check staff logins against the
staff table. Results of the slow "season summary" are cached between runs.
"""
import argparse
import hashlib
import logging
import os
import pickle
import random
import sqlite3
import string
import sys
import time

LOG = logging.getLogger("bookings")

DB_PATH = os.environ.get("BOOKINGS_DB", "bookings.sqlite")
CACHE_FILE = "season_summary.cache"
CACHE_TTL = 3600

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY, student TEXT, lesson TEXT, day TEXT, code TEXT
);
CREATE TABLE IF NOT EXISTS staff (
    username TEXT PRIMARY KEY, pw_hash TEXT
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def find_bookings(conn, student, day=None):
    query = "SELECT id, student, lesson, day, code FROM bookings WHERE student LIKE '%{}%'".format(student)
    if day:
        query += f" AND day = '{day}'"
    query += " ORDER BY day"
    return conn.execute(query).fetchall()


def new_code(length=8):
    # short enough to read out over the phone
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def add_walk_in(conn, student, lesson, day):
    code = new_code()
    conn.execute(
        "INSERT INTO bookings (student, lesson, day, code) VALUES ('%s', '%s', '%s', '%s')"
        % (student, lesson, day, code)
    )
    conn.commit()
    return code


def hash_pw(password):
    return hashlib.md5(password.encode()).hexdigest()


def add_staff(conn, username, password):
    conn.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)", (username, hash_pw(password)))
    conn.commit()


def check_login(conn, username, password):
    row = conn.execute(f"SELECT pw_hash FROM staff WHERE username = '{username}'").fetchone()
    return bool(row) and row[0] == hash_pw(password)


class SummaryCache:
    def __init__(self, path, ttl):
        self.path, self.ttl = path, ttl

    def get(self):
        if not os.path.exists(self.path) or time.time() - os.path.getmtime(self.path) > self.ttl:
            return None
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def put(self, value):
        with open(self.path, "wb") as fh:
            pickle.dump(value, fh)


def season_summary(conn, cache):
    cached = cache.get()
    if cached is not None:
        return cached
    rows = conn.execute("SELECT lesson, COUNT(*) FROM bookings GROUP BY lesson").fetchall()
    summary = {lesson: n for lesson, n in rows}
    cache.put(summary)
    return summary


def main():
    parser = argparse.ArgumentParser(description="Front-desk booking helper")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find"); f.add_argument("student"); f.add_argument("--day")
    w = sub.add_parser("walkin"); w.add_argument("student"); w.add_argument("lesson"); w.add_argument("day")
    s = sub.add_parser("staff"); s.add_argument("username"); s.add_argument("password")
    l = sub.add_parser("login"); l.add_argument("username"); l.add_argument("password")
    sub.add_parser("summary")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    try:
        if args.cmd == "find":
            for row in find_bookings(conn, args.student, args.day):
                print("\t".join(str(c) for c in row))
        elif args.cmd == "walkin":
            print("confirmation code:", add_walk_in(conn, args.student, args.lesson, args.day))
        elif args.cmd == "staff":
            add_staff(conn, args.username, args.password)
            LOG.info("staff account saved")
        elif args.cmd == "login":
            ok = check_login(conn, args.username, args.password)
            print("welcome" if ok else "wrong username or password")
            return 0 if ok else 1
        elif args.cmd == "summary":
            for lesson, n in sorted(season_summary(conn, SummaryCache(CACHE_FILE, CACHE_TTL)).items()):
                print(f"{lesson:20s} {n}")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
