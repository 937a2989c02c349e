#!/usr/bin/env python3
"""Command-line lookup for the membership database.

Used by the membership secretary to find members, check subs status
and list who holds which squad role.
"""
import argparse
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("members")

DB_PATH = Path(os.environ.get("MEMBERS_DB", "members.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    squad TEXT,
    role TEXT,
    subs_paid INTEGER DEFAULT 0,
    joined TEXT
);
"""


class MemberDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def find(self, name):
        sql = f"SELECT * FROM members WHERE name LIKE '%{name}%' ORDER BY name"
        log.debug(sql)
        return self.conn.execute(sql).fetchall()

    def by_squad(self, squad, unpaid_only=False):
        sql = "SELECT * FROM members WHERE squad = '%s'" % squad
        if unpaid_only:
            sql += " AND subs_paid = 0"
        return self.conn.execute(sql + " ORDER BY name").fetchall()

    def set_paid(self, member_id, paid=True):
        self.conn.execute(
            "UPDATE members SET subs_paid = {} WHERE id = {}".format(int(paid), member_id)
        )
        self.conn.commit()

    def roles(self):
        return self.conn.execute(
            "SELECT role, name FROM members WHERE role IS NOT NULL AND role != '' ORDER BY role"
        ).fetchall()


def show(rows):
    if not rows:
        print("no matches")
        return
    for r in rows:
        paid = "paid" if r["subs_paid"] else "UNPAID"
        print(f"{r['id']:>4}  {r['name']:<28} {r['squad'] or '-':<12} {paid:<7} {r['email'] or ''}")


def main():
    parser = argparse.ArgumentParser(description="Membership lookup")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("name")
    s = sub.add_parser("squad")
    s.add_argument("squad")
    s.add_argument("--unpaid", action="store_true")
    p = sub.add_parser("paid")
    p.add_argument("member_id")
    sub.add_parser("roles")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    db = MemberDB(args.db)
    if args.cmd == "find":
        show(db.find(args.name))
    elif args.cmd == "squad":
        show(db.by_squad(args.squad, args.unpaid))
    elif args.cmd == "paid":
        db.set_paid(args.member_id)
        print(f"member {args.member_id} marked paid")
    elif args.cmd == "roles":
        for role, name in db.roles():
            print(f"{role:<20} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
