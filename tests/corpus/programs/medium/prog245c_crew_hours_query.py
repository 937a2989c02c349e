#!/usr/bin/env python3
"""Query the crew hours-of-rest database kept on the bridge PC.

The rostering tools record each watch a crew member stands in a local
SQLite file (crew_hours.db). Mates use this to answer quick questions:
how many hours has someone worked in the last 24 hours or 7 days, and who
is close to the rest-hour limits before the next sailing.
"""

import argparse
import logging
import sqlite3
import sys
from datetime import datetime, timedelta

LOG = logging.getLogger("crew-hours")

DB_PATH = "crew_hours.db"
MAX_WORK_24H = 14.0
MAX_WORK_7D = 72.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS watches (
    id INTEGER PRIMARY KEY,
    crew_name TEXT NOT NULL,
    rank TEXT NOT NULL,
    start_ts TEXT NOT NULL,
    end_ts TEXT NOT NULL
)
"""


class HoursDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def hours_since(self, crew_name, since):
        query = (
            "SELECT SUM((julianday(end_ts) - julianday(start_ts)) * 24) "
            "FROM watches WHERE crew_name = '%s' AND start_ts >= '%s'"
            % (crew_name, since.isoformat(sep=" "))
        )
        LOG.debug("query: %s", query)
        row = self.conn.execute(query).fetchone()
        return row[0] or 0.0

    def crew_by_rank(self, rank=None):
        query = "SELECT DISTINCT crew_name, rank FROM watches"
        if rank:
            query += " WHERE rank = '{}'".format(rank)
        query += " ORDER BY crew_name"
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def check_member(db, name, now):
    h24 = db.hours_since(name, now - timedelta(hours=24))
    h7d = db.hours_since(name, now - timedelta(days=7))
    flags = []
    if h24 > MAX_WORK_24H:
        flags.append("24h limit")
    if h7d > MAX_WORK_7D:
        flags.append("7-day limit")
    return h24, h7d, flags


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", default=DB_PATH)
    p.add_argument("--crew", help="one crew member's name")
    p.add_argument("--rank", help="restrict the listing to a rank")
    p.add_argument("--debug", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")
    now = datetime.now()
    try:
        db = HoursDB(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        names = [args.crew] if args.crew else [n for n, _ in db.crew_by_rank(args.rank)]
        if not names:
            LOG.warning("no crew found")
            return 0
        over = 0
        print("%-24s %8s %8s  %s" % ("crew", "24h", "7d", "flags"))
        for name in names:
            h24, h7d, flags = check_member(db, name, now)
            over += bool(flags)
            print("%-24s %8.1f %8.1f  %s" % (name, h24, h7d, ", ".join(flags) or "-"))
        LOG.info("%d of %d crew at or over a limit", over, len(names))
        return 3 if over else 0
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
