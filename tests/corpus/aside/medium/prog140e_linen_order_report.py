#!/usr/bin/env python3
"""Weekly linen order report per hotel.

Reads the order database the route planner keeps (SQLite), applies the
report settings from report.yaml, and prints or saves a per-hotel summary
of sheets, towels and table linen delivered versus ordered. Results of the
slow aggregate query are cached between runs.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from pathlib import Path

import yaml

LOG = logging.getLogger("order-report")

CACHE_FILE = Path(".report_cache.pkl")
CACHE_TTL = 3600


def load_settings(path):
    with open(path, encoding="utf-8") as fh:
        # settings file may contain anchors shared between report profiles
        settings = yaml.load(fh, Loader=yaml.Loader) or {}
    settings.setdefault("categories", ["sheet", "towel", "table"])
    settings.setdefault("db", "orders.sqlite")
    return settings


def cache_get(key):
    if not CACHE_FILE.exists():
        return None
    with open(CACHE_FILE, "rb") as fh:
        cache = pickle.load(fh)
    entry = cache.get(key)
    if entry and time.time() - entry["at"] < CACHE_TTL:
        return entry["rows"]
    return None


def cache_put(key, rows):
    cache = {}
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            cache = pickle.load(fh)
    cache[key] = {"at": time.time(), "rows": rows}
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def weekly_totals(conn, hotel, week, categories):
    cats = ", ".join(f"'{c}'" for c in categories)
    query = (
        "SELECT category, SUM(qty_ordered), SUM(qty_delivered) "
        f"FROM orders WHERE hotel_code = '{hotel}' AND iso_week = '{week}' "
        f"AND category IN ({cats}) GROUP BY category ORDER BY category"
    )
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def format_rows(hotel, rows):
    lines = [f"== {hotel} =="]
    for category, ordered, delivered in rows:
        ordered = ordered or 0
        delivered = delivered or 0
        fill = (delivered / ordered * 100) if ordered else 0.0
        lines.append(f"  {category:<8} ordered {ordered:>6}  delivered {delivered:>6}  fill {fill:5.1f}%")
    if len(lines) == 1:
        lines.append("  no orders this week")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Weekly linen order report")
    parser.add_argument("week", help="ISO week, e.g. 2024-W18")
    parser.add_argument("--hotel", action="append", help="hotel code (repeatable)")
    parser.add_argument("--settings", default="report.yaml")
    parser.add_argument("--out", help="write the report to this file")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    settings = load_settings(args.settings) if os.path.exists(args.settings) else {
        "categories": ["sheet", "towel", "table"], "db": "orders.sqlite"}
    hotels = args.hotel or settings.get("hotels", [])
    if not hotels:
        parser.error("no hotels given and none in settings")

    conn = sqlite3.connect(settings["db"])
    sections = []
    try:
        for hotel in hotels:
            key = f"{hotel}:{args.week}"
            rows = None if args.no_cache else cache_get(key)
            if rows is None:
                rows = weekly_totals(conn, hotel, args.week, settings["categories"])
                cache_put(key, rows)
            sections.append(format_rows(hotel, rows))
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        raise SystemExit(1)
    finally:
        conn.close()

    report = "\n\n".join(sections)
    if args.out:
        Path(args.out).write_text(report + "\n", encoding="utf-8")
        LOG.info("report saved to %s", args.out)
    else:
        print(report)


if __name__ == "__main__":
    main()
