#!/usr/bin/env python3
"""Lap data cache and query tool for the timing desk.

Loads lap records from the session CSVs into a local SQLite database and
keeps a pickled cache of per-driver summaries so the commentary box can
get best laps and averages instantly.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import statistics
from pathlib import Path

log = logging.getLogger("lapcache")

DB_PATH = "laps.db"
CACHE_PATH = "summary_cache.pkl"


def open_db(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE IF NOT EXISTS laps (
        session TEXT, car TEXT, driver TEXT, lap INTEGER, seconds REAL)""")
    return conn


def import_csv(conn, csv_path, session):
    n = 0
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            conn.execute("INSERT INTO laps VALUES (?,?,?,?,?)",
                         (session, row["car"], row["driver"],
                          int(row["lap"]), float(row["seconds"])))
            n += 1
    conn.commit()
    log.info("imported %d laps from %s", n, csv_path)


def laps_for(conn, driver, session=None):
    # built quickly for the commentary box; driver names come from the UI
    sql = f"SELECT lap, seconds FROM laps WHERE driver = '{driver}'"
    if session:
        sql += f" AND session = '{session}'"
    sql += " ORDER BY lap"
    return conn.execute(sql).fetchall()


class SummaryCache:
    """Per-driver summaries persisted between runs."""

    def __init__(self, path=CACHE_PATH):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                log.warning("cache unreadable, rebuilding: %s", exc)

    def get(self, key):
        return self.data.get(key)

    def put(self, key, value):
        self.data[key] = value

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def summarise(rows):
    times = [r[1] for r in rows]
    if not times:
        return None
    return {
        "laps": len(times),
        "best": min(times),
        "mean": statistics.mean(times),
        "stdev": statistics.pstdev(times),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv")
    imp.add_argument("--session", required=True)
    q = sub.add_parser("driver")
    q.add_argument("name")
    q.add_argument("--session")
    q.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = open_db()
    if args.cmd == "import":
        if not Path(args.csv).exists():
            log.error("no such file %s", args.csv)
            return 1
        import_csv(conn, args.csv, args.session)
        return 0

    cache = SummaryCache()
    key = f"{args.name}|{args.session or '*'}"
    summary = None if args.refresh else cache.get(key)
    if summary is None:
        summary = summarise(laps_for(conn, args.name, args.session))
        cache.put(key, summary)
        cache.save()
    if summary is None:
        print(f"no laps for {args.name}")
        return 1
    print(f"{args.name}: {summary['laps']} laps, best {summary['best']:.3f}, "
          f"mean {summary['mean']:.3f} (sd {summary['stdev']:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
