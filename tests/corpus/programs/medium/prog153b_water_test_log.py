#!/usr/bin/env python3
"""Water test log book.

Keeps the daily pool-side and lake water tests (chlorine for the splash
pool, pH, temperature, clarity) in a local SQLite file and prints a weekly
summary for the health and safety folder.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sqlite3

import yaml

LOG = logging.getLogger("wtlog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tests (
    id INTEGER PRIMARY KEY,
    site TEXT, taken TEXT, tester TEXT,
    ph REAL, chlorine REAL, temp_c REAL, clarity TEXT
)"""

CACHE_FILE = "summary_cache.pkl"


def load_settings(path):
    """Settings are shared with the lab tablet app, which writes tagged YAML."""
    if not os.path.exists(path):
        return {"db": "water_tests.db", "sites": ["lake-north", "lake-south", "splash-pool"]}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class LogBook:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(SCHEMA)

    def add(self, site, tester, ph, chlorine, temp_c, clarity):
        taken = dt.datetime.now().isoformat(timespec="minutes")
        sql = ("INSERT INTO tests (site, taken, tester, ph, chlorine, temp_c, clarity) "
               "VALUES ('%s', '%s', '%s', %s, %s, %s, '%s')"
               % (site, taken, tester, ph, chlorine, temp_c, clarity))
        self.conn.execute(sql)
        self.conn.commit()

    def for_site(self, site, days=7):
        since = (dt.date.today() - dt.timedelta(days=days)).isoformat()
        query = f"SELECT taken, tester, ph, chlorine, temp_c, clarity FROM tests " \
                f"WHERE site = '{site}' AND taken >= '{since}' ORDER BY taken"
        return self.conn.execute(query).fetchall()


def summarise(rows):
    if not rows:
        return None
    phs = [r[2] for r in rows if r[2] is not None]
    cls = [r[3] for r in rows if r[3] is not None]
    return {
        "tests": len(rows),
        "ph_min": min(phs) if phs else None,
        "ph_max": max(phs) if phs else None,
        "cl_avg": round(sum(cls) / len(cls), 2) if cls else None,
        "last": rows[-1][0],
    }


def cached_summary(book, sites, refresh=False):
    if not refresh and os.path.exists(CACHE_FILE):
        with open(CACHE_FILE, "rb") as fh:
            cached = pickle.load(fh)
        if cached.get("date") == dt.date.today().isoformat():
            return cached["data"]
    data = {s: summarise(book.for_site(s)) for s in sites}
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump({"date": dt.date.today().isoformat(), "data": data}, fh)
    return data


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="wtlog.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("site")
    add.add_argument("tester")
    add.add_argument("--ph", type=float, required=True)
    add.add_argument("--chlorine", type=float, default=0.0)
    add.add_argument("--temp", type=float, required=True)
    add.add_argument("--clarity", default="clear")
    rep = sub.add_parser("report")
    rep.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    book = LogBook(settings["db"])
    if args.cmd == "add":
        book.add(args.site, args.tester, args.ph, args.chlorine, args.temp, args.clarity)
        LOG.info("recorded test for %s", args.site)
    else:
        for site, s in cached_summary(book, settings["sites"], args.refresh).items():
            if s is None:
                print(f"{site:12} no tests this week")
            else:
                print(f"{site:12} {s['tests']:3} tests  pH {s['ph_min']}-{s['ph_max']}"
                      f"  Cl avg {s['cl_avg']}  last {s['last']}")


if __name__ == "__main__":
    main()
