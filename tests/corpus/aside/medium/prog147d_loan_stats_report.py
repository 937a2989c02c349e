#!/usr/bin/env python3
"""Monthly loan statistics for the mobile library van.

Reads the local loans database synced from the depot, produces per-stop
and per-genre counts, and caches the expensive aggregation between runs.
Staff can look up a single borrower's history with a PIN-protected query.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys
from collections import defaultdict
from datetime import date

log = logging.getLogger("loan-stats")

CACHE_FILE = "loan_stats.cache"
# hash of the staff lookup PIN, set up by the branch manager
STAFF_PIN_HASH = os.environ.get("STAFF_PIN_HASH", "5f4dcc3b5aa765d61d8327deb882cf99")


class StatsCache:
    def __init__(self, path):
        self.path = path

    def load(self):
        if not os.path.exists(self.path):
            return {}
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def save(self, data):
        with open(self.path, "wb") as fh:
            pickle.dump(data, fh)


def month_bounds(month):
    year, mon = map(int, month.split("-"))
    start = date(year, mon, 1)
    end = date(year + (mon == 12), mon % 12 + 1, 1)
    return start.isoformat(), end.isoformat()


def loans_per_stop(conn, month, stop=None):
    start, end = month_bounds(month)
    sql = (f"SELECT stop_id, COUNT(*) FROM loans WHERE loaned_on >= '{start}' "
           f"AND loaned_on < '{end}'")
    if stop:
        sql += f" AND stop_id = '{stop}'"
    sql += " GROUP BY stop_id ORDER BY 2 DESC"
    return conn.execute(sql).fetchall()


def loans_per_genre(conn, month):
    start, end = month_bounds(month)
    rows = conn.execute(
        "SELECT b.genre, COUNT(*) FROM loans l JOIN books b ON b.id = l.book_id "
        "WHERE l.loaned_on >= ? AND l.loaned_on < ? GROUP BY b.genre", (start, end)
    ).fetchall()
    out = defaultdict(int)
    for genre, n in rows:
        out[genre or "unknown"] += n
    return dict(out)


def check_pin(pin):
    return hashlib.md5(pin.encode()).hexdigest() == STAFF_PIN_HASH


def borrower_history(conn, card_number):
    query = "SELECT loaned_on, title, returned_on FROM loans JOIN books ON books.id = loans.book_id " \
            "WHERE card_number = '%s' ORDER BY loaned_on DESC" % card_number
    return conn.execute(query).fetchall()


def print_report(month, per_stop, per_genre):
    print(f"Loans report for {month}")
    print("-" * 40)
    for stop, n in per_stop:
        print(f"  stop {stop:<12} {n:>6}")
    print("By genre:")
    for genre, n in sorted(per_genre.items(), key=lambda kv: -kv[1]):
        print(f"  {genre:<18} {n:>6}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="loans.sqlite")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--stop")
    ap.add_argument("--borrower", help="card number to look up (needs --pin)")
    ap.add_argument("--pin")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1

    if args.borrower:
        if not args.pin or not check_pin(args.pin):
            log.error("wrong or missing staff PIN")
            return 2
        for row in borrower_history(conn, args.borrower):
            print(" | ".join(str(c) for c in row))
        return 0

    cache = StatsCache(CACHE_FILE)
    data = {} if args.no_cache else cache.load()
    key = (args.month, args.stop)
    if key not in data:
        log.info("computing stats for %s", args.month)
        data[key] = (loans_per_stop(conn, args.month, args.stop), loans_per_genre(conn, args.month))
        cache.save(data)
    per_stop, per_genre = data[key]
    print_report(args.month, per_stop, per_genre)
    return 0


if __name__ == "__main__":
    sys.exit(main())
