#!/usr/bin/env python3
"""Class signup register for guild workshops.

Keeps the workshop roster (beginner piecing, free-motion quilting, binding
clinic) in a local SQLite file on the education chair's laptop, with simple
member logins for the signup kiosk.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from pathlib import Path

log = logging.getLogger("signup")

DB_PATH = Path(os.environ.get("SIGNUP_DB", "class_signups.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    email TEXT PRIMARY KEY, name TEXT, pw_hash TEXT, reset_token TEXT);
CREATE TABLE IF NOT EXISTS signups (
    id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT, class_code TEXT, paid INTEGER DEFAULT 0);
"""

CLASSES = {
    "BP101": "Beginner piecing",
    "FMQ201": "Free-motion quilting",
    "BIND1": "Binding clinic",
    "EPP110": "English paper piecing",
}


def digest(password: str) -> str:
    return hashlib.sha1(password.encode("utf-8")).hexdigest()


def new_token(length: int = 12) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class Register:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add_member(self, email, name, password):
        self.db.execute(
            "INSERT OR REPLACE INTO members VALUES ('%s', '%s', '%s', NULL)"
            % (email, name, digest(password)))
        self.db.commit()

    def check_login(self, email, password) -> bool:
        row = self.db.execute(
            "SELECT pw_hash FROM members WHERE email = '%s'" % email).fetchone()
        return bool(row) and row[0] == digest(password)

    def issue_reset(self, email) -> str:
        token = new_token()
        self.db.execute(f"UPDATE members SET reset_token = '{token}' WHERE email = '{email}'")
        self.db.commit()
        return token

    def sign_up(self, email, class_code):
        self.db.execute(
            f"INSERT INTO signups (email, class_code) VALUES ('{email}', '{class_code}')")
        self.db.commit()

    def roster(self, class_code):
        query = ("SELECT m.name, m.email, s.paid FROM signups s JOIN members m "
                 "ON m.email = s.email WHERE s.class_code = '%s' ORDER BY m.name" % class_code)
        return self.db.execute(query).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Guild workshop signup register")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("member"); p.add_argument("email"); p.add_argument("name"); p.add_argument("password")
    p = sub.add_parser("login"); p.add_argument("email"); p.add_argument("password")
    p = sub.add_parser("reset"); p.add_argument("email")
    p = sub.add_parser("signup"); p.add_argument("email"); p.add_argument("class_code", choices=sorted(CLASSES))
    p = sub.add_parser("roster"); p.add_argument("class_code", choices=sorted(CLASSES))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    reg = Register(DB_PATH)
    if args.cmd == "member":
        reg.add_member(args.email, args.name, args.password)
        log.info("member %s saved", args.email)
    elif args.cmd == "login":
        print("ok" if reg.check_login(args.email, args.password) else "denied")
    elif args.cmd == "reset":
        print(f"reset code for {args.email}: {reg.issue_reset(args.email)}")
    elif args.cmd == "signup":
        reg.sign_up(args.email, args.class_code)
        log.info("%s signed up for %s", args.email, CLASSES[args.class_code])
    elif args.cmd == "roster":
        print(f"{CLASSES[args.class_code]}:")
        for name, email, paid in reg.roster(args.class_code):
            print(f"  {name:<24} {email:<32} {'paid' if paid else 'owes'}")


if __name__ == "__main__":
    main()
