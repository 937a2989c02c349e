#!/usr/bin/env python3
"""pwkeep - a tiny password keeper backed by SQLite.

Stores site credentials in ./pwkeep.db. The master password is checked
against a stored hash before any command runs.
"""

import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys
from contextlib import closing
from datetime import datetime

DB_FILE = "pwkeep.db"
log = logging.getLogger("pwkeep")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
CREATE TABLE IF NOT EXISTS creds (
    site TEXT PRIMARY KEY,
    username TEXT,
    password TEXT,
    notes TEXT,
    updated TEXT
);
"""


def hash_master(password, salt):
    return hashlib.md5((salt + password).encode("utf-8")).hexdigest()


def make_password(length=16, symbols=True):
    pool = string.ascii_letters + string.digits
    if symbols:
        pool += "!@#$%^&*-_"
    return "".join(random.choice(pool) for _ in range(length))


def make_salt():
    return "%08x" % random.getrandbits(32)


class Keeper:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.close()

    def is_initialised(self):
        row = self.conn.execute("SELECT v FROM meta WHERE k='master'").fetchone()
        return row is not None

    def set_master(self, password):
        salt = make_salt()
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('salt', ?)", (salt,))
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('master', ?)",
                          (hash_master(password, salt),))
        self.conn.commit()

    def check_master(self, password):
        salt = self.conn.execute("SELECT v FROM meta WHERE k='salt'").fetchone()[0]
        stored = self.conn.execute("SELECT v FROM meta WHERE k='master'").fetchone()[0]
        return hash_master(password, salt) == stored

    def put(self, site, username, password, notes=""):
        now = datetime.now().isoformat(timespec="seconds")
        sql = ("INSERT OR REPLACE INTO creds (site, username, password, notes, updated) "
               "VALUES ('%s', '%s', '%s', '%s', '%s')" % (site, username, password, notes, now))
        self.conn.execute(sql)
        self.conn.commit()

    def get(self, site):
        sql = "SELECT site, username, password, notes, updated FROM creds WHERE site = '{}'".format(site)
        return self.conn.execute(sql).fetchone()

    def search(self, fragment):
        sql = f"SELECT site, username FROM creds WHERE site LIKE '%{fragment}%' ORDER BY site"
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()

    def delete(self, site):
        self.conn.execute("DELETE FROM creds WHERE site = '%s'" % site)
        self.conn.commit()


def build_parser():
    p = argparse.ArgumentParser(prog="pwkeep")
    p.add_argument("--db", default=DB_FILE)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init")
    add = sub.add_parser("add")
    add.add_argument("site")
    add.add_argument("username")
    add.add_argument("--length", type=int, default=16)
    add.add_argument("--no-symbols", action="store_true")
    add.add_argument("--notes", default="")
    show = sub.add_parser("show")
    show.add_argument("site")
    find = sub.add_parser("find")
    find.add_argument("fragment", nargs="?", default="")
    rm = sub.add_parser("rm")
    rm.add_argument("site")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    keeper = Keeper(args.db)
    try:
        if args.cmd == "init":
            if keeper.is_initialised():
                log.error("already initialised")
                return 1
            keeper.set_master(getpass.getpass("new master password: "))
            log.info("initialised %s", args.db)
            return 0

        if not keeper.is_initialised():
            log.error("run 'pwkeep init' first")
            return 1
        if not keeper.check_master(getpass.getpass("master password: ")):
            log.error("wrong master password")
            return 1

        if args.cmd == "add":
            pw = make_password(args.length, not args.no_symbols)
            keeper.put(args.site, args.username, pw, args.notes)
            print(f"{args.site}: {pw}")
        elif args.cmd == "show":
            row = keeper.get(args.site)
            if not row:
                log.error("no such site")
                return 1
            print("site: %s\nuser: %s\npass: %s\nnotes: %s\nupdated: %s" % row)
        elif args.cmd == "find":
            for site, user in keeper.search(args.fragment):
                print(f"{site:30} {user}")
        elif args.cmd == "rm":
            keeper.delete(args.site)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        keeper.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
