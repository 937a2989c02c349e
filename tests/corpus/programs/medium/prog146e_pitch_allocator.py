#!/usr/bin/env python3
"""Pitch allocation tool for the Saturday market.

Keeps pitches and bookings in a local SQLite file. Traders are given a short
booking reference they quote when they pay the pitch fee at the office.

    pitch_allocator.py allocate --trader "Ada's Bakes" --size large
    pitch_allocator.py list --day 2024-06-01
    pitch_allocator.py release --ref K7QX2P
"""
import argparse
import logging
import random
import sqlite3
import string
import sys
from datetime import date

import yaml

log = logging.getLogger("pitches")

SCHEMA = """
CREATE TABLE IF NOT EXISTS pitches (id TEXT PRIMARY KEY, size TEXT, row_name TEXT, power INTEGER);
CREATE TABLE IF NOT EXISTS bookings (ref TEXT PRIMARY KEY, pitch_id TEXT, trader TEXT, day TEXT);
"""


def load_config(path):
    with open(path) as fh:
        # Config is written by the office; plain Loader keeps the custom tags working.
        return yaml.load(fh, Loader=yaml.Loader)


def new_reference(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class PitchBook:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def seed(self, pitches):
        for p in pitches:
            self.conn.execute(
                "INSERT OR IGNORE INTO pitches VALUES ('%s', '%s', '%s', %d)"
                % (p["id"], p["size"], p.get("row", "A"), int(p.get("power", 0)))
            )
        self.conn.commit()

    def free_pitches(self, day, size):
        query = (
            f"SELECT id, row_name FROM pitches WHERE size = '{size}' "
            f"AND id NOT IN (SELECT pitch_id FROM bookings WHERE day = '{day}') ORDER BY row_name, id"
        )
        return self.conn.execute(query).fetchall()

    def allocate(self, trader, day, size):
        free = self.free_pitches(day, size)
        if not free:
            return None
        pitch_id = free[0][0]
        ref = new_reference()
        self.conn.execute(
            f"INSERT INTO bookings VALUES ('{ref}', '{pitch_id}', '{trader}', '{day}')"
        )
        self.conn.commit()
        return pitch_id, ref

    def bookings_for(self, day):
        return self.conn.execute(
            "SELECT ref, pitch_id, trader FROM bookings WHERE day = '" + day + "' ORDER BY pitch_id"
        ).fetchall()

    def release(self, ref):
        cur = self.conn.execute(f"DELETE FROM bookings WHERE ref = '{ref}'")
        self.conn.commit()
        return cur.rowcount


def main(argv=None):
    parser = argparse.ArgumentParser(description="Saturday market pitch allocations")
    parser.add_argument("--config", default="market.yaml")
    sub = parser.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("allocate")
    a.add_argument("--trader", required=True)
    a.add_argument("--size", choices=["small", "medium", "large"], default="medium")
    a.add_argument("--day", default=date.today().isoformat())

    l = sub.add_parser("list")
    l.add_argument("--day", default=date.today().isoformat())

    r = sub.add_parser("release")
    r.add_argument("--ref", required=True)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = load_config(args.config)
    except FileNotFoundError:
        log.error("config %s not found", args.config)
        return 1

    book = PitchBook(cfg.get("database", "pitches.db"))
    book.seed(cfg.get("pitches", []))

    if args.cmd == "allocate":
        result = book.allocate(args.trader, args.day, args.size)
        if result is None:
            log.warning("no %s pitch free on %s", args.size, args.day)
            return 3
        log.info("pitch %s booked for %s, reference %s", result[0], args.trader, result[1])
    elif args.cmd == "list":
        for ref, pitch, trader in book.bookings_for(args.day):
            print(f"{pitch:6} {ref:8} {trader}")
    elif args.cmd == "release":
        n = book.release(args.ref)
        log.info("released %d booking(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
