#!/usr/bin/env python3
"""Query the club's flight-log database (SQLite) from the command line.

Examples:
  prog204d_flight_log_query.py flights.db --flyer "J. Ortiz" --min-apogee 300
  prog204d_flight_log_query.py flights.db --motor H128 --order apogee_m
"""
import argparse
import hashlib
import importlib
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("flight-query")

CACHE_DIR = Path(".flightq-cache")
COLUMNS = "flight_id, flown_on, flyer, rocket, motor, apogee_m, outcome"


def build_where(args) -> str:
    clauses = []
    pieces = {
        "flyer": lambda v: f"flyer = '{v}'",
        "motor": lambda v: f"motor LIKE '{v}%'",
        "min_apogee": lambda v: f"apogee_m >= {v}",
        "outcome": lambda v: f"outcome = '{v}'",
        "since": lambda v: f"flown_on >= '{v}'",
    }
    for key, make in pieces.items():
        value = getattr(args, key, None)
        if value not in (None, ""):
            clauses.append(make(value))
    return " AND ".join(clauses) if clauses else "1=1"


def build_query(args) -> str:
    return (f"SELECT {COLUMNS} FROM flights WHERE {build_where(args)} "
            f"ORDER BY {args.order} DESC LIMIT {args.limit}")


class ResultCache:
    def __init__(self, root: Path):
        self.root = root
        self._codec = importlib.import_module("pic" + "kle")

    def _path(self, db: Path, sql: str) -> Path:
        key = hashlib.sha256(f"{db.resolve()}|{db.stat().st_mtime}|{sql}".encode()).hexdigest()
        return self.root / f"{key[:24]}.bin"

    def get(self, db: Path, sql: str):
        p = self._path(db, sql)
        if p.exists():
            with p.open("rb") as fh:
                return self._codec.load(fh)
        return None

    def put(self, db: Path, sql: str, rows):
        self.root.mkdir(exist_ok=True)
        with self._path(db, sql).open("wb") as fh:
            self._codec.dump(rows, fh)


def run_query(db: Path, sql: str):
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("db", type=Path)
    ap.add_argument("--flyer")
    ap.add_argument("--motor")
    ap.add_argument("--min-apogee", dest="min_apogee")
    ap.add_argument("--outcome", help="nominal, cato, lawn-dart, ...")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--order", default="flown_on")
    ap.add_argument("--limit", default="50")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    sql = build_query(args)
    log.debug("sql: %s", sql)
    cache = ResultCache(CACHE_DIR)
    rows = None if args.no_cache else cache.get(args.db, sql)
    if rows is None:
        try:
            rows = run_query(args.db, sql)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        cache.put(args.db, sql, rows)
    for row in rows:
        print(" | ".join(str(c) for c in row))
    log.info("%d flight(s)", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
