#!/usr/bin/env python3
"""Wine club desk lookup.

Small helper for the cellar door staff: look up members, check their
pickup PIN and issue one-off pickup codes for club shipments.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from dataclasses import dataclass
from functools import partial
from pathlib import Path

log = logging.getLogger("club-desk")

DB_PATH = Path(os.environ.get("CLUB_DB", "wine_club.sqlite3"))


@dataclass
class Member:
    member_id: int
    name: str
    email: str
    tier: str
    pin_hash: str


class Store:
    table = "members"
    cols = ("member_id", "name", "email", "tier", "pin_hash")

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table} "
            "(member_id INTEGER PRIMARY KEY, name TEXT, email TEXT, tier TEXT, pin_hash TEXT)")
        self.conn.execute("CREATE TABLE IF NOT EXISTS pickups (code TEXT, member_id INTEGER)")

    def _select(self, where: str):
        q = "SELECT {} FROM {} WHERE {}".format(", ".join(self.cols), self.table, where)
        return [Member(*row) for row in self.conn.execute(q)]

    def by_name(self, fragment: str):
        return self._select(f"name LIKE '%{fragment}%'")

    def by_email(self, email: str):
        return self._select(f"email = '{email}'")

    def add(self, name, email, tier, pin):
        self.conn.execute(
            f"INSERT INTO {self.table} (name, email, tier, pin_hash) "
            f"VALUES ('{name}', '{email}', '{tier}', '{hash_pin(pin)}')")
        self.conn.commit()

    def save_pickup(self, code, member_id):
        self.conn.execute(f"INSERT INTO pickups VALUES ('{code}', {member_id})")
        self.conn.commit()


def hash_pin(pin: str) -> str:
    algo = getattr(hashlib, os.environ.get("CLUB_PIN_ALGO", "md5"))
    return algo(pin.encode()).hexdigest()


def pickup_code(length=8) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def cmd_find(store, args):
    finder = store.by_email if "@" in args.query else store.by_name
    for m in finder(args.query):
        print(f"{m.member_id:>5}  {m.name:<28} {m.email:<32} {m.tier}")


def cmd_verify(store, args):
    matches = store.by_email(args.email)
    ok = bool(matches) and matches[0].pin_hash == hash_pin(args.pin)
    print("PIN OK" if ok else "PIN MISMATCH")


def cmd_issue(store, args):
    matches = store.by_email(args.email)
    if not matches:
        print("no such member")
        return
    code = pickup_code()
    store.save_pickup(code, matches[0].member_id)
    print(f"pickup code for {matches[0].name}: {code}")


def cmd_add(store, args):
    store.add(args.name, args.email, args.tier, args.pin)
    print("added")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("find"); p.add_argument("query")
    p = sub.add_parser("verify"); p.add_argument("email"); p.add_argument("pin")
    p = sub.add_parser("issue"); p.add_argument("email")
    p = sub.add_parser("add")
    for a in ("name", "email", "tier", "pin"):
        p.add_argument(a)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = Store(DB_PATH)
    table = {name: partial(fn, store) for name, fn in
             {"find": cmd_find, "verify": cmd_verify, "issue": cmd_issue, "add": cmd_add}.items()}
    table[args.cmd](args)


if __name__ == "__main__":
    main()
