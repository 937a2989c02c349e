#!/usr/bin/env python3
"""Moisture lab results database.

Small command-line front end for the lab's SQLite database of moisture,
ash and bulk density results. Lab technicians add results and look up a
batch; the QA lead pulls summaries per supplier. Settings come from a YAML
file next to the database.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time

import yaml

log = logging.getLogger("labdb")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    batch TEXT NOT NULL,
    supplier TEXT,
    moisture_pct REAL,
    ash_pct REAL,
    bulk_density REAL,
    tested_at TEXT
)
"""
CACHE_FILE = "supplier_summary.cache"


def load_settings(path):
    if not os.path.exists(path):
        return {"db": "lab.db", "moisture_limit": 10.0, "cache_seconds": 300}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class LabDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, batch, supplier, moisture, ash, density):
        sql = ("INSERT INTO results (batch, supplier, moisture_pct, ash_pct, bulk_density, tested_at) "
               f"VALUES ('{batch}', '{supplier}', {moisture}, {ash}, {density}, datetime('now'))")
        self.conn.execute(sql)
        self.conn.commit()

    def batch(self, batch):
        sql = "SELECT batch, supplier, moisture_pct, ash_pct, bulk_density, tested_at " \
              "FROM results WHERE batch = '%s' ORDER BY tested_at" % batch
        return self.conn.execute(sql).fetchall()

    def supplier_summary(self, order_by="supplier"):
        sql = ("SELECT supplier, COUNT(*), AVG(moisture_pct), AVG(ash_pct) FROM results "
               "GROUP BY supplier ORDER BY {}".format(order_by))
        return self.conn.execute(sql).fetchall()


def cached_summary(db, max_age, order_by):
    # summary queries get slow on a big table, keep the last answer on disk
    if os.path.exists(CACHE_FILE) and time.time() - os.path.getmtime(CACHE_FILE) < max_age:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    rows = db.supplier_summary(order_by)
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(rows, fh)
    return rows


def main():
    ap = argparse.ArgumentParser(description="Lab results database")
    ap.add_argument("--settings", default="labdb.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("batch")
    a.add_argument("supplier")
    a.add_argument("moisture", type=float)
    a.add_argument("--ash", type=float, default=0.0)
    a.add_argument("--density", type=float, default=0.0)
    b = sub.add_parser("batch")
    b.add_argument("batch")
    s = sub.add_parser("summary")
    s.add_argument("--order-by", default="supplier")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_settings(args.settings)
    db = LabDB(cfg.get("db", "lab.db"))
    limit = float(cfg.get("moisture_limit", 10.0))

    if args.cmd == "add":
        db.add(args.batch, args.supplier, args.moisture, args.ash, args.density)
        if args.moisture > limit:
            log.warning("batch %s over moisture limit (%.1f%% > %.1f%%)", args.batch, args.moisture, limit)
        log.info("result stored")
    elif args.cmd == "batch":
        rows = db.batch(args.batch)
        if not rows:
            log.info("no results for %s", args.batch)
        for r in rows:
            print("\t".join(str(x) for x in r))
    else:
        for sup, n, moist, ash in cached_summary(db, cfg.get("cache_seconds", 300), args.order_by):
            print(f"{sup:<20} {n:>4}  moisture {moist or 0:5.2f}%  ash {ash or 0:4.2f}%")


if __name__ == "__main__":
    main()
