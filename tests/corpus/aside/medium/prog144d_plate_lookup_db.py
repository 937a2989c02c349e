#!/usr/bin/env python3
"""Plate and seller lookup for the gate office.

Keeps a small SQLite database of vehicles seen at the gate (from the ANPR
camera CSV) and the sellers' police check references, so staff can find
previous visits by plate or surname.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import sys
import time

log = logging.getLogger("plate_lookup")

DB_PATH = "gate_visits.db"
CACHE_PATH = "lookup_cache.pkl"
CACHE_TTL = 600

SCHEMA = """
CREATE TABLE IF NOT EXISTS visits (
    id INTEGER PRIMARY KEY,
    plate TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    seller TEXT,
    check_ref TEXT
);
CREATE INDEX IF NOT EXISTS idx_plate ON visits(plate);
"""


class LookupCache:
    """Remembers recent answers because the gate PC is slow."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (EOFError, pickle.UnpicklingError):
                log.warning("cache unreadable, starting fresh")

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, value):
        self.data[key] = (time.time(), value)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def import_csv(conn, path):
    rows = 0
    with open(path, newline="") as fh:
        for rec in csv.DictReader(fh):
            plate = rec["plate"].upper().replace(" ", "")
            conn.execute(
                "INSERT INTO visits (plate, seen_at, seller, check_ref) VALUES (?, ?, ?, ?)",
                (plate, rec["seen_at"], rec.get("seller"), rec.get("check_ref")),
            )
            rows += 1
    conn.commit()
    return rows


def find(conn, field, term, limit):
    # the office wants partial matches on plate or seller name
    sql = (f"SELECT plate, seen_at, seller, check_ref FROM visits "
           f"WHERE {field} LIKE '%{term}%' ORDER BY seen_at DESC LIMIT {limit}")
    return conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv")
    q = sub.add_parser("find")
    q.add_argument("term")
    q.add_argument("--by", choices=["plate", "seller"], default="plate")
    q.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    if args.cmd == "import":
        try:
            n = import_csv(conn, args.csv)
        except (OSError, KeyError) as exc:
            log.error("import failed: %s", exc)
            return 1
        log.info("imported %d visits", n)
        return 0

    cache = LookupCache(CACHE_PATH)
    key = f"{args.by}:{args.term}:{args.limit}"
    rows = cache.get(key)
    if rows is None:
        rows = find(conn, args.by, args.term, args.limit)
        cache.put(key, rows)
        cache.save()
    if not rows:
        log.info("no visits found")
    for plate, seen, seller, ref in rows:
        print(f"{plate:10} {seen:20} {seller or '-':25} {ref or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
