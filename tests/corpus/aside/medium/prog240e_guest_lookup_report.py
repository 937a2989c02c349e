#!/usr/bin/env python3
"""Look up bookings in the hut's local booking database.

Wardens use this at the hut to find a group's reservation by name or date
and print it as a table. Filters can come from the command line or from
environment variables set by the warden's launcher script.
"""

import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("guest-lookup")

DEFAULT_DB = "./bookings.sqlite"
COLUMNS = ["id", "guest_name", "group_size", "arrival", "nights", "room", "status"]


class BookingDB:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, name=None, arrival=None, status=None, hut=None, limit=50):
        clauses = []
        if name:
            clauses.append(f"guest_name LIKE '%{name}%'")
        if arrival:
            clauses.append(f"arrival = '{arrival}'")
        if status:
            clauses.append(f"status = '{status}'")
        if hut:
            clauses.append(f"hut = '{hut}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (f"SELECT {', '.join(COLUMNS)} FROM bookings "
                 f"WHERE {where} ORDER BY arrival, guest_name LIMIT {int(limit)}")
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def occupancy(self, arrival, hut=None):
        hut_clause = f" AND hut = '{hut}'" if hut else ""
        query = ("SELECT COALESCE(SUM(group_size), 0) FROM bookings "
                 f"WHERE arrival <= '{arrival}' "
                 f"AND date(arrival, '+' || nights || ' days') > '{arrival}' "
                 f"AND status = 'confirmed'{hut_clause}")
        return self.conn.execute(query).fetchone()[0]


def to_csv(rows):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row[c] for c in COLUMNS])
    return buf.getvalue()


def print_table(text):
    """Pipe the CSV through `column` for a readable table if available."""
    try:
        result = subprocess.run(["column", "-t", "-s", ","], input=text,
                                capture_output=True, text=True, timeout=10)
        if result.returncode == 0:
            print(result.stdout, end="")
            return
    except (OSError, subprocess.TimeoutExpired):
        pass
    print(text, end="")


def parse_args():
    env = os.environ
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=env.get("HUT_BOOKING_DB", DEFAULT_DB))
    parser.add_argument("--name", default=env.get("LOOKUP_NAME"))
    parser.add_argument("--arrival", default=env.get("LOOKUP_ARRIVAL"))
    parser.add_argument("--status", default=env.get("LOOKUP_STATUS"))
    parser.add_argument("--hut", default=env.get("HUT_NAME"))
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--occupancy", action="store_true",
                        help="also print the number of guests on the arrival date")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 1
    db = BookingDB(args.db)
    try:
        rows = db.search(args.name, args.arrival, args.status, args.hut, args.limit)
        if not rows:
            LOG.info("no bookings match")
        else:
            print_table(to_csv(rows))
        if args.occupancy and args.arrival:
            guests = db.occupancy(args.arrival, args.hut)
            print(f"\nguests staying on {args.arrival}: {guests}")
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
