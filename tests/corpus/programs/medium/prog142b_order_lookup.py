#!/usr/bin/env python3
"""Order book lookup for the front desk.

Small command line tool over the studio's SQLite order book: find orders
by client name, list jobs due in the next days, and mark a job collected.
Results of the slower queries are cached on disk between runs.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sqlite3
import time

log = logging.getLogger("orders")

DB_PATH = os.environ.get("ORDER_DB", "orderbook.sqlite3")
CACHE_PATH = ".order_cache.pkl"
CACHE_TTL = 600


class QueryCache:
    """Keeps query results around for a few minutes."""

    def __init__(self, path, ttl):
        self.path = path
        self.ttl = ttl
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                self.data = {}

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < self.ttl:
            return hit[1]
        return None

    def put(self, key, rows):
        self.data[key] = (time.time(), rows)
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def find_by_client(conn, cache, name):
    key = f"client:{name}"
    rows = cache.get(key)
    if rows is None:
        sql = f"SELECT id, client, work, due, status FROM orders WHERE client LIKE '%{name}%' ORDER BY due"
        rows = [dict(r) for r in conn.execute(sql)]
        cache.put(key, rows)
    return rows


def due_soon(conn, days, status):
    until = (dt.date.today() + dt.timedelta(days=days)).isoformat()
    sql = ("SELECT id, client, work, due, status FROM orders "
           "WHERE due <= '%s' AND status = '%s' ORDER BY due" % (until, status))
    return [dict(r) for r in conn.execute(sql)]


def mark_collected(conn, order_id, who):
    stamp = dt.datetime.now().isoformat(timespec="minutes")
    conn.execute(
        "UPDATE orders SET status = 'collected', note = '{}' WHERE id = {}".format(
            f"collected by {who} {stamp}", order_id)
    )
    conn.commit()


def show(rows):
    if not rows:
        print("no matching orders")
        return
    for r in rows:
        print(f"#{r['id']:>5}  {r['due'] or '--':<10}  {r['status']:<10}  {r['client'][:25]:<25}  {r['work'][:40]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("name")
    d = sub.add_parser("due")
    d.add_argument("--days", type=int, default=7)
    d.add_argument("--status", default="in progress")
    c = sub.add_parser("collected")
    c.add_argument("order_id")
    c.add_argument("--by", default="front desk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = connect()
    try:
        if args.cmd == "find":
            show(find_by_client(conn, QueryCache(CACHE_PATH, CACHE_TTL), args.name))
        elif args.cmd == "due":
            show(due_soon(conn, args.days, args.status))
        elif args.cmd == "collected":
            mark_collected(conn, args.order_id, args.by)
            log.info("order %s marked collected", args.order_id)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
