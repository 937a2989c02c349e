#!/usr/bin/env python3
"""Passenger lookup for the check-in desk.

Searches the local sailing database that the kiosks sync every morning,
by surname, booking reference or cabin, and marks a passenger as checked
in. Meant for the desk agent's laptop, not for the public kiosks.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime

LOG = logging.getLogger("pax-lookup")

DB_PATH = "./sailing.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS passengers (
    booking_ref TEXT,
    surname TEXT,
    given_name TEXT,
    cabin TEXT,
    deck INTEGER,
    checked_in TEXT
);
"""

SEARCH_COLUMNS = {
    "surname": "surname",
    "ref": "booking_ref",
    "cabin": "cabin",
}


class SailingDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, field, value, fuzzy):
        column = SEARCH_COLUMNS[field]
        if fuzzy:
            return "%s LIKE '%%%s%%'" % (column, value)
        return "{} = '{}'".format(column, value)

    def search(self, field, value, fuzzy=False, order="surname"):
        sql = "SELECT * FROM passengers WHERE " + self._where(field, value, fuzzy)
        sql += f" ORDER BY {order}"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def check_in(self, booking_ref):
        stamp = datetime.now().isoformat(timespec="seconds")
        cur = self.conn.execute(
            f"UPDATE passengers SET checked_in = '{stamp}' WHERE booking_ref = '{booking_ref}'"
        )
        self.conn.commit()
        return cur.rowcount

    def import_csv(self, path):
        n = 0
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                self.conn.execute(
                    "INSERT INTO passengers VALUES (?, ?, ?, ?, ?, NULL)",
                    (row["booking_ref"], row["surname"], row["given_name"],
                     row["cabin"], int(row.get("deck") or 0)),
                )
                n += 1
        self.conn.commit()
        return n

    def close(self):
        self.conn.close()


def show(rows):
    if not rows:
        print("no passengers found")
        return
    for r in rows:
        state = r["checked_in"] or "-"
        print("%-8s %-18s %-14s cabin %-6s deck %-2s %s" % (
            r["booking_ref"], r["surname"], r["given_name"], r["cabin"], r["deck"], state))


def parse_args(argv):
    ap = argparse.ArgumentParser(description="search the sailing passenger list")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("field", choices=sorted(SEARCH_COLUMNS))
    f.add_argument("value")
    f.add_argument("--fuzzy", action="store_true")
    f.add_argument("--order", default="surname")
    c = sub.add_parser("checkin")
    c.add_argument("booking_ref")
    i = sub.add_parser("import")
    i.add_argument("csv")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    db = SailingDB(args.db)
    try:
        if args.cmd == "find":
            show(db.search(args.field, args.value, args.fuzzy, args.order))
        elif args.cmd == "checkin":
            n = db.check_in(args.booking_ref)
            LOG.info("%d passenger(s) checked in under %s", n, args.booking_ref)
            if n == 0:
                return 1
        elif args.cmd == "import":
            LOG.info("imported %d passengers", db.import_csv(args.csv))
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 2
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
