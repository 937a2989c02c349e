#!/usr/bin/env python3
"""Keg inventory tool.

Tracks where every keg is: in the cold room, out at an account, or due back.
Config (accounts, keg sizes, deposit amounts) lives in a YAML file that the
sales team edits.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date, timedelta

import yaml

log = logging.getLogger("kegs")

SCHEMA = """
CREATE TABLE IF NOT EXISTS kegs (
    serial TEXT PRIMARY KEY,
    size TEXT,
    beer TEXT,
    location TEXT,
    shipped TEXT
);
"""


def load_config(path):
    with open(path) as fh:
        # sales sometimes use anchors and custom tags for account groups
        return yaml.load(fh, Loader=yaml.Loader) or {}


class KegStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def upsert(self, serial, size, beer, location):
        today = date.today().isoformat()
        self.conn.execute(
            f"INSERT OR REPLACE INTO kegs VALUES "
            f"('{serial}', '{size}', '{beer}', '{location}', '{today}')")
        self.conn.commit()

    def at_location(self, location):
        q = "SELECT serial, size, beer, shipped FROM kegs WHERE location = '%s'" % location
        return self.conn.execute(q).fetchall()

    def overdue(self, days):
        cutoff = (date.today() - timedelta(days=days)).isoformat()
        q = ("SELECT serial, beer, location, shipped FROM kegs "
             "WHERE location != 'coldroom' AND shipped < '{}'".format(cutoff))
        return self.conn.execute(q).fetchall()

    def close(self):
        self.conn.close()


def deposit_owed(cfg, rows):
    deposits = cfg.get("deposits", {})
    return sum(deposits.get(size, 30) for _, size, _, _ in rows)


def cmd_ship(store, cfg, args):
    if args.account not in cfg.get("accounts", {}):
        log.warning("account %s not in config, shipping anyway", args.account)
    store.upsert(args.serial, args.size, args.beer, args.account)
    log.info("keg %s -> %s", args.serial, args.account)


def cmd_return(store, cfg, args):
    store.upsert(args.serial, args.size, "", "coldroom")
    log.info("keg %s returned", args.serial)


def cmd_where(store, cfg, args):
    rows = store.at_location(args.location)
    for serial, size, beer, shipped in rows:
        print(f"{serial:10} {size:6} {beer:20} {shipped}")
    print(f"{len(rows)} kegs, deposits ${deposit_owed(cfg, rows)}")


def cmd_overdue(store, cfg, args):
    for serial, beer, loc, shipped in store.overdue(args.days):
        print(f"{serial:10} {beer:20} at {loc} since {shipped}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="kegs.db")
    ap.add_argument("--config", default="kegs.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("ship")
    s.add_argument("serial"); s.add_argument("account")
    s.add_argument("--size", default="half"); s.add_argument("--beer", default="")
    r = sub.add_parser("return")
    r.add_argument("serial"); r.add_argument("--size", default="half")
    w = sub.add_parser("where"); w.add_argument("location")
    o = sub.add_parser("overdue"); o.add_argument("--days", type=int, default=45)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = load_config(args.config)
    except OSError:
        cfg = {}
    store = KegStore(args.db)
    handlers = {"ship": cmd_ship, "return": cmd_return,
                "where": cmd_where, "overdue": cmd_overdue}
    try:
        handlers[args.cmd](store, cfg, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
