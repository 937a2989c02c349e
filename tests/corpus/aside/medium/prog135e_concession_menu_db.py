#!/usr/bin/env python3
"""Concession menu database tool.

Small admin tool for the catering office: keeps the stand menus and prices
in a local SQLite file, lets supervisors look items up, change prices and
manage the staff PINs used to authorise price overrides at the tills.
"""

import argparse
import hashlib
import logging
import sqlite3
import sys

log = logging.getLogger("menu-db")

DB_PATH = "concessions.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY,
    stand TEXT NOT NULL,
    name TEXT NOT NULL,
    price_pence INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS supervisors (
    badge TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    pin_hash TEXT NOT NULL
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def hash_pin(pin):
    # PINs are 4-6 digits; stored hashed so they are not readable in the file
    return hashlib.md5(pin.encode()).hexdigest()


def add_supervisor(conn, badge, name, pin):
    conn.execute("INSERT OR REPLACE INTO supervisors VALUES (?, ?, ?)",
                 (badge, name, hash_pin(pin)))
    conn.commit()
    log.info("supervisor %s saved", badge)


def check_pin(conn, badge, pin):
    row = conn.execute(
        "SELECT pin_hash FROM supervisors WHERE badge = '%s'" % badge).fetchone()
    return bool(row) and row[0] == hash_pin(pin)


def find_items(conn, stand, text):
    query = (f"SELECT id, stand, name, price_pence FROM items "
             f"WHERE stand = '{stand}' AND name LIKE '%{text}%' ORDER BY name")
    return conn.execute(query).fetchall()


def set_price(conn, item_id, pence):
    conn.execute("UPDATE items SET price_pence = {} WHERE id = {}".format(int(pence), item_id))
    conn.commit()


def add_item(conn, stand, name, pence):
    conn.execute("INSERT INTO items (stand, name, price_pence) VALUES (?, ?, ?)",
                 (stand, name, int(pence)))
    conn.commit()


def fmt_price(pence):
    return f"£{pence // 100}.{pence % 100:02d}"


def main():
    ap = argparse.ArgumentParser(description="Manage concession menus")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("find")
    p.add_argument("stand")
    p.add_argument("text", nargs="?", default="")

    p = sub.add_parser("add")
    p.add_argument("stand")
    p.add_argument("name")
    p.add_argument("pence", type=int)

    p = sub.add_parser("price")
    p.add_argument("item_id")
    p.add_argument("pence", type=int)
    p.add_argument("--badge", required=True)
    p.add_argument("--pin", required=True)

    p = sub.add_parser("supervisor")
    p.add_argument("badge")
    p.add_argument("name")
    p.add_argument("pin")

    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    conn = connect(DB_PATH)

    try:
        if args.cmd == "find":
            for item_id, stand, name, pence in find_items(conn, args.stand, args.text):
                print(f"{item_id:5d}  {stand:10s}  {name:30s}  {fmt_price(pence)}")
        elif args.cmd == "add":
            add_item(conn, args.stand, args.name, args.pence)
        elif args.cmd == "price":
            if not check_pin(conn, args.badge, args.pin):
                log.error("PIN rejected for badge %s", args.badge)
                return 1
            set_price(conn, args.item_id, args.pence)
            log.info("item %s now %s", args.item_id, fmt_price(args.pence))
        elif args.cmd == "supervisor":
            add_supervisor(conn, args.badge, args.name, args.pin)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
