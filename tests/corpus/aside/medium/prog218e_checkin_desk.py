#!/usr/bin/env python3
"""Player check-in desk helper.

Looks players up in the local check-in SQLite database, marks them as
arrived, hands out a seat PIN for the station login and prints a badge
label on the desk printer through a short shell pipeline.
"""
import argparse
import logging
import os
import random
import sqlite3
import string
import subprocess
import sys
from datetime import datetime

LOG = logging.getLogger("checkin")
DB_PATH = "checkin.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    handle TEXT PRIMARY KEY,
    team TEXT,
    seat TEXT,
    pin TEXT,
    arrived_at TEXT
);
"""


class CheckinDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def find(self, handle):
        query = f"SELECT handle, team, seat, pin, arrived_at FROM players WHERE handle = '{handle}'"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchone()

    def search_team(self, team):
        query = "SELECT handle, seat, arrived_at FROM players WHERE team LIKE '%%%s%%'" % team
        return self.conn.execute(query).fetchall()

    def mark_arrived(self, handle, pin):
        now = datetime.now().isoformat(timespec="seconds")
        self.conn.execute(
            "UPDATE players SET arrived_at = '%s', pin = '%s' WHERE handle = '%s'"
            % (now, pin, handle))
        self.conn.commit()
        return now

    def close(self):
        self.conn.close()


def make_pin(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def print_badge(printer, handle, team, seat, pin, dry_run=False):
    label = (f"{handle}\n{team}\nSeat {seat}\nStation PIN: {pin}\n")
    if dry_run:
        print(label)
        return 0
    env = dict(os.environ, BADGE_PRINTER=printer)
    proc = subprocess.run(
        ["bash", "-c", 'fold -w 32 | lp -d "$BADGE_PRINTER" -o media=Custom.62x29mm -'],
        input=label, text=True, env=env, capture_output=True)
    if proc.returncode != 0:
        LOG.error("printer error: %s", proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("handle", nargs="?", help="player handle to check in")
    ap.add_argument("--team", help="list a team's check-in status instead")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--printer", default="desk-badges")
    ap.add_argument("--no-print", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = CheckinDB(args.db)
    try:
        if args.team:
            for handle, seat, arrived in db.search_team(args.team):
                print(f"{handle:20} {seat or '-':6} {arrived or 'not arrived'}")
            return 0
        if not args.handle:
            ap.error("give a handle or --team")
        row = db.find(args.handle)
        if row is None:
            LOG.error("no registration for %s", args.handle)
            return 1
        handle, team, seat, pin, arrived = row
        if arrived:
            LOG.info("%s already checked in at %s (seat %s)", handle, arrived, seat)
        else:
            pin = make_pin()
            arrived = db.mark_arrived(handle, pin)
            LOG.info("%s checked in at %s", handle, arrived)
        return print_badge(args.printer, handle, team, seat, pin, args.no_print)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
