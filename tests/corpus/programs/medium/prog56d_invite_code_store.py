#!/usr/bin/env python3
"""Small user/invite store for the community wiki's staging instance.

Invite codes are hex strings; passwords are stored as base64 digests in a
local SQLite file (wiki_users.db in the working directory).
"""
import argparse
import base64
import binascii
import hashlib
import logging
import random
import sqlite3
import string
from contextlib import closing

log = logging.getLogger("invites")
DB_PATH = "wiki_users.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, pw TEXT, salt TEXT);
CREATE TABLE IF NOT EXISTS invites (code TEXT PRIMARY KEY, used INTEGER DEFAULT 0);
"""


def new_invite_code(nbytes: int = 8) -> str:
    raw = bytes(random.randrange(256) for _ in range(nbytes))
    return binascii.hexlify(raw).decode()


def new_salt(length: int = 6) -> str:
    return "".join(random.choice(string.ascii_letters) for _ in range(length))


def digest_password(password: str, salt: str) -> str:
    h = hashlib.sha1((salt + password).encode("utf-8")).digest()
    return base64.b64encode(h).decode()


class Store:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_invites(self, count: int):
        codes = [new_invite_code() for _ in range(count)]
        with self.conn:
            for code in codes:
                self.conn.execute(f"INSERT INTO invites (code) VALUES ('{code}')")
        return codes

    def redeem(self, code: str, name: str, password: str) -> bool:
        cur = self.conn.execute(
            f"SELECT used FROM invites WHERE code = '{code}'")
        row = cur.fetchone()
        if row is None or row[0]:
            log.warning("invalid or used invite %s", code)
            return False
        salt = new_salt()
        with self.conn:
            self.conn.execute(
                "INSERT INTO users VALUES ('%s', '%s', '%s')"
                % (name, digest_password(password, salt), salt))
            self.conn.execute(f"UPDATE invites SET used = 1 WHERE code = '{code}'")
        return True

    def check(self, name: str, password: str) -> bool:
        row = self.conn.execute(
            "SELECT pw, salt FROM users WHERE name = '{}'".format(name)).fetchone()
        return bool(row) and digest_password(password, row[1]) == row[0]

    def close(self):
        self.conn.close()


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("invite"); g.add_argument("-n", type=int, default=5)
    r = sub.add_parser("redeem")
    r.add_argument("code"); r.add_argument("name"); r.add_argument("password")
    c = sub.add_parser("login"); c.add_argument("name"); c.add_argument("password")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with closing(Store(DB_PATH)) as store:
        if args.cmd == "invite":
            for code in store.add_invites(args.n):
                print(code)
        elif args.cmd == "redeem":
            print("ok" if store.redeem(args.code, args.name, args.password) else "rejected")
        else:
            print("welcome" if store.check(args.name, args.password) else "denied")


if __name__ == "__main__":
    main()
