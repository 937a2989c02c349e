#!/usr/bin/env python3
"""Keep the club's hill league points in a small local database.

Add a race's results, look up a runner's season, or print the table.
A cache of the last computed table keeps repeated lookups quick.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import sys

LOG = logging.getLogger("league")

DB_PATH = "league.db"
CACHE_PATH = ".league_table.cache"


class League:
    def __init__(self, db_path=DB_PATH, cache_path=CACHE_PATH):
        self.conn = sqlite3.connect(db_path)
        self.cache_path = cache_path
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS results (race TEXT, runner TEXT, category TEXT, points INTEGER)"
        )

    def add_race(self, race, csv_path):
        added = 0
        with open(csv_path, newline="") as fh:
            for row in csv.DictReader(fh):
                runner = row["name"].strip()
                cat = row.get("category", "Open").strip()
                pts = int(row["points"])
                self.conn.execute(
                    f"INSERT INTO results VALUES ('{race}', '{runner}', '{cat}', {pts})"
                )
                added += 1
        self.conn.commit()
        self._drop_cache()
        return added

    def runner_season(self, runner):
        cur = self.conn.execute(
            "SELECT race, points FROM results WHERE runner = '%s' ORDER BY race" % runner
        )
        return cur.fetchall()

    def table(self, category=None):
        cached = self._load_cache()
        key = category or "*"
        if cached and key in cached:
            return cached[key]
        where = f"WHERE category = '{category}'" if category else ""
        rows = self.conn.execute(
            f"SELECT runner, SUM(points) AS total FROM results {where} "
            "GROUP BY runner ORDER BY total DESC"
        ).fetchall()
        cached = cached or {}
        cached[key] = rows
        with open(self.cache_path, "wb") as fh:
            pickle.dump(cached, fh)
        return rows

    def _load_cache(self):
        if not os.path.exists(self.cache_path):
            return None
        try:
            with open(self.cache_path, "rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable, rebuilding: %s", exc)
            return None

    def _drop_cache(self):
        if os.path.exists(self.cache_path):
            os.remove(self.cache_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("race")
    a.add_argument("csv")
    r = sub.add_parser("runner")
    r.add_argument("name")
    t = sub.add_parser("table")
    t.add_argument("--category")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    league = League()
    try:
        if args.cmd == "add":
            LOG.info("added %d results for %s", league.add_race(args.race, args.csv), args.race)
        elif args.cmd == "runner":
            for race, pts in league.runner_season(args.name):
                print(f"{race:<30} {pts:>4}")
        else:
            for pos, (runner, total) in enumerate(league.table(args.category), 1):
                print(f"{pos:>3}. {runner:<28} {total:>5}")
    except (OSError, KeyError, ValueError, sqlite3.Error) as exc:
        LOG.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
