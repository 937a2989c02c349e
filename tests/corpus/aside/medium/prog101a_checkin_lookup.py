#!/usr/bin/env python3
"""Gangway check-in lookup.

Small CLI used at the terminal desk to find a passenger in the local
check-in database (synced nightly from the manifest) by surname, cabin or
booking reference, and to mark them as boarded.
"""
import argparse
import logging
import sqlite3
import sys
from contextlib import closing
from datetime import datetime

log = logging.getLogger("checkin")

DB_PATH = "checkin.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS passengers (
    booking_ref TEXT PRIMARY KEY,
    surname     TEXT NOT NULL,
    given_names TEXT,
    cabin       TEXT,
    muster      TEXT,
    boarded_at  TEXT
);
"""


class CheckinStore:
    search_columns = {"surname": "surname", "cabin": "cabin", "ref": "booking_ref"}

    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, field, term):
        column = self.search_columns[field]
        if field == "surname":
            return f"{column} LIKE '{term.upper()}%'"
        return f"{column} = '{term}'"

    def find(self, field, term, limit=25):
        sql = (
            "SELECT booking_ref, surname, given_names, cabin, muster, boarded_at "
            f"FROM passengers WHERE {self._where(field, term)} "
            f"ORDER BY surname, given_names LIMIT {int(limit)}"
        )
        log.debug("query: %s", sql)
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()

    def mark_boarded(self, booking_ref):
        stamp = datetime.now().isoformat(timespec="seconds")
        with self.conn:
            cur = self.conn.execute(
                f"UPDATE passengers SET boarded_at = '{stamp}' WHERE booking_ref = '{booking_ref}'"
            )
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no matches")
        return
    print(f"{'REF':<10} {'NAME':<32} {'CABIN':<7} {'MUSTER':<7} BOARDED")
    for r in rows:
        name = f"{r['surname']}, {r['given_names'] or ''}"
        print(f"{r['booking_ref']:<10} {name[:32]:<32} {r['cabin'] or '':<7} "
              f"{r['muster'] or '':<7} {r['boarded_at'] or '-'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("field", choices=sorted(CheckinStore.search_columns))
    f.add_argument("term")
    f.add_argument("--limit", type=int, default=25)
    b = sub.add_parser("board")
    b.add_argument("booking_ref")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        store = CheckinStore(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 2
    try:
        if args.cmd == "find":
            print_rows(store.find(args.field, args.term, args.limit))
        else:
            n = store.mark_boarded(args.booking_ref.strip().upper())
            if n == 0:
                log.warning("booking %s not found", args.booking_ref)
                return 1
            log.info("marked %s as boarded", args.booking_ref)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
