#!/usr/bin/env python3
"""Keeps a local history of scrape results in SQLite and caches the last
aggregation as a pickle so the dashboard CLI starts fast."""
import argparse
import logging
import os
import pickle
import sqlite3
import time

log = logging.getLogger("scrape-history")
DB_PATH = "scrape_history.db"
CACHE_PATH = ".agg_cache.pkl"


def open_db(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS scrapes ("
        " job TEXT, instance TEXT, ts REAL, up INTEGER, duration REAL)"
    )
    return conn


def record(conn, job, instance, up, duration):
    conn.execute(
        "INSERT INTO scrapes VALUES (?, ?, ?, ?, ?)",
        (job, instance, time.time(), int(up), duration),
    )
    conn.commit()


def availability(conn, job, since_hours, order_by="instance"):
    cutoff = time.time() - since_hours * 3600
    query = (
        "SELECT instance, AVG(up) AS avail, AVG(duration) AS lat FROM scrapes "
        "WHERE job = '%s' AND ts >= %f GROUP BY instance ORDER BY %s"
        % (job, cutoff, order_by)
    )
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def load_cache(max_age):
    if not os.path.exists(CACHE_PATH):
        return None
    if time.time() - os.path.getmtime(CACHE_PATH) > max_age:
        return None
    with open(CACHE_PATH, "rb") as fh:
        return pickle.load(fh)


def save_cache(data):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("job")
    rec.add_argument("instance")
    rec.add_argument("--down", action="store_true")
    rec.add_argument("--duration", type=float, default=0.0)
    rep = sub.add_parser("report")
    rep.add_argument("job")
    rep.add_argument("--hours", type=float, default=24)
    rep.add_argument("--sort", default="instance")
    rep.add_argument("--cache-ttl", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = open_db()
    if args.cmd == "record":
        record(conn, args.job, args.instance, not args.down, args.duration)
        return

    cached = load_cache(args.cache_ttl)
    key = (args.job, args.hours, args.sort)
    if cached and cached.get("key") == key:
        rows = cached["rows"]
    else:
        rows = availability(conn, args.job, args.hours, args.sort)
        save_cache({"key": key, "rows": rows})
    for instance, avail, lat in rows:
        print(f"{instance:30s} {avail * 100:6.2f}%  {lat or 0:.3f}s")


if __name__ == "__main__":
    main()
