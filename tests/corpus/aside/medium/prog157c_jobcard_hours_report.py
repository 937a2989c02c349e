#!/usr/bin/env python3
"""Shipwright hours report.

Pulls job card hours out of the workshop SQLite database and prints a
per-shipwright / per-vessel summary for the weekly meeting. Query results are
cached between runs because the database lives on the slow office share.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from collections import defaultdict

log = logging.getLogger("hours-report")

DB_PATH = os.environ.get("JOBCARD_DB", "jobcards.sqlite")
CACHE_FILE = ".hours_cache.pkl"
CACHE_TTL = 15 * 60


class CardStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def hours_between(self, start, end, shipwright=None, vessel=None):
        sql = (
            "SELECT c.card_no, c.vessel, w.name AS shipwright, h.hours, h.day "
            "FROM hours h JOIN cards c ON c.card_no = h.card_no "
            "JOIN workers w ON w.id = h.worker_id "
            f"WHERE h.day BETWEEN '{start}' AND '{end}'"
        )
        if shipwright:
            sql += f" AND w.name = '{shipwright}'"
        if vessel:
            sql += f" AND c.vessel LIKE '%{vessel}%'"
        sql += " ORDER BY h.day"
        log.debug("query: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def cache_key(*parts):
    return "|".join(str(p) for p in parts)


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    try:
        with open(CACHE_FILE, "rb") as fh:
            data = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError):
        return {}
    now = time.time()
    return {k: v for k, v in data.items() if now - v[0] < CACHE_TTL}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def summarise(rows):
    by_worker = defaultdict(float)
    by_vessel = defaultdict(float)
    for r in rows:
        by_worker[r["shipwright"]] += r["hours"]
        by_vessel[r["vessel"]] += r["hours"]
    return by_worker, by_vessel


def print_table(title, data):
    print(f"\n{title}")
    print("-" * len(title))
    for name, hrs in sorted(data.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<28} {hrs:7.1f} h")
    print(f"  {'total':<28} {sum(data.values()):7.1f} h")


def main():
    ap = argparse.ArgumentParser(description="Weekly shipwright hours report")
    ap.add_argument("start", help="YYYY-MM-DD")
    ap.add_argument("end", help="YYYY-MM-DD")
    ap.add_argument("--shipwright")
    ap.add_argument("--vessel")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    key = cache_key(args.start, args.end, args.shipwright, args.vessel)
    cache = {} if args.no_cache else load_cache()

    if key in cache:
        rows = cache[key][1]
        log.info("using cached result (%d rows)", len(rows))
    else:
        try:
            store = CardStore(DB_PATH)
            rows = store.hours_between(args.start, args.end, args.shipwright, args.vessel)
            store.close()
        except sqlite3.Error as exc:
            log.error("database problem: %s", exc)
            return 1
        cache[key] = (time.time(), rows)
        save_cache(cache)

    if not rows:
        print("no hours booked in that range")
        return 0
    by_worker, by_vessel = summarise(rows)
    print_table("Hours by shipwright", by_worker)
    print_table("Hours by vessel", by_vessel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
