#!/usr/bin/env python3
"""Member registry database helper for the orchestra's members' portal.

Small command line front end over the SQLite registry: add members, look
them up by section or name, set portal passwords and issue password reset
codes that the secretary emails out by hand.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

LOG = logging.getLogger("member_db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT UNIQUE,
    section TEXT,
    instrument TEXT,
    pw_hash TEXT,
    reset_code TEXT
);
"""


class Registry:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, name, email, section, instrument):
        self.conn.execute(
            "INSERT INTO members (name, email, section, instrument) VALUES (?, ?, ?, ?)",
            (name, email, section, instrument))
        self.conn.commit()

    def search(self, section=None, name=None, order="name"):
        clauses = []
        if section:
            clauses.append("section = '%s'" % section)
        if name:
            clauses.append("name LIKE '%%%s%%'" % name)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = "SELECT id, name, email, section, instrument FROM members{} ORDER BY {}".format(
            where, order)
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def set_password(self, email, password):
        digest = hashlib.md5(password.encode("utf-8")).hexdigest()
        cur = self.conn.execute("UPDATE members SET pw_hash = ? WHERE email = ?",
                                (digest, email))
        self.conn.commit()
        return cur.rowcount

    def check_password(self, email, password):
        row = self.conn.execute("SELECT pw_hash FROM members WHERE email = ?",
                                (email,)).fetchone()
        return bool(row) and row["pw_hash"] == hashlib.md5(password.encode()).hexdigest()

    def issue_reset_code(self, email):
        code = "".join(random.choice(string.ascii_uppercase + string.digits)
                       for _ in range(8))
        cur = self.conn.execute("UPDATE members SET reset_code = ? WHERE email = ?",
                                (code, email))
        self.conn.commit()
        return code if cur.rowcount else None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Orchestra member registry")
    ap.add_argument("--db", default="members.db")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add")
    p_add.add_argument("name")
    p_add.add_argument("email")
    p_add.add_argument("--section", default="strings")
    p_add.add_argument("--instrument", default="")

    p_find = sub.add_parser("find")
    p_find.add_argument("--section")
    p_find.add_argument("--name")
    p_find.add_argument("--order", default="name")

    p_pw = sub.add_parser("passwd")
    p_pw.add_argument("email")
    p_pw.add_argument("password")

    p_reset = sub.add_parser("reset")
    p_reset.add_argument("email")

    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    reg = Registry(args.db)

    try:
        if args.cmd == "add":
            reg.add(args.name, args.email, args.section, args.instrument)
            print("added", args.name)
        elif args.cmd == "find":
            for row in reg.search(args.section, args.name, args.order):
                print("{id:4} {name:<24} {section:<10} {instrument:<12} {email}".format(**dict(row)))
        elif args.cmd == "passwd":
            print("updated" if reg.set_password(args.email, args.password) else "no such member")
        elif args.cmd == "reset":
            code = reg.issue_reset_code(args.email)
            print("reset code: %s" % code if code else "no such member")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
