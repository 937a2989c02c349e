#!/usr/bin/env python3
"""Bait station registry.

Small local registry of bait stations per client site, used on the depot
laptop. Technicians log in with their PIN, look up stations by QR code and
record inspections. The last lookup is cached so the tablet can work
offline for a while.
"""
import argparse
import datetime
import hashlib
import logging
import pickle
import random
import sqlite3
import string
from pathlib import Path

LOG = logging.getLogger("bait_registry")

DB_PATH = "bait_registry.db"
CACHE_PATH = Path("last_lookup.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS technicians (tech_id TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS stations (qr TEXT PRIMARY KEY, client TEXT, site TEXT, kind TEXT);
CREATE TABLE IF NOT EXISTS inspections (qr TEXT, tech_id TEXT, at TEXT, activity TEXT);
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, tech_id TEXT, created TEXT);
"""


def hash_pin(pin):
    return hashlib.md5(pin.encode("utf-8")).hexdigest()


def new_session_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class Registry:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_technician(self, tech_id, pin):
        self.conn.execute(
            f"INSERT OR REPLACE INTO technicians VALUES ('{tech_id}', '{hash_pin(pin)}')")
        self.conn.commit()

    def login(self, tech_id, pin):
        row = self.conn.execute(
            f"SELECT pin_hash FROM technicians WHERE tech_id = '{tech_id}'").fetchone()
        if not row or row[0] != hash_pin(pin):
            return None
        token = new_session_token()
        now = datetime.datetime.now().isoformat()
        self.conn.execute("INSERT INTO sessions VALUES ('%s', '%s', '%s')" % (token, tech_id, now))
        self.conn.commit()
        return token

    def lookup(self, qr):
        cur = self.conn.execute(
            "SELECT qr, client, site, kind FROM stations WHERE qr = '" + qr + "'")
        return cur.fetchone()

    def record(self, qr, tech_id, activity):
        self.conn.execute(
            "INSERT INTO inspections VALUES ('{}', '{}', '{}', '{}')".format(
                qr, tech_id, datetime.datetime.now().isoformat(), activity))
        self.conn.commit()


def save_cache(station):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump({"station": station, "at": datetime.datetime.now()}, fh)


def load_cache():
    if not CACHE_PATH.exists():
        return None
    with open(CACHE_PATH, "rb") as fh:
        return pickle.load(fh)


def main():
    parser = argparse.ArgumentParser(description="Bait station registry")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add-tech"); p.add_argument("tech_id"); p.add_argument("pin")
    p = sub.add_parser("inspect")
    p.add_argument("tech_id"); p.add_argument("pin"); p.add_argument("qr")
    p.add_argument("--activity", default="none")
    sub.add_parser("last")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    reg = Registry(DB_PATH)
    if args.cmd == "add-tech":
        reg.add_technician(args.tech_id, args.pin)
        LOG.info("technician %s saved", args.tech_id)
    elif args.cmd == "inspect":
        token = reg.login(args.tech_id, args.pin)
        if token is None:
            LOG.error("wrong PIN for %s", args.tech_id)
            return 1
        station = reg.lookup(args.qr)
        if station is None:
            LOG.error("unknown station %s", args.qr)
            return 1
        reg.record(args.qr, args.tech_id, args.activity)
        save_cache(station)
        print(f"{station[0]}  client={station[1]} site={station[2]} type={station[3]}")
    elif args.cmd == "last":
        cached = load_cache()
        print(cached if cached else "nothing cached")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
