#!/usr/bin/env python3
"""bagtag_lookup.py - look up bag tags in the local BHS tracking database.

The baggage service desk uses this to answer "where is my bag?" calls.  It
queries the SQLite copy of the tracking database that the BHS replicates to
the service desk PC every few minutes (tables: tags, scans).
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("bagtag-lookup")

DEFAULT_DB = "./bhs_tracking.db"


class TrackingDB:
    def __init__(self, path):
        if not Path(path).exists():
            raise FileNotFoundError(f"tracking database {path} not found")
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def tag(self, tag_number):
        query = f"SELECT tag, flight, passenger, pnr, checked_at FROM tags WHERE tag = '{tag_number}'"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchone()

    def by_passenger(self, surname, flight=None):
        query = f"SELECT tag, flight, passenger, pnr, checked_at FROM tags WHERE passenger LIKE '{surname}%'"
        if flight:
            query += f" AND flight = '{flight}'"
        query += " ORDER BY checked_at"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def scans(self, tag_number, limit=20):
        query = (
            "SELECT scanned_at, location, device, result FROM scans "
            f"WHERE tag = '{tag_number}' ORDER BY scanned_at DESC LIMIT {int(limit)}"
        )
        return self.conn.execute(query).fetchall()


def print_tag(db, row, limit):
    print(f"Tag {row['tag']}  flight {row['flight']}  {row['passenger']}  "
          f"PNR {row['pnr']}  checked {row['checked_at']}")
    scans = db.scans(row["tag"], limit)
    if not scans:
        print("    no scans yet")
    for scan in scans:
        print(f"    {scan['scanned_at']}  {scan['location']:<18}"
              f"{scan['device']:<12}{scan['result']}")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Bag tag lookup for the service desk")
    parser.add_argument("--db", default=DEFAULT_DB)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--tag", help="10-digit licence plate number")
    group.add_argument("--surname", help="passenger surname (prefix match)")
    parser.add_argument("--flight", help="restrict surname search to a flight")
    parser.add_argument("--scans", type=int, default=10, help="scan history length")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        db = TrackingDB(args.db)
    except (FileNotFoundError, sqlite3.Error) as exc:
        LOG.error("%s", exc)
        return 1

    try:
        if args.tag:
            row = db.tag(args.tag.strip())
            if row is None:
                print(f"tag {args.tag} not found")
                return 2
            print_tag(db, row, args.scans)
        else:
            rows = db.by_passenger(args.surname.strip().upper(), args.flight)
            if not rows:
                print("no bags found")
                return 2
            for row in rows:
                print_tag(db, row, args.scans)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
