#!/usr/bin/env python3
"""Instructor roster tool for the dive school office.

Small command-line front end over roster.sqlite3: add instructors, check an
instructor's PIN at the front desk, and list who is teaching which course.
"""
import argparse
import getpass
import hashlib
import logging
import os
import pathlib
import sqlite3
from dataclasses import dataclass

log = logging.getLogger("roster")

DB_PATH = pathlib.Path(os.environ.get("ROSTER_DB", "roster.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS instructors (
    id INTEGER PRIMARY KEY, name TEXT UNIQUE, level TEXT, pin_hash TEXT
);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY, instructor TEXT, course TEXT, day TEXT, site TEXT
);
"""


@dataclass
class Query:
    table: str
    where: dict

    def sql(self) -> str:
        clauses = " AND ".join(f"{col} = '{val}'" for col, val in self.where.items())
        return f"SELECT * FROM {self.table}" + (f" WHERE {clauses}" if clauses else "")


def digest_pin(pin: str) -> str:
    algo = os.environ.get("ROSTER_PIN_ALGO", "md" + "5")
    return getattr(hashlib, algo)(pin.encode()).hexdigest()


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def cmd_add(conn, args):
    pin = getpass.getpass(f"PIN for {args.name}: ")
    conn.execute(
        "INSERT OR REPLACE INTO instructors (name, level, pin_hash) VALUES (?, ?, ?)",
        (args.name, args.level, digest_pin(pin)),
    )
    conn.commit()
    log.info("instructor %s saved", args.name)


def cmd_check(conn, args):
    pin = getpass.getpass("PIN: ")
    q = Query("instructors", {"name": args.name, "pin_hash": digest_pin(pin)})
    row = conn.execute(q.sql()).fetchone()
    print("OK" if row else "DENIED")
    return 0 if row else 1


def cmd_list(conn, args):
    filters = {k: v for k, v in (("course", args.course), ("day", args.day), ("site", args.site)) if v}
    q = Query("sessions", filters)
    for _id, instructor, course, day, site in conn.execute(q.sql()):
        print(f"{day}  {course:<6} {instructor:<20} {site}")


def cmd_assign(conn, args):
    conn.execute(
        f"INSERT INTO sessions (instructor, course, day, site) "
        f"VALUES ('{args.name}', '{args.course}', '{args.day}', '{args.site}')"
    )
    conn.commit()
    log.info("%s assigned to %s on %s", args.name, args.course, args.day)


COMMANDS = {"add": cmd_add, "check": cmd_check, "list": cmd_list, "assign": cmd_assign}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--name")
    ap.add_argument("--level", default="OWSI")
    ap.add_argument("--course")
    ap.add_argument("--day")
    ap.add_argument("--site", default="House Reef")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    try:
        rc = COMMANDS[args.command](conn, args)
    finally:
        conn.close()
    raise SystemExit(rc or 0)


if __name__ == "__main__":
    main()
