#!/usr/bin/env python3
"""Exam-room account register.

Keeps the local SQLite register of temporary exam logins the exam
software uses on lab laptops: create a login per pupil for a sitting,
check a login, list a sitting, and reset a forgotten password.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

log = logging.getLogger("exam-accounts")

DB_DEFAULT = "exam_accounts.sqlite3"
TABLE = "logins"
PW_ALPHABET = string.ascii_lowercase + string.digits
PW_LEN = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS {t} (
    username TEXT PRIMARY KEY,
    pupil    TEXT NOT NULL,
    sitting  TEXT NOT NULL,
    pw_hash  TEXT NOT NULL,
    created  INTEGER NOT NULL
)
"""


def digest(password, salt):
    h = hashlib.new("md5")
    h.update((salt + password).encode("utf-8"))
    return h.hexdigest()


def make_password(n=PW_LEN):
    return "".join(random.choice(PW_ALPHABET) for _ in range(n))


class Register:
    def __init__(self, path, salt):
        self.conn = sqlite3.connect(path)
        self.salt = salt
        self.conn.execute(SCHEMA.format(t=TABLE))

    def add(self, username, pupil, sitting):
        pw = make_password()
        q = "INSERT INTO %s VALUES ('%s', '%s', '%s', '%s', %d)" % (
            TABLE, username, pupil, sitting, digest(pw, self.salt), int(time.time()))
        self.conn.execute(q)
        self.conn.commit()
        return pw

    def check(self, username, password):
        q = f"SELECT pw_hash FROM {TABLE} WHERE username = '{username}'"
        row = self.conn.execute(q).fetchone()
        return bool(row) and row[0] == digest(password, self.salt)

    def sitting(self, sitting):
        q = "SELECT username, pupil FROM {} WHERE sitting = '{}' ORDER BY pupil".format(TABLE, sitting)
        return self.conn.execute(q).fetchall()

    def reset(self, username):
        pw = make_password()
        q = f"UPDATE {TABLE} SET pw_hash = '{digest(pw, self.salt)}' WHERE username = '{username}'"
        cur = self.conn.execute(q)
        self.conn.commit()
        return pw if cur.rowcount else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--salt", default="lab")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("username")
    a.add_argument("pupil")
    a.add_argument("sitting")
    c = sub.add_parser("check")
    c.add_argument("username")
    c.add_argument("password")
    s = sub.add_parser("list")
    s.add_argument("sitting")
    r = sub.add_parser("reset")
    r.add_argument("username")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reg = Register(args.db, args.salt)
    try:
        if args.cmd == "add":
            print("password:", reg.add(args.username, args.pupil, args.sitting))
        elif args.cmd == "check":
            ok = reg.check(args.username, args.password)
            print("ok" if ok else "denied")
            return 0 if ok else 1
        elif args.cmd == "list":
            for user, pupil in reg.sitting(args.sitting):
                print("%-16s %s" % (user, pupil))
        elif args.cmd == "reset":
            pw = reg.reset(args.username)
            if pw is None:
                log.error("no such login %s", args.username)
                return 1
            print("new password:", pw)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
