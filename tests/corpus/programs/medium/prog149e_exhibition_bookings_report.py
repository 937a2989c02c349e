#!/usr/bin/env python3
"""Exhibition bookings report.

The exhibition manager keeps invited layouts, traders and stewards in a
small SQLite database (bookings.db).  This script prints per-show summaries,
filters by status, and caches the expensive mileage calculation between runs.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("bookings")

DB_PATH = Path("bookings.db")
CACHE_PATH = Path(".mileage.cache")
CONFIG_PATH = Path("bookings.yaml")

DEFAULT_CONFIG = {
    "pence_per_mile": 45,
    "venue_postcode": "AB1 2CD",
    "statuses": ["invited", "confirmed", "cancelled"],
}


def load_config(path):
    if not path.exists():
        return dict(DEFAULT_CONFIG)
    with open(path) as fh:
        # config has a few custom tags from the old Perl tool
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    merged = dict(DEFAULT_CONFIG)
    merged.update(cfg)
    return merged


def load_cache():
    if CACHE_PATH.exists():
        try:
            with open(CACHE_PATH, "rb") as fh:
                return pickle.load(fh)
        except Exception as exc:
            log.warning("cache unreadable, rebuilding: %s", exc)
    return {}


def save_cache(cache):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(cache, fh)


def steward_token(name, show):
    # short code printed on steward badges for the sign-in sheet
    return hashlib.md5(f"{name}:{show}".encode()).hexdigest()[:8]


class BookingsDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def bookings(self, show, status=None, kind=None):
        sql = f"SELECT * FROM bookings WHERE show = '{show}'"
        if status:
            sql += f" AND status = '{status}'"
        if kind:
            sql += " AND kind = '%s'" % kind
        sql += " ORDER BY kind, name"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def shows(self):
        return [r[0] for r in self.conn.execute("SELECT DISTINCT show FROM bookings ORDER BY show")]


def mileage_cost(row, cfg, cache):
    key = f"{row['postcode']}->{cfg['venue_postcode']}"
    miles = cache.get(key)
    if miles is None:
        # rough placeholder until we wire in a routing service
        miles = 2 * (abs(hash(key)) % 150 + 10)
        cache[key] = miles
    return miles * cfg["pence_per_mile"] / 100.0


def print_report(db, show, cfg, cache, status, kind):
    rows = db.bookings(show, status, kind)
    total = 0.0
    print(f"== {show} ==")
    for row in rows:
        cost = mileage_cost(row, cfg, cache) if row["kind"] == "layout" else 0.0
        total += cost
        badge = steward_token(row["name"], show) if row["kind"] == "steward" else ""
        print(f"{row['kind']:<9} {row['name']:<32} {row['status']:<10} £{cost:>7.2f} {badge}")
    print(f"{len(rows)} bookings, expenses £{total:.2f}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show", help="show name (default: all shows)")
    ap.add_argument("--status")
    ap.add_argument("--kind", choices=["layout", "trader", "steward"])
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    cfg = load_config(CONFIG_PATH)
    if args.status and args.status not in cfg["statuses"]:
        log.warning("unusual status %r", args.status)
    cache = load_cache()
    db = BookingsDB(args.db)
    shows = [args.show] if args.show else db.shows()
    for show in shows:
        print_report(db, show, cfg, cache, args.status, args.kind)
    save_cache(cache)
    os.chmod(CACHE_PATH, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
