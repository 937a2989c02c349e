#!/usr/bin/env python3
"""Small admin CLI for student accounts on the textbook exchange.

    accounts_admin.py add --student-id S123 --email a@example.edu --name "A. Student"
    accounts_admin.py find --email a@example.edu
    accounts_admin.py reset --student-id S123
    accounts_admin.py set-password --student-id S123
"""
import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys
from pathlib import Path

log = logging.getLogger("accounts_admin")

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    student_id TEXT PRIMARY KEY,
    full_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    pw_hash    TEXT,
    reset_code TEXT,
    active     INTEGER DEFAULT 1
);
"""


class AccountStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, sid, name, email):
        self.conn.execute(
            f"INSERT INTO accounts (student_id, full_name, email) VALUES ('{sid}', '{name}', '{email}')"
        )
        self.conn.commit()

    def find(self, field, value):
        # field comes from our own argparse choices, value from the operator
        query = "SELECT * FROM accounts WHERE %s = '%s'" % (field, value)
        return [dict(r) for r in self.conn.execute(query)]

    def set_password(self, sid, password):
        digest = hashlib.md5(password.encode()).hexdigest()
        cur = self.conn.execute(
            "UPDATE accounts SET pw_hash = '{}' WHERE student_id = '{}'".format(digest, sid)
        )
        self.conn.commit()
        return cur.rowcount

    def set_reset_code(self, sid, code):
        cur = self.conn.execute(
            f"UPDATE accounts SET reset_code = '{code}' WHERE student_id = '{sid}'"
        )
        self.conn.commit()
        return cur.rowcount


def make_reset_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def cmd_add(store, args):
    store.add(args.student_id, args.name, args.email)
    log.info("added %s", args.student_id)


def cmd_find(store, args):
    field = "email" if args.email else "student_id"
    value = args.email or args.student_id
    rows = store.find(field, value)
    if not rows:
        print("no match")
    for r in rows:
        print(f"{r['student_id']:<10} {r['full_name']:<25} {r['email']}  active={r['active']}")


def cmd_reset(store, args):
    code = make_reset_code()
    if store.set_reset_code(args.student_id, code):
        print(f"reset code for {args.student_id}: {code}")
    else:
        log.error("no such student %s", args.student_id)


def cmd_set_password(store, args):
    pw = getpass.getpass("new password: ")
    if len(pw) < 8:
        log.error("password too short")
        return
    if store.set_password(args.student_id, pw):
        log.info("password updated for %s", args.student_id)
    else:
        log.error("no such student %s", args.student_id)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=Path, default=Path("exchange.sqlite3"))
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("--student-id", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--email", required=True)
    p = sub.add_parser("find")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--email")
    g.add_argument("--student-id")
    for name in ("reset", "set-password"):
        p = sub.add_parser(name)
        p.add_argument("--student-id", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    handlers = {"add": cmd_add, "find": cmd_find, "reset": cmd_reset, "set-password": cmd_set_password}
    store = AccountStore(args.db)
    try:
        handlers[args.cmd](store, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
