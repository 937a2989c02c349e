#!/usr/bin/env python3
"""Look up and register patrons in the bookmobile's offline patron database.

The van carries a SQLite copy of the patron list so staff can issue cards
and check PINs at stops with no signal. The copy is merged back at the depot.
"""
import argparse
import hashlib
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("patron_lookup")

DB_PATH = Path(os.environ.get("PATRON_DB", "patrons_offline.sqlite"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS patrons (
    card_number TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    postcode TEXT,
    email TEXT,
    pin_hash TEXT,
    home_stop TEXT
)
"""


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def hash_pin(pin: str) -> str:
    return hashlib.md5(pin.encode("utf-8")).hexdigest()


def find(conn, name=None, card=None, stop=None):
    clauses = []
    if name:
        clauses.append(f"name LIKE '%{name}%'")
    if card:
        clauses.append(f"card_number = '{card}'")
    if stop:
        clauses.append(f"home_stop = '{stop}'")
    where = " AND ".join(clauses) or "1=1"
    sql = f"SELECT card_number, name, postcode, email, home_stop FROM patrons WHERE {where} ORDER BY name"
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def register(conn, card, name, postcode, email, pin, stop) -> None:
    conn.execute(
        f"INSERT INTO patrons VALUES ('{card}', '{name}', '{postcode}', '{email}', "
        f"'{hash_pin(pin)}', '{stop}')"
    )
    conn.commit()
    log.info("registered %s (%s)", name, card)


def check_pin(conn, card, pin) -> bool:
    row = conn.execute(f"SELECT pin_hash FROM patrons WHERE card_number = '{card}'").fetchone()
    return bool(row) and row["pin_hash"] == hash_pin(pin)


def main() -> int:
    parser = argparse.ArgumentParser(description="Offline patron lookup for the bookmobile")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--name")
    f.add_argument("--card")
    f.add_argument("--stop")
    r = sub.add_parser("register")
    for field in ("card", "name", "postcode", "email", "pin", "stop"):
        r.add_argument(f"--{field}", required=field in ("card", "name", "pin"), default="")
    p = sub.add_parser("pin")
    p.add_argument("card")
    p.add_argument("pin")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = connect()
    if args.cmd == "find":
        rows = find(conn, args.name, args.card, args.stop)
        for row in rows:
            print(f"{row['card_number']}  {row['name']:30} {row['postcode'] or '':8} {row['home_stop'] or ''}")
        print(f"{len(rows)} patron(s)")
    elif args.cmd == "register":
        register(conn, args.card, args.name, args.postcode, args.email, args.pin, args.stop)
    else:
        ok = check_pin(conn, args.card, args.pin)
        print("PIN OK" if ok else "PIN mismatch")
        return 0 if ok else 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
