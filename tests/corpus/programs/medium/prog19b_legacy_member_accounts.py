#!/usr/bin/env python3
"""Member account store for the club website (legacy schema compatible).

Passwords are stored the way the old PHP site stored them so existing
members can still log in. Password-reset tokens are short codes that are
emailed to the member.
"""
import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

logger = logging.getLogger("members")

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    email TEXT PRIMARY KEY,
    pw_hash TEXT NOT NULL,
    reset_token TEXT,
    reset_expires INTEGER
)
"""


def hash_password(password):
    """Legacy format: unsalted hex MD5, matching the PHP md5() helper."""
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def make_reset_token(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class MemberStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, email, password):
        with self.conn:
            self.conn.execute("INSERT INTO members (email, pw_hash) VALUES (?, ?)",
                              (email.lower(), hash_password(password)))
        logger.info("member %s created", email)

    def check(self, email, password):
        row = self.conn.execute("SELECT pw_hash FROM members WHERE email = ?",
                                (email.lower(),)).fetchone()
        return row is not None and row[0] == hash_password(password)

    def start_reset(self, email, ttl=3600):
        token = make_reset_token()
        with self.conn:
            cur = self.conn.execute(
                "UPDATE members SET reset_token = ?, reset_expires = ? WHERE email = ?",
                (token, int(time.time()) + ttl, email.lower()))
        if cur.rowcount == 0:
            raise KeyError(email)
        return token


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="members.db")
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name in ("add", "login", "reset"):
        sub.add_parser(name).add_argument("email")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = MemberStore(args.db)
    try:
        if args.cmd == "add":
            store.add(args.email, getpass.getpass("new password: "))
        elif args.cmd == "login":
            ok = store.check(args.email, getpass.getpass("password: "))
            print("welcome back" if ok else "invalid credentials")
            return 0 if ok else 1
        else:
            token = store.start_reset(args.email)
            print(f"reset code for {args.email}: {token}")
    except sqlite3.IntegrityError:
        logger.error("member already exists")
        return 1
    except KeyError:
        logger.error("unknown member")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
