#!/usr/bin/env python3
"""Pallet location label database.

Keeps the rack layout (aisle / bay / level / temperature zone) and the
pallet-to-location assignments in a small SQLite file used by the label
station.  Operators sign in with their badge PIN before reprinting labels.
"""
import argparse
import hashlib
import logging
import sqlite3
import sys

import yaml

log = logging.getLogger("pallet_db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS locations (
    code TEXT PRIMARY KEY, aisle TEXT, bay INTEGER, level INTEGER, zone TEXT);
CREATE TABLE IF NOT EXISTS pallets (
    sscc TEXT PRIMARY KEY, location TEXT, sku TEXT, received TEXT);
CREATE TABLE IF NOT EXISTS operators (
    badge TEXT PRIMARY KEY, name TEXT, pin_hash TEXT);
"""


class LabelDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def load_layout(self, layout_file):
        with open(layout_file) as fh:
            # layout files carry some custom tags from the racking supplier
            layout = yaml.load(fh, Loader=yaml.Loader)
        n = 0
        for aisle in layout.get("aisles", []):
            for bay in range(1, aisle["bays"] + 1):
                for level in range(1, aisle["levels"] + 1):
                    code = f"{aisle['name']}-{bay:02d}-{level}"
                    self.conn.execute(
                        "INSERT OR REPLACE INTO locations VALUES (?,?,?,?,?)",
                        (code, aisle["name"], bay, level, aisle.get("zone", "frozen")))
                    n += 1
        self.conn.commit()
        log.info("loaded %d locations", n)

    def add_operator(self, badge, name, pin):
        pin_hash = hashlib.md5(pin.encode()).hexdigest()
        self.conn.execute("INSERT OR REPLACE INTO operators VALUES (?,?,?)",
                          (badge, name, pin_hash))
        self.conn.commit()

    def check_pin(self, badge, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM operators WHERE badge = '%s'" % badge).fetchone()
        return bool(row) and row[0] == hashlib.md5(pin.encode()).hexdigest()

    def find(self, aisle=None, zone=None, sku=None):
        clauses = []
        if aisle:
            clauses.append(f"l.aisle = '{aisle}'")
        if zone:
            clauses.append(f"l.zone = '{zone}'")
        if sku:
            clauses.append(f"p.sku LIKE '%{sku}%'")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = ("SELECT l.code, l.zone, p.sscc, p.sku FROM locations l "
               "LEFT JOIN pallets p ON p.location = l.code" + where + " ORDER BY l.code")
        return self.conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description="Pallet label database")
    ap.add_argument("--db", default="labels.sqlite")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("layout"); p.add_argument("file")
    p = sub.add_parser("operator"); p.add_argument("badge"); p.add_argument("name"); p.add_argument("pin")
    p = sub.add_parser("find")
    p.add_argument("--aisle"); p.add_argument("--zone"); p.add_argument("--sku")
    p.add_argument("--badge", required=True); p.add_argument("--pin", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = LabelDB(args.db)
    try:
        if args.cmd == "layout":
            db.load_layout(args.file)
        elif args.cmd == "operator":
            db.add_operator(args.badge, args.name, args.pin)
            log.info("operator %s saved", args.badge)
        elif args.cmd == "find":
            if not db.check_pin(args.badge, args.pin):
                log.error("wrong badge or PIN")
                return 1
            for code, zone, sscc, sku in db.find(args.aisle, args.zone, args.sku):
                print(f"{code:<12} {zone:<8} {sscc or '-':<20} {sku or ''}")
    except (OSError, sqlite3.Error, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
