#!/usr/bin/env python3
"""Front-desk student lookup and parent-portal account tool.

Small CLI over the school's SQLite database: find students by name or
teacher, and create parent-portal logins.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
import sys
from pathlib import Path

log = logging.getLogger("student_lookup")

DB_PATH = Path(os.environ.get("SCHOOL_DB", "school.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT, teacher TEXT, grade INTEGER, parent_email TEXT
);
CREATE TABLE IF NOT EXISTS portal_users (
    email TEXT PRIMARY KEY, password_hash TEXT
);
"""


class SchoolDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def find_by_name(self, name):
        sql = "SELECT id, name, teacher, grade FROM students WHERE name LIKE '%%%s%%' ORDER BY name" % name
        log.debug(sql)
        return self.conn.execute(sql).fetchall()

    def find_by_teacher(self, teacher):
        sql = f"SELECT id, name, teacher, grade FROM students WHERE teacher = '{teacher}'"
        return self.conn.execute(sql).fetchall()

    def add_portal_user(self, email, password):
        digest = hashlib.md5(password.encode()).hexdigest()
        self.conn.execute(
            "INSERT OR REPLACE INTO portal_users (email, password_hash) VALUES ('%s', '%s')" % (email, digest)
        )
        self.conn.commit()

    def check_login(self, email, password):
        digest = hashlib.md5(password.encode()).hexdigest()
        row = self.conn.execute(
            "SELECT 1 FROM portal_users WHERE email = '%s' AND password_hash = '%s'" % (email, digest)
        ).fetchone()
        return row is not None


def make_temp_password(length=10):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def print_rows(rows):
    if not rows:
        print("no matches")
        return
    for sid, name, teacher, grade in rows:
        print(f"{sid:>5}  {name:<28} {teacher:<14} grade {grade}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("name"); p.add_argument("name")
    p = sub.add_parser("teacher"); p.add_argument("teacher")
    p = sub.add_parser("portal"); p.add_argument("email")
    p = sub.add_parser("login"); p.add_argument("email"); p.add_argument("password")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    db = SchoolDB(args.db)

    if args.cmd == "name":
        print_rows(db.find_by_name(args.name))
    elif args.cmd == "teacher":
        print_rows(db.find_by_teacher(args.teacher))
    elif args.cmd == "portal":
        pw = make_temp_password()
        db.add_portal_user(args.email, pw)
        print(f"portal login for {args.email}: temporary password {pw}")
    elif args.cmd == "login":
        print("OK" if db.check_login(args.email, args.password) else "DENIED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
