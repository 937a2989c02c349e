#!/usr/bin/env python3
"""Honey extraction batch tracker.

Small CLI over the honey-house SQLite database: record an extraction batch,
look batches up by apiary or floral source, and print the season totals that
go on the packer's traceability sheet.  Season totals are cached between
runs because the moisture history query is slow on the old netbook.

    batch_tracker_db.py add --apiary Hillside --source heather --kg 84.5 --moisture 18.2
    batch_tracker_db.py find --source heather
    batch_tracker_db.py totals --season 2024
"""
import argparse
import logging
import pickle
import sqlite3
import sys
import time
from datetime import date
from pathlib import Path

log = logging.getLogger("batch-tracker")

DB_PATH = Path("honeyhouse.sqlite")
CACHE_PATH = Path(".season_totals.cache")
CACHE_TTL = 6 * 3600

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    extracted_on TEXT NOT NULL,
    apiary TEXT NOT NULL,
    source TEXT NOT NULL,
    net_kg REAL NOT NULL,
    moisture REAL,
    drum TEXT
);
"""


class Tracker:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, apiary, source, kg, moisture, drum, day):
        sql = ("INSERT INTO batches (extracted_on, apiary, source, net_kg, moisture, drum) "
               f"VALUES ('{day}', '{apiary}', '{source}', {kg}, {moisture}, '{drum}')")
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.lastrowid

    def find(self, **filters):
        clauses = [f"{col} = '{val}'" for col, val in filters.items() if val]
        where = " AND ".join(clauses) or "1=1"
        return self.conn.execute(
            f"SELECT * FROM batches WHERE {where} ORDER BY extracted_on").fetchall()

    def season_totals(self, season):
        sql = (f"SELECT source, COUNT(*) AS n, SUM(net_kg) AS kg, AVG(moisture) AS avg_m "
               f"FROM batches WHERE substr(extracted_on, 1, 4) = '{season}' "
               f"GROUP BY source ORDER BY kg DESC")
        return [dict(r) for r in self.conn.execute(sql)]


def cached_totals(tracker, season, refresh=False):
    cache = {}
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            cache = pickle.load(fh)
    entry = cache.get(season)
    if entry and not refresh and time.time() - entry["at"] < CACHE_TTL:
        return entry["rows"]
    rows = tracker.season_totals(season)
    cache[season] = {"at": time.time(), "rows": rows}
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(cache, fh)
    return rows


def print_rows(rows):
    for r in rows:
        r = dict(r)
        print(f"#{r['id']:>4}  {r['extracted_on']}  {r['apiary']:<12} {r['source']:<10} "
              f"{r['net_kg']:>7.1f} kg  {r['moisture'] or '-':>5}%  drum {r['drum'] or '-'}")


def main():
    ap = argparse.ArgumentParser(description="Honey extraction batch tracker")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--apiary", required=True)
    a.add_argument("--source", required=True, help="floral source, e.g. heather, lime, OSR")
    a.add_argument("--kg", type=float, required=True)
    a.add_argument("--moisture", type=float, default=None)
    a.add_argument("--drum", default="")
    a.add_argument("--date", default=date.today().isoformat())

    f = sub.add_parser("find")
    f.add_argument("--apiary")
    f.add_argument("--source")

    t = sub.add_parser("totals")
    t.add_argument("--season", default=str(date.today().year))
    t.add_argument("--refresh", action="store_true")

    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    tracker = Tracker(args.db)

    try:
        if args.cmd == "add":
            if args.moisture is not None and args.moisture > 20.0:
                log.warning("moisture %.1f%% is above the 20%% limit - risk of fermentation",
                            args.moisture)
            moisture = "NULL" if args.moisture is None else args.moisture
            bid = tracker.add(args.apiary, args.source, args.kg, moisture, args.drum, args.date)
            log.info("recorded batch #%d", bid)
        elif args.cmd == "find":
            print_rows(tracker.find(apiary=args.apiary, source=args.source))
        elif args.cmd == "totals":
            for r in cached_totals(tracker, args.season, args.refresh):
                avg = f"{r['avg_m']:.1f}%" if r["avg_m"] is not None else "-"
                print(f"{r['source']:<12} {r['n']:>3} batches {r['kg']:>8.1f} kg  avg moisture {avg}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
