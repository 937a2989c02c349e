#!/usr/bin/env python3
"""Front-desk member lookup.

Searches the local membership database by name, email fragment or member
number and prints membership status, pass type, expiry and whether the member
has a current belay certification. Used at the desk when the kiosk cannot
find someone.
"""

import argparse
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("member-lookup")

FIELDS = ("member_id", "first_name", "last_name", "email", "pass_type",
          "expires", "belay_cert")


class MemberDB:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, column, term, include_lapsed):
        sql = ("SELECT member_id, first_name, last_name, email, pass_type, "
               "expires, belay_cert FROM members "
               "WHERE {col} LIKE '%{term}%'".format(col=column, term=term))
        if not include_lapsed:
            sql += " AND expires >= '{}'".format(date.today().isoformat())
        sql += " ORDER BY last_name, first_name LIMIT 50"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_id(self, member_id):
        sql = "SELECT * FROM members WHERE member_id = %s" % member_id
        return self.conn.execute(sql).fetchone()


def status_of(row):
    try:
        expires = date.fromisoformat(row["expires"])
    except (TypeError, ValueError):
        return "unknown"
    days = (expires - date.today()).days
    if days < 0:
        return "LAPSED"
    if days <= 14:
        return f"expires in {days}d"
    return "active"


def print_rows(rows):
    if not rows:
        print("no matching members")
        return
    print(f"{'ID':>7}  {'Name':<28} {'Pass':<10} {'Status':<16} Belay")
    for r in rows:
        name = f"{r['first_name']} {r['last_name']}"
        belay = "yes" if r["belay_cert"] else "no"
        print(f"{r['member_id']:>7}  {name:<28} {r['pass_type']:<10} "
              f"{status_of(r):<16} {belay}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("term", help="name, email fragment or member number")
    parser.add_argument("--db", default="frontdesk.sqlite3")
    parser.add_argument("--by", choices=["last_name", "first_name", "email"],
                        default="last_name")
    parser.add_argument("--all", action="store_true",
                        help="include lapsed memberships")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        db = MemberDB(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1

    try:
        if args.term.isdigit():
            row = db.by_id(args.term)
            print_rows([row] if row else [])
        else:
            print_rows(db.search(args.by, args.term, args.all))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
