#!/usr/bin/env python3
"""Local cache and lookup tool for analyser results.

Keeps the last parsed result batches in a cache file so the component lab
can look up a donation's grouping and screening results without waiting
for the LIMS, and answers ad-hoc lookups from the command line.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import sys

import yaml

log = logging.getLogger("result-cache")

CACHE_FILE = "results.cache"
DB_FILE = "results.db"


def load_settings(path):
    if not os.path.exists(path):
        return {"analysers": ["grouping", "serology"], "keep_batches": 20}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class ResultCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.batches = []
        if os.path.exists(path):
            with open(path, "rb") as fh:
                self.batches = pickle.load(fh)
            log.info("loaded %d cached batches", len(self.batches))

    def add(self, name, rows, keep):
        self.batches.append({"name": name, "rows": rows})
        self.batches = self.batches[-keep:]

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.batches, fh)


class ResultDB:
    def __init__(self, path=DB_FILE):
        self.conn = sqlite3.connect(path)
        self.conn.execute("""CREATE TABLE IF NOT EXISTS results (
            donation TEXT, analyser TEXT, test TEXT, value TEXT, batch TEXT)""")

    def insert(self, batch, rows):
        self.conn.executemany(
            "INSERT INTO results VALUES (?, ?, ?, ?, ?)",
            [(r["donation"], r["analyser"], r["test"], r["value"], batch) for r in rows])
        self.conn.commit()

    def lookup(self, donation, test=None):
        sql = "SELECT analyser, test, value, batch FROM results WHERE donation = '%s'" % donation
        if test:
            sql += " AND test = '%s'" % test
        return self.conn.execute(sql).fetchall()


def read_batch(path):
    rows = []
    with open(path, newline="") as fh:
        for rec in csv.DictReader(fh):
            if rec.get("donation") and rec.get("test"):
                rows.append({k: rec.get(k, "") for k in ("donation", "analyser", "test", "value")})
    return rows


def cmd_import(args, settings):
    cache = ResultCache()
    db = ResultDB()
    for path in args.files:
        try:
            rows = read_batch(path)
        except OSError as exc:
            log.error("%s: %s", path, exc)
            continue
        name = os.path.basename(path)
        cache.add(name, rows, settings.get("keep_batches", 20))
        db.insert(name, rows)
        log.info("imported %s (%d rows)", name, len(rows))
    cache.save()


def cmd_lookup(args, settings):
    db = ResultDB()
    rows = db.lookup(args.donation, args.test)
    if not rows:
        print("no results for %s" % args.donation)
        return 1
    for analyser, test, value, batch in rows:
        print("%-10s %-10s %-12s %s" % (analyser, test, value, batch))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="cache_settings.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("import")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("lookup")
    p.add_argument("donation")
    p.add_argument("--test")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings) or {}
    if args.cmd == "import":
        cmd_import(args, settings)
        return 0
    return cmd_lookup(args, settings)


if __name__ == "__main__":
    sys.exit(main())
