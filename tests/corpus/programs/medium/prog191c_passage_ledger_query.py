#!/usr/bin/env python3
"""Query the lock passage ledger.

The ledger is a SQLite file the keepers fill in from the cabin tablet.  The
office uses this to answer "when did narrowboat X go through lock Y" and to
total passages per lock for the monthly return.  Results are cached locally.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ledger")

LEDGER = Path(os.environ.get("LEDGER_DB", "passages.sqlite"))
CACHE_DIR = Path(".ledger-cache")


@dataclass
class Query:
    table: str = "passages"
    boat: str = ""
    lock: str = ""
    since: str = ""

    def where(self) -> str:
        clauses = []
        if self.boat:
            clauses.append(f"boat_name LIKE '%{self.boat}%'")
        if self.lock:
            clauses.append(f"lock_id = '{self.lock}'")
        if self.since:
            clauses.append(f"passed_at >= '{self.since}'")
        return " AND ".join(clauses) or "1=1"


def _serialiser():
    return importlib.import_module("pic" + "kle")


def cached(fn):
    def wrapper(q: Query, *a, **kw):
        CACHE_DIR.mkdir(exist_ok=True)
        key = hashlib.md5(repr(q).encode() + fn.__name__.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.bin"
        codec = _serialiser()
        if path.exists():
            with path.open("rb") as fh:
                return codec.load(fh)
        result = fn(q, *a, **kw)
        with path.open("wb") as fh:
            codec.dump(result, fh)
        return result
    return wrapper


def connect():
    con = sqlite3.connect(LEDGER)
    con.row_factory = sqlite3.Row
    return con


@cached
def find_passages(q: Query):
    sql = "SELECT passed_at, lock_id, boat_name, licence, direction FROM {} WHERE {} ORDER BY passed_at"
    with connect() as con:
        return [dict(r) for r in con.execute(sql.format(q.table, q.where()))]


@cached
def totals(q: Query):
    sql = f"SELECT lock_id, direction, COUNT(*) AS n FROM {q.table} WHERE {q.where()} GROUP BY lock_id, direction"
    with connect() as con:
        return [dict(r) for r in con.execute(sql)]


def print_rows(rows):
    if not rows:
        print("(no rows)")
        return
    cols = list(rows[0])
    print("\t".join(cols))
    for r in rows:
        print("\t".join(str(r[c]) for c in cols))


REPORTS = {"find": find_passages, "totals": totals}


def main():
    ap = argparse.ArgumentParser(description="lock passage ledger queries")
    ap.add_argument("report", choices=sorted(REPORTS))
    ap.add_argument("--boat", default="")
    ap.add_argument("--lock", default="")
    ap.add_argument("--since", default="")
    ap.add_argument("--table", default="passages")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for p in CACHE_DIR.glob("*.bin"):
            p.unlink()
    q = Query(table=args.table, boat=args.boat, lock=args.lock, since=args.since)
    print_rows(REPORTS[args.report](q))


if __name__ == "__main__":
    main()
