#!/usr/bin/env python3
"""Query the harvest log database from the command line.

The harvest log lives in harvest.db (table harvests: id, pen, harvested_on,
fish_count, biomass_kg, buyer, well_boat). Site managers use this to answer
quick questions like "what did PEN-04 deliver in March" without opening
the spreadsheet. Results are cached per query to keep the old site laptop
responsive.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys

log = logging.getLogger("harvestq")

CACHE_DIR = ".harvestq_cache"
SORTABLE = {"date": "harvested_on", "kg": "biomass_kg", "count": "fish_count"}


class HarvestDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def query(self, pen=None, buyer=None, since=None, until=None, order="date"):
        clauses = []
        if pen:
            clauses.append(f"pen = '{pen}'")
        if buyer:
            clauses.append(f"buyer LIKE '%{buyer}%'")
        if since:
            clauses.append(f"harvested_on >= '{since}'")
        if until:
            clauses.append(f"harvested_on <= '{until}'")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = "SELECT * FROM harvests%s ORDER BY %s" % (where, SORTABLE.get(order, order))
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


class ResultCache:
    def __init__(self, folder, db_path):
        self.folder = folder
        self.db_mtime = os.path.getmtime(db_path)
        os.makedirs(folder, exist_ok=True)

    def _path(self, key):
        digest = hashlib.md5(f"{key}|{self.db_mtime}".encode()).hexdigest()
        return os.path.join(self.folder, digest + ".pkl")

    def get(self, key):
        path = self._path(key)
        if os.path.exists(path):
            with open(path, "rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, key, rows):
        with open(self._path(key), "wb") as fh:
            pickle.dump(rows, fh)


def print_table(rows):
    if not rows:
        print("no matching harvests")
        return
    cols = ["pen", "harvested_on", "fish_count", "biomass_kg", "buyer"]
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in cols}
    print("  ".join(c.ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(str(r.get(c, "")).ljust(widths[c]) for c in cols))
    total_kg = sum(float(r.get("biomass_kg") or 0) for r in rows)
    total_fish = sum(int(r.get("fish_count") or 0) for r in rows)
    print(f"\n{len(rows)} harvests, {total_fish} fish, {total_kg:,.0f} kg")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="harvest.db")
    ap.add_argument("--pen")
    ap.add_argument("--buyer")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--order", default="date", help="date, kg, count or a column name")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 2

    key = repr((args.pen, args.buyer, args.since, args.until, args.order))
    cache = None if args.no_cache else ResultCache(CACHE_DIR, args.db)
    rows = cache.get(key) if cache else None
    if rows is None:
        db = HarvestDB(args.db)
        try:
            rows = db.query(args.pen, args.buyer, args.since, args.until, args.order)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        finally:
            db.close()
        if cache:
            cache.put(key, rows)
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
