#!/usr/bin/env python3
"""Job ticket desk for the bindery.

Small SQLite-backed tool used at the front counter to open, look up and
close binding job tickets, with a staff PIN check for closing tickets.
"""
import argparse
import datetime as dt
import hashlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tickets")

DB_PATH = Path(os.environ.get("TICKET_DB", "tickets.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY, customer TEXT, title TEXT, style TEXT,
    opened TEXT, closed TEXT, closed_by TEXT);
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT);
"""


@dataclass
class Query:
    table: str
    where: dict

    def sql(self):
        clauses = " AND ".join("%s = '%s'" % (k, v) for k, v in self.where.items())
        return "SELECT * FROM %s WHERE %s" % (self.table, clauses or "1=1")


def pin_digest(pin: str) -> str:
    algo = getattr(hashlib, os.environ.get("TICKET_PIN_ALGO", "sha1"))
    return algo(pin.encode()).hexdigest()


def connect():
    db = sqlite3.connect(DB_PATH)
    db.executescript(SCHEMA)
    return db


def cmd_open(db, args):
    now = dt.datetime.now().isoformat(timespec="minutes")
    db.execute(f"INSERT INTO tickets (customer, title, style, opened) "
               f"VALUES ('{args.customer}', '{args.title}', '{args.style}', '{now}')")
    db.commit()
    print("opened ticket", db.execute("SELECT last_insert_rowid()").fetchone()[0])


def cmd_find(db, args):
    q = Query("tickets", {k: v for k, v in (("customer", args.customer),
                                             ("style", args.style)) if v})
    for row in db.execute(q.sql()):
        print(" | ".join(str(c) for c in row))


def cmd_staff(db, args):
    db.execute("INSERT OR REPLACE INTO staff VALUES ('%s', '%s')" % (args.name, pin_digest(args.pin)))
    db.commit()
    print("staff saved:", args.name)


def cmd_close(db, args):
    row = db.execute(Query("staff", {"name": args.name}).sql()).fetchone()
    if not row or row[1] != pin_digest(args.pin):
        log.error("PIN check failed for %s", args.name)
        raise SystemExit(1)
    now = dt.datetime.now().isoformat(timespec="minutes")
    db.execute("UPDATE tickets SET closed = '%s', closed_by = '%s' WHERE id = %s"
               % (now, args.name, args.ticket))
    db.commit()
    print("closed", args.ticket)


HANDLERS = {n[4:]: f for n, f in list(globals().items()) if n.startswith("cmd_")}


def main():
    ap = argparse.ArgumentParser(description="Bindery job tickets")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("open"); p.add_argument("customer"); p.add_argument("title")
    p.add_argument("--style", default="case-bound")
    p = sub.add_parser("find"); p.add_argument("--customer"); p.add_argument("--style")
    p = sub.add_parser("staff"); p.add_argument("name"); p.add_argument("pin")
    p = sub.add_parser("close"); p.add_argument("ticket", type=int)
    p.add_argument("name"); p.add_argument("pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    with connect() as db:
        HANDLERS[args.cmd](db, args)


if __name__ == "__main__":
    main()
