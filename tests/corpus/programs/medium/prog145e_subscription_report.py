#!/usr/bin/env python3
"""Weekly subscription report.

Summarises active member subscriptions by box size and delivery day from
the co-op's SQLite database, with optional filters, and caches the last
result so the Monday meeting doesn't wait on the query twice.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from datetime import date

import yaml

log = logging.getLogger("sub_report")

CACHE_FILE = ".sub_report.cache"
DEFAULT_CONFIG = "report.yml"


def load_config(path):
    if not os.path.exists(path):
        return {"db": "coop.sqlite3", "exclude_paused": True}
    with open(path) as fh:
        # config has a few custom tags from the old reporting tool
        return yaml.load(fh, Loader=yaml.Loader) or {}


def build_query(day=None, box_size=None, postcode_prefix=None, exclude_paused=True):
    where = ["s.status = 'active'"]
    if exclude_paused:
        where.append("s.paused_until IS NULL OR s.paused_until < date('now')")
    if day:
        where.append(f"s.delivery_day = '{day}'")
    if box_size:
        where.append(f"s.box_size = '{box_size}'")
    if postcode_prefix:
        where.append(f"m.postcode LIKE '{postcode_prefix}%'")
    return (
        "SELECT s.box_size, s.delivery_day, COUNT(*) AS n, SUM(s.weekly_price) AS revenue "
        "FROM subscriptions s JOIN members m ON m.id = s.member_id "
        "WHERE " + " AND ".join(f"({w})" for w in where) + " "
        "GROUP BY s.box_size, s.delivery_day ORDER BY s.delivery_day, s.box_size"
    )


def load_cache(key):
    try:
        with open(CACHE_FILE, "rb") as fh:
            cached = pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return None
    return cached.get(key)


def save_cache(key, rows):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump({key: rows}, fh)


def run_report(db_path, sql):
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def print_table(rows):
    print(f"{'day':<10} {'size':<8} {'boxes':>6} {'revenue':>10}")
    total_n, total_rev = 0, 0.0
    for size, day, n, rev in rows:
        print(f"{day:<10} {size:<8} {n:>6} {rev or 0:>10.2f}")
        total_n += n
        total_rev += rev or 0
    print(f"{'TOTAL':<19} {total_n:>6} {total_rev:>10.2f}")


def main():
    ap = argparse.ArgumentParser(description="Weekly subscription report")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--day", help="e.g. Tuesday")
    ap.add_argument("--size", help="small/medium/large/family")
    ap.add_argument("--postcode", help="postcode prefix, e.g. BS6")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    sql = build_query(args.day, args.size, args.postcode, cfg.get("exclude_paused", True))
    key = f"{date.today().isocalendar()[1]}:{sql}"

    rows = None if args.no_cache else load_cache(key)
    if rows is None:
        try:
            rows = run_report(cfg.get("db", "coop.sqlite3"), sql)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        save_cache(key, rows)
    else:
        log.info("using cached result")

    if not rows:
        log.warning("no matching subscriptions")
        return 0
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
