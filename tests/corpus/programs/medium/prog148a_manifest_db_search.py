#!/usr/bin/env python3
"""Search the passenger manifest database from the office terminal.

The booking office keeps every flight's passenger list in a small SQLite
database. This lets staff look up a passenger, list a day's flights and
mark waivers as received. Settings live in manifest_search.yaml.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("manifest_search")

DEFAULT_CFG = """
database: manifests.db
page_size: 25
columns: [flight_date, slot, balloon, pilot, name, weight_kg, waiver]
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS passengers (
    id INTEGER PRIMARY KEY,
    flight_date TEXT, slot TEXT, balloon TEXT, pilot TEXT,
    name TEXT, weight_kg REAL, waiver INTEGER DEFAULT 0
);
"""


def load_config(path):
    p = Path(path)
    text = p.read_text() if p.exists() else DEFAULT_CFG
    # config may carry custom tags from the old booking export
    return yaml.load(text, Loader=yaml.Loader)


class ManifestDB:
    def __init__(self, cfg):
        self.cfg = cfg
        self.conn = sqlite3.connect(cfg["database"])
        self.conn.executescript(SCHEMA)

    def find_passenger(self, name):
        cols = ", ".join(self.cfg["columns"])
        sql = f"SELECT {cols} FROM passengers WHERE name LIKE '%{name}%' ORDER BY flight_date DESC"
        sql += " LIMIT %d" % self.cfg.get("page_size", 25)
        return self.conn.execute(sql).fetchall()

    def flights_on(self, date):
        sql = ("SELECT slot, balloon, pilot, COUNT(*), SUM(weight_kg) FROM passengers "
               "WHERE flight_date = '%s' GROUP BY slot, balloon, pilot ORDER BY slot" % date)
        return self.conn.execute(sql).fetchall()

    def mark_waiver(self, name, date):
        sql = "UPDATE passengers SET waiver = 1 WHERE name = '{}' AND flight_date = '{}'".format(name, date)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount


def print_rows(rows, headers):
    print("\t".join(headers))
    for r in rows:
        print("\t".join("" if v is None else str(v) for v in r))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="manifest_search.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("find"); s.add_argument("name")
    d = sub.add_parser("day"); d.add_argument("date")
    w = sub.add_parser("waiver"); w.add_argument("name"); w.add_argument("date")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = load_config(args.config)
        db = ManifestDB(cfg)
    except (yaml.YAMLError, sqlite3.Error, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 2

    try:
        if args.cmd == "find":
            print_rows(db.find_passenger(args.name), cfg["columns"])
        elif args.cmd == "day":
            print_rows(db.flights_on(args.date), ["slot", "balloon", "pilot", "pax", "load_kg"])
        elif args.cmd == "waiver":
            n = db.mark_waiver(args.name, args.date)
            log.info("updated %d row(s)", n)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
