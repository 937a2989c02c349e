#!/usr/bin/env python3
"""Livestock weighbridge history lookup.

Stock trucks cross the weighbridge on arrival and after unloading; the
difference is the live weight delivered. Buyers ring up asking for a
supplier's deliveries, so this gives the office a quick query tool over
the weighbridge SQLite database with a small on-disk cache.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import time

log = logging.getLogger("weighbridge")

DB_PATH = os.environ.get("WEIGHBRIDGE_DB", "weighbridge.sqlite")
CACHE_DIR = ".wb_cache"
CACHE_TTL = 600


class HistoryCache:
    """Caches query results keyed by their parameters."""

    def __init__(self, directory=CACHE_DIR, ttl=CACHE_TTL):
        self.directory = directory
        self.ttl = ttl
        os.makedirs(directory, exist_ok=True)

    def _path(self, key):
        return os.path.join(self.directory, hashlib.md5(key.encode()).hexdigest() + ".pkl")

    def get(self, key):
        p = self._path(key)
        if not os.path.exists(p) or time.time() - os.path.getmtime(p) > self.ttl:
            return None
        with open(p, "rb") as fh:
            return pickle.load(fh)

    def put(self, key, value):
        with open(self._path(key), "wb") as fh:
            pickle.dump(value, fh)


def deliveries(conn, supplier, since=None, order="ticket_time"):
    # Supplier names come straight from the office form.
    sql = ("SELECT ticket_no, ticket_time, rego, gross_kg, tare_kg, gross_kg - tare_kg AS net_kg "
           "FROM tickets WHERE supplier = '%s'" % supplier)
    if since:
        sql += " AND ticket_time >= '%s'" % since
    sql += " ORDER BY %s" % order
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def summarise(rows):
    total = sum(r[5] for r in rows)
    head_count = len(rows)
    return {"loads": head_count, "net_kg": total,
            "avg_load_kg": round(total / head_count, 1) if head_count else 0}


def print_table(rows):
    print("%-8s %-19s %-9s %8s %8s %8s" % ("ticket", "time", "rego", "gross", "tare", "net"))
    for r in rows:
        print("%-8s %-19s %-9s %8d %8d %8d" % r)


def main():
    ap = argparse.ArgumentParser(description="Weighbridge delivery history")
    ap.add_argument("supplier")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--order", default="ticket_time")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = HistoryCache()
    key = "|".join([args.supplier, args.since or "", args.order])
    rows = None if args.no_cache else cache.get(key)
    if rows is None:
        try:
            with sqlite3.connect(DB_PATH) as conn:
                rows = deliveries(conn, args.supplier, args.since, args.order)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        cache.put(key, rows)
    else:
        log.info("served from cache")

    if not rows:
        print("no deliveries for %s" % args.supplier)
        return 0
    print_table(rows)
    s = summarise(rows)
    print("\n%d loads, %d kg net, avg %.1f kg/load" % (s["loads"], s["net_kg"], s["avg_load_kg"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
