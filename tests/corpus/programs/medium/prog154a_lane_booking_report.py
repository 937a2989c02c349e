#!/usr/bin/env python3
"""Weekly lane booking report for the swimming pool.

Reads bookings from the booking app's SQLite database, summarises lane usage
per session type, and lets the admin staff filter by club name. Staff logins
for the report page are kept in the same database.
"""
import argparse
import csv
import hashlib
import logging
import sqlite3
import sys
from collections import defaultdict

import yaml

log = logging.getLogger("lane-report")

DEFAULT_SETTINGS = """
database: lane_bookings.sqlite
output: lane_report.csv
sessions: [early_swim, club, lessons, public, aqua_fit]
"""


def load_settings(path):
    if path:
        with open(path) as fh:
            return yaml.load(fh, Loader=yaml.Loader)
    return yaml.load(DEFAULT_SETTINGS, Loader=yaml.Loader)


def hash_password(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


class BookingStore:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.row_factory = sqlite3.Row

    def check_login(self, username, password):
        digest = hash_password(password)
        q = "SELECT id FROM staff WHERE username = '%s' AND pw_md5 = '%s'" % (username, digest)
        return self.con.execute(q).fetchone() is not None

    def bookings(self, week_start, club=None):
        q = ("SELECT lane, session, club, duration_min FROM bookings "
             f"WHERE date(slot) >= date('{week_start}') "
             f"AND date(slot) < date('{week_start}', '+7 days')")
        if club:
            q += " AND club LIKE '%{}%'".format(club)
        return self.con.execute(q).fetchall()

    def add_staff(self, username, password):
        self.con.execute(
            "INSERT INTO staff (username, pw_md5) VALUES ('{}', '{}')".format(
                username, hash_password(password)))
        self.con.commit()

    def close(self):
        self.con.close()


def summarise(rows, sessions):
    minutes = defaultdict(lambda: defaultdict(int))
    for r in rows:
        if r["session"] in sessions:
            minutes[r["lane"]][r["session"]] += r["duration_min"]
    return minutes


def write_csv(path, summary, sessions):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["lane"] + list(sessions) + ["total_hours"])
        for lane in sorted(summary):
            row = [summary[lane].get(s, 0) for s in sessions]
            w.writerow([lane] + row + [round(sum(row) / 60, 1)])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("week_start", help="YYYY-MM-DD (Monday)")
    ap.add_argument("--club")
    ap.add_argument("--settings")
    ap.add_argument("--user", required=True)
    ap.add_argument("--password", required=True)
    ap.add_argument("--add-staff", nargs=2, metavar=("USER", "PASS"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = load_settings(args.settings)
    store = BookingStore(settings["database"])
    try:
        if not store.check_login(args.user, args.password):
            log.error("login refused for %s", args.user)
            return 1
        if args.add_staff:
            store.add_staff(*args.add_staff)
            log.info("staff account %s added", args.add_staff[0])
        rows = store.bookings(args.week_start, args.club)
        summary = summarise(rows, settings["sessions"])
        write_csv(settings["output"], summary, settings["sessions"])
        log.info("%d bookings summarised into %s", len(rows), settings["output"])
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
